import { toast } from 'react-toastify/unstyled';
import { ApiError } from '@/lib/api-client';
import { decideToast } from '@/lib/api-toasts';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { RECORDINGS_API, type RecordingRow } from './recordings-api';

export type UploadProgress = { loaded: number; total: number };

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * `POST /api/recordings` (multipart) through XMLHttpRequest, the one browser API that reports how
 * much of a request body has gone out (fetch cannot, for an hour of audio that matters). Sends what
 * the app's API client sends (Bearer token, language, XSRF header) and answers like it: the row (and
 * the server's success toast, seed §8), or an `ApiError` with the server's message and per-field
 * messages, which the form shows where they belong.
 */
export function uploadRecording(
  form: FormData,
  options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<RecordingRow> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', RECORDINGS_API);
    xhr.withCredentials = true;
    const token = useAuthStore.getState().token;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.resolvedLanguage ?? i18n.language ?? 'en');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.upload.onprogress = (e) => options.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onerror = () => reject(new ApiError(i18n.t('alerts.networkError'), 0, null));
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', abort);
      let body: unknown = null;
      let failure: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch (error) {
        failure = error;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const envelope = body as { status?: boolean; data?: RecordingRow; errors?: unknown[]; fields?: unknown } | null;
      if (ok && failure === undefined && envelope?.data) {
        const decision = decideToast({ status: xhr.status, ok, body, isLogin: false }, (k) => i18n.t(k));
        if (decision) toast[decision.kind](decision.message, { toastId: `${decision.kind}:${decision.message}` });
        resolve(envelope.data);
        return;
      }
      const error = new ApiError(
        (Array.isArray(envelope?.errors) ? envelope.errors.map(String).join('\n') : '') ||
          i18n.t('alerts.unsatisfactory'),
        xhr.status,
        body,
      );
      // A 401 signs out as the API client does; the layout then sends the visitor to sign in.
      if (xhr.status === 401 && token) useAuthStore.getState().signOut();
      reject(error);
    };
    xhr.send(form);
  });
}
