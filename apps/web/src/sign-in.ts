import { startSignInPage } from '@/app/sign-in-shell-behaviour';

/**
 * The script of the static sign-in page (`/`, `/login` on a first load; app/sign-in-shell.ts): the
 * only JavaScript that page loads. A successful sign-in opens the dashboard, where the app starts.
 */
startSignInPage(document, {
  fetch: (input, init) => window.fetch(input, init),
  go: (path) => window.location.replace(path),
  reload: () => window.location.reload(),
});
