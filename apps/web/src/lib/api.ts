import { toast } from 'react-toastify/unstyled';
import { createApiClient } from './api-client';
import { useAuthStore } from './auth-store';
import { i18n } from './i18n';

let afterSignOut: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/');
};

/** The router registers how to go to `/` after an expired session signs the user out. */
export function setAfterUnauthorized(handler: () => void): void {
  afterSignOut = handler;
}

/** The app's API client: same origin, `/api/...` paths, toasts per seed §8. */
export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => useAuthStore.getState().token,
  getLanguage: () => i18n.resolvedLanguage ?? i18n.language ?? 'en',
  t: (key) => i18n.t(key),
  // One toast per distinct text: repeated failures do not stack up.
  notify: ({ kind, message }) => toast[kind](message, { toastId: `${kind}:${message}` }),
  onUnauthorized: () => {
    useAuthStore.getState().signOut();
    afterSignOut();
  },
});
