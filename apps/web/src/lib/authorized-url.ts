import { useEffect, useState } from 'react';
import { useAuthStore } from './auth-store';

/**
 * An object URL of the bytes at an API path that needs the Bearer token, which `<img src>` and
 * `<audio src>` cannot send: the bytes are fetched with it and shown from memory (no token in a URL,
 * nothing new on the server); the URL is revoked when the component goes away or the path changes.
 * Null while loading, when `path` is null, or when the API refuses.
 */
export function useAuthorizedUrl(path: string | null): string | null {
  const token = useAuthStore((s) => s.token);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const ac = new AbortController();
    let made: string | null = null;
    void globalThis
      .fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include', signal: ac.signal })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || ac.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      ac.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [path, token]);
  return url;
}
