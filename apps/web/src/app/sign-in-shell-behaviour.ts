import { CSRF_COOKIE_URL, LOGIN_URL } from '@/lib/api-client';
import { decideToast } from '@/lib/api-toasts';
import { landingPath } from '@/lib/landing';
import { reconcileStoredVersion, removeItems, STORAGE_KEYS, writeItem, writeJson } from '@/lib/storage';
import {
  BUTTON_SPINNER,
  FIELD_CLASSES,
  FIELD_ERROR_CLASSES,
  SIGN_IN_IDS,
  type SignInScriptData,
} from './sign-in-shell';

/** The cookie that tells the server the remembered language (as lib/i18n.ts writes it). */
const LANGUAGE_COOKIE = 'habla_lang';
/** Seed §9: toasts close after 2 s. */
const TOAST_MS = 2000;
const TOAST_ICON =
  '<div class="Toastify__toast-icon Toastify--animate-icon Toastify__zoom-enter"><svg viewBox="0 0 24 24" width="100%" height="100%" fill="var(--toastify-icon-color-error)" aria-hidden="true"><path d="M11.983 0a12.206 12.206 0 00-8.51 3.653A11.8 11.8 0 000 12.207 11.779 11.779 0 0011.8 24h.214A12.111 12.111 0 0024 11.791 11.766 11.766 0 0011.983 0zM10.5 16.542a1.476 1.476 0 011.449-1.53h.027a1.527 1.527 0 011.523 1.47 1.475 1.475 0 01-1.449 1.53h-.027a1.529 1.529 0 01-1.523-1.47zM11 12.5v-6a1 1 0 012 0v6a1 1 0 11-2 0z"></path></svg></div>';

const CLOSE_ICON =
  '<svg aria-hidden="true" viewBox="0 0 14 16"><path fill-rule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"></path></svg>';

export type SignInDeps = {
  fetch: typeof fetch;
  /** Leave for the app (a full load: the app's scripts start there). */
  go: (path: string) => void;
  reload: () => void;
};

type Envelope = {
  status?: unknown;
  errors?: unknown;
  error?: unknown;
  message?: unknown;
  data?: unknown;
  token?: unknown;
};

function readCookie(doc: Document, name: string): string | null {
  const match = doc.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** The message of a refused sign-in, decided as the app's API client decides its toasts (seed §8). */
export function refusalMessage(status: number, body: Envelope | null, alerts: SignInScriptData['alerts']): string {
  const texts: Record<string, string> = {
    'alerts.invalidUserOrPassword': alerts.invalidUserOrPassword,
    'alerts.unsatisfactory': alerts.unsatisfactory,
  };
  const decision = decideToast(
    { status, ok: status >= 200 && status < 300, body, isLogin: true },
    (key) => texts[key] ?? alerts.unsatisfactory,
  );
  return decision?.kind === 'error' ? decision.message : alerts.unsatisfactory;
}

/**
 * Brings the static sign-in page (sign-in-shell.ts) to life: a person already signed in goes on to
 * the dashboard; the language switch reloads the page in the other language; the form checks its
 * fields, signs in through the API, stores the session where the app reads it (seed §4) and opens
 * the dashboard, or shows the refusal as the app would (a toast) with the password cleared and
 * focused. Once the person starts typing, the app's scripts are fetched into the cache.
 */
export function startSignInPage(doc: Document, deps: SignInDeps): void {
  // The app does this first on every start: an upgraded build drops a stale session.
  reconcileStoredVersion();
  let token: string | null = null;
  let stored: { role?: string } | null = null;
  try {
    token = doc.defaultView?.localStorage.getItem(STORAGE_KEYS.token) ?? null;
    stored = JSON.parse(doc.defaultView?.localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { role?: string } | null;
  } catch {
    stored = null;
  }
  if (token) {
    deps.go(landingPath(stored));
    return;
  }
  const data = JSON.parse(doc.getElementById(SIGN_IN_IDS.data)?.textContent ?? '{}') as SignInScriptData;
  const form = doc.getElementById(SIGN_IN_IDS.form) as HTMLFormElement | null;
  const loginInput = doc.getElementById(SIGN_IN_IDS.login) as HTMLInputElement | null;
  const passwordInput = doc.getElementById(SIGN_IN_IDS.password) as HTMLInputElement | null;
  const language = doc.getElementById(SIGN_IN_IDS.language) as HTMLSelectElement | null;
  if (!form || !loginInput || !passwordInput) return;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const lang = doc.documentElement.lang || 'en';

  language?.addEventListener('change', () => {
    const next = language.value === 'es' ? 'es' : 'en';
    doc.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    writeItem(STORAGE_KEYS.language, next);
    deps.reload();
  });

  let prefetched = false;
  const prefetch = () => {
    if (prefetched) return;
    prefetched = true;
    for (const href of data.prefetch ?? []) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      link.setAttribute('as', 'script');
      doc.head.append(link);
    }
  };
  // Not on focus: the login field takes the focus by itself as the page loads.
  for (const type of ['input', 'keydown', 'pointerdown']) form.addEventListener(type, prefetch);

  const setError = (input: HTMLInputElement, message: string | null) => {
    const error = doc.getElementById(`${input.id}-error`)!;
    error.textContent = message ?? '';
    error.className = message ? FIELD_ERROR_CLASSES.shown : FIELD_ERROR_CLASSES.hidden;
    input.className = `${FIELD_CLASSES.base} ${message ? FIELD_CLASSES.invalid : FIELD_CLASSES.valid}`;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  const checks: [HTMLInputElement, () => string | null][] = [
    [loginInput, () => (loginInput.value.trim() === '' ? data.required.login : null)],
    [passwordInput, () => (passwordInput.value === '' ? data.required.password : null)],
  ];
  let tried = false;
  for (const [input, check] of checks) input.addEventListener('input', () => tried && setError(input, check()));

  const toasts = doc.getElementById(SIGN_IN_IDS.toasts);
  const toast = (message: string) => {
    if (!toasts) return;
    let container = toasts.firstElementChild as HTMLElement | null;
    if (!container) {
      container = doc.createElement('div');
      container.className = 'Toastify__toast-container Toastify__toast-container--top-center';
      toasts.append(container);
    }
    // react-toastify's markup and classes (its stylesheet is the app's), as the app's toasts look.
    const item = doc.createElement('div');
    item.setAttribute('role', 'alert');
    item.className =
      'Toastify__toast Toastify__toast-theme--light Toastify__toast--error Toastify__toast--close-on-click Toastify--animate Toastify__bounce-enter--top-center';
    item.innerHTML = TOAST_ICON;
    item.append(message);
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'Toastify__close-button Toastify__close-button--light';
    close.setAttribute('aria-label', data.close);
    close.innerHTML = CLOSE_ICON;
    const progress = doc.createElement('div');
    progress.className = 'Toastify__progress-bar--wrp';
    progress.innerHTML =
      '<div class="Toastify__progress-bar--bg Toastify__progress-bar-theme--light Toastify__progress-bar--error"></div>' +
      '<div aria-hidden="true" class="Toastify__progress-bar Toastify__progress-bar--animated Toastify__progress-bar-theme--light Toastify__progress-bar--error"></div>';
    (progress.lastElementChild as HTMLElement).style.animationDuration = `${TOAST_MS}ms`;
    item.append(close, progress);
    item.addEventListener('click', () => item.remove());
    container.prepend(item);
    setTimeout(() => item.remove(), TOAST_MS);
  };

  const busy = (on: boolean) => {
    button.disabled = on;
    if (on) {
      button.setAttribute('aria-busy', 'true');
      button.insertAdjacentHTML('afterbegin', BUTTON_SPINNER);
    } else {
      button.removeAttribute('aria-busy');
      button.querySelector('span')?.remove();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    tried = true;
    let first: HTMLInputElement | null = null;
    for (const [input, check] of checks) {
      const message = check();
      setError(input, message);
      if (message && !first) first = input;
    }
    if (first) {
      first.focus();
      return;
    }
    void submit();
  });

  async function submit(): Promise<void> {
    busy(true);
    const refuse = (message: string) => {
      toast(message);
      passwordInput!.value = '';
      busy(false);
      passwordInput!.focus();
    };
    try {
      await deps
        .fetch(CSRF_COOKIE_URL, { credentials: 'include', headers: { Accept: 'application/json' } })
        .catch(() => undefined);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': lang,
      };
      const xsrf = readCookie(doc, 'XSRF-TOKEN');
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
      let response: Response;
      try {
        response = await deps.fetch(LOGIN_URL, {
          method: 'POST',
          credentials: 'include',
          headers,
          body: JSON.stringify({ login: loginInput!.value, password: passwordInput!.value }),
        });
      } catch {
        refuse(data.alerts.networkError);
        return;
      }
      let body: Envelope | null = null;
      try {
        body = (await response.json()) as Envelope;
      } catch {
        body = null;
      }
      if (!response.ok || !body || body.status === false || typeof body.token !== 'string') {
        refuse(refusalMessage(response.status, body, data.alerts));
        return;
      }
      writeItem(STORAGE_KEYS.token, body.token);
      writeJson(STORAGE_KEYS.user, body.data);
      deps.go(landingPath(body.data as { role?: string } | null));
    } catch {
      removeItems(STORAGE_KEYS.token, STORAGE_KEYS.user);
      refuse(data.alerts.unsatisfactory);
    }
  }
}
