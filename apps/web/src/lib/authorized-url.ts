import { useEffect, useState } from 'react';
import { useAuthStore } from './auth-store';

/**
 * An object URL of the bytes at an API path that needs the Bearer token, which `<img src>` and
 * `<audio src>` cannot send: the bytes are fetched with it and shown from memory (no token in a URL,
 * nothing new on the server); the URL is revoked when the component goes away or the path changes.
 * Null while loading, when `path` is null, or when the API refuses.
 */
export function useAuthorizedUrl(path: string | null): string | null {
  return useAuthorizedObjectUrl(path).url;
}

/** `useAuthorizedUrl`, also telling a refusal or a lost connection apart from loading (`failed`). */
export function useAuthorizedObjectUrl(path: string | null): { url: string | null; failed: boolean } {
  const token = useAuthStore((s) => s.token);
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!path) return;
    const ac = new AbortController();
    let made: string | null = null;
    void globalThis
      .fetch(path, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'include',
        signal: ac.signal,
      })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (ac.signal.aborted) return;
        if (!blob) {
          setState({ url: null, failed: true });
          return;
        }
        made = URL.createObjectURL(blob);
        setState({ url: made, failed: false });
      })
      .catch(() => {
        if (!ac.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      ac.abort();
      if (made) URL.revokeObjectURL(made);
      setState({ url: null, failed: false });
    };
  }, [path, token]);
  return state;
}
