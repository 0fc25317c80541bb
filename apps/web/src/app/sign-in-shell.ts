/**
 * The sign-in page as a static document (`/` and `/login` on a first load): the real form, drawn by
 * the HTML and the CSS alone and brought to life by a 3 KB script (`src/sign-in.ts`,
 * `sign-in-shell-behaviour.ts`) instead of the whole app, so a phone paints and can use it before
 * any of the app's JavaScript has arrived (docs/decisions/008-performance.md). Written at build time
 * by vite.config.ts, one document per language; the server sends the one of the language the app
 * remembers (apps/api/src/plugins/web.ts). Once in the app (signing out, an expired session), the
 * React page (`features/auth/login-page.tsx`) draws the same form: the classes here are those of
 * PublicLayout, AuthCard, Logo, TextField, Button and LanguageSwitch, and a test holds them equal.
 */
export type SignInShellTexts = {
  name: string;
  home: string;
  skipToContent: string;
  language: { label: string; en: string; es: string };
  title: string;
  tagline: string;
  fields: { login: string; password: string };
  forgot: string;
  submit: string;
  noAccount: string;
  signup: string;
  footer: string;
  toasts: { label: string; close: string };
  /** "{{field}} is required." of the shared catalogue. */
  required: string;
  alerts: { invalidUserOrPassword: string; networkError: string; unsatisfactory: string };
};

export type Catalogue = { [key: string]: string | Catalogue };
export const text = (tree: Catalogue, key: string): string => {
  const value = key
    .split('.')
    .reduce<string | Catalogue | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`static page: no text at ${key}`);
  return value;
};

/** The page's texts from the web catalogue of one language and the shared one (for `validation.required`). */
export function signInTexts(web: Catalogue, shared: Catalogue): SignInShellTexts {
  const t = (key: string) => text(web, key);
  return {
    name: t('app.name'),
    home: t('nav.home'),
    skipToContent: t('app.skipToContent'),
    language: { label: t('language.label'), en: t('language.en'), es: t('language.es') },
    title: t('auth.login.title'),
    tagline: t('app.tagline'),
    fields: { login: t('auth.fields.login'), password: t('auth.fields.password') },
    forgot: t('auth.login.forgot'),
    submit: t('auth.login.submit'),
    noAccount: t('auth.login.noAccount'),
    signup: t('auth.login.signup'),
    footer: t('app.footer'),
    toasts: { label: t('toasts.label'), close: t('toasts.close') },
    required: text(shared, 'validation.required'),
    alerts: {
      invalidUserOrPassword: t('alerts.invalidUserOrPassword'),
      networkError: t('alerts.networkError'),
      unsatisfactory: t('alerts.unsatisfactory'),
    },
  };
}

/** What the page's script reads from the document (a JSON block, which the CSP lets through unexecuted). */
export type SignInScriptData = {
  required: { login: string; password: string };
  alerts: SignInShellTexts['alerts'];
  /** The name of a toast's close button. */
  close: string;
  /** The app's scripts, fetched into the cache once the person starts typing. */
  prefetch: string[];
};

export const SIGN_IN_IDS = {
  form: 'sign-in-form',
  login: 'sign-in-login',
  password: 'sign-in-password',
  language: 'sign-in-language',
  toasts: 'sign-in-toasts',
  data: 'sign-in-data',
} as const;

export const escape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The look of a text field (components/ui/text-field.tsx `fieldControlClasses`), valid and invalid. */
export const FIELD_CLASSES = {
  base: 'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm placeholder:text-slate-400 transition-colors focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  valid: 'border-slate-300 hover:border-slate-400',
  invalid: 'border-red-600 focus-visible:outline-red-600',
} as const;

export const FIELD_ERROR_CLASSES = { shown: 'text-sm text-red-700', hidden: 'text-sm text-red-700 sr-only' } as const;

const LINK =
  'rounded font-semibold text-teal-800 underline-offset-4 hover:underline focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';
const BUTTON =
  'inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900 disabled:bg-teal-700/60 h-11 gap-2 px-5 text-base w-full';

/** The spinner a busy button shows (components/ui/spinner.tsx, small, decorative). */
export const BUTTON_SPINNER =
  '<span class="inline-flex items-center text-current"><svg class="animate-spin size-4" viewBox="0 0 24 24" fill="none" aria-hidden="true">' +
  '<circle cx="12" cy="12" r="10" stroke="currentColor" stroke-opacity="0.2" stroke-width="3"></circle>' +
  '<path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" stroke-width="3" stroke-linecap="round"></path></svg></span>';

export const mark = (size: string): string =>
  `<svg viewBox="0 0 64 64" class="${size}" aria-hidden="true"><rect width="64" height="64" rx="14" class="fill-teal-700"></rect>` +
  '<path d="M16 18h32a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h-5a6 6 0 0 1-6-6V24a6 6 0 0 1 6-6z" fill="#fff"></path>' +
  '<path d="M24 25v13M40 25v13M24 31.5h16" class="stroke-teal-700" stroke-width="4.5" stroke-linecap="round"></path></svg>';

// lucide's "languages" icon, as LanguageSwitch draws it.
export const languagesIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-languages pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true">' +
  '<path d="m5 8 6 6"></path><path d="m4 14 6-6 2-3"></path><path d="M2 5h12"></path><path d="M7 2h1"></path><path d="m22 22-5-10-5 10"></path><path d="M14 18h6"></path></svg>';

function field(id: string, label: string, attrs: string): string {
  return (
    '<div class="flex flex-col gap-1.5"><div class="flex items-baseline justify-between gap-2">' +
    `<label for="${id}" class="text-sm font-medium text-slate-800">${escape(label)}</label></div>` +
    `<input id="${id}" ${attrs} class="${FIELD_CLASSES.base} ${FIELD_CLASSES.valid}">` +
    `<p id="${id}-error" aria-live="polite" class="${FIELD_ERROR_CLASSES.hidden}"></p></div>`
  );
}

/** JSON inside `<script type="application/json">`: nothing in it may close the element. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page inside `<div id="root">`, with the data its script reads. */
export function signInShell(t: SignInShellTexts, lang: 'en' | 'es', prefetch: string[] = []): string {
  const data: SignInScriptData = {
    required: {
      login: t.required.replace('{{field}}', t.fields.login),
      password: t.required.replace('{{field}}', t.fields.password),
    },
    alerts: t.alerts,
    close: t.toasts.close,
    prefetch,
  };
  const option = (value: 'en' | 'es') =>
    `<option value="${value}" lang="${value}"${value === lang ? ' selected' : ''}>${escape(t.language[value])}</option>`;
  return (
    '<div class="flex min-h-dvh flex-col bg-gradient-to-b from-teal-50 via-slate-50 to-slate-100">' +
    '<a href="#main-content" class="sr-only z-[100] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-teal-800 shadow-lg ring-2 ring-teal-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">' +
    `${escape(t.skipToContent)}</a>` +
    '<header class="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">' +
    `<a href="/" aria-label="${escape(t.home)}" class="rounded-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600">` +
    `<span class="inline-flex items-center gap-2.5">${mark('size-8')}<span class="font-bold tracking-tight text-slate-900 text-xl">${escape(t.name)}</span></span></a>` +
    `<div class="relative"><label for="${SIGN_IN_IDS.language}" class="sr-only">${escape(t.language.label)}</label>${languagesIcon}` +
    `<select id="${SIGN_IN_IDS.language}" class="h-9 appearance-none rounded-lg border border-slate-300 bg-white py-1 pr-3 pl-8 text-sm font-medium text-slate-700 hover:border-slate-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600">` +
    `${option('en')}${option('es')}</select></div></header>` +
    '<main id="main-content" tabindex="-1" class="flex flex-1 items-start justify-center px-4 pt-4 pb-12 focus:outline-none sm:items-center sm:pt-0">' +
    '<div class="w-full max-w-md"><div class="rounded-xl border border-slate-200 bg-white shadow-sm px-6 py-8 shadow-md sm:px-10 sm:py-10">' +
    `<div class="mb-8 flex flex-col items-center text-center"><span class="inline-flex items-center gap-2.5">${mark('size-11')}</span>` +
    `<h1 class="mt-6 text-2xl font-semibold tracking-tight text-slate-900">${escape(t.title)}</h1>` +
    `<p class="mt-2 text-sm text-pretty text-slate-600">${escape(t.tagline)}</p></div>` +
    `<form id="${SIGN_IN_IDS.form}" novalidate class="flex flex-col gap-5" aria-label="${escape(t.title)}">` +
    field(
      SIGN_IN_IDS.login,
      t.fields.login,
      'name="login" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="254" autofocus',
    ) +
    '<div class="flex flex-col gap-2">' +
    field(
      SIGN_IN_IDS.password,
      t.fields.password,
      'name="password" type="password" autocomplete="current-password" maxlength="1024"',
    ) +
    `<a href="/forgotPassword" class="${LINK} self-end text-sm">${escape(t.forgot)}</a></div>` +
    `<button type="submit" class="${BUTTON}">${escape(t.submit)}</button></form></div>` +
    `<div class="mt-6 text-center text-sm text-slate-700">${escape(t.noAccount)} <a href="/signup" class="${LINK}">${escape(t.signup)}</a></div></div></main>` +
    `<footer class="px-4 pb-6 text-center text-xs text-slate-600">${escape(t.footer)}</footer>` +
    `<section id="${SIGN_IN_IDS.toasts}" aria-label="${escape(t.toasts.label)}" aria-live="polite" aria-atomic="false" aria-relevant="additions text" class="Toastify"></section>` +
    `</div><script type="application/json" id="${SIGN_IN_IDS.data}">${scriptJson(data)}</script>`
  );
}

/**
 * The whole document: the built index.html (its head, the CSS) without the app's scripts, the page
 * inside `#root`, and the page's own script instead.
 */
export function signInDocument(indexHtml: string, page: string, lang: 'en' | 'es', script: string): string {
  return indexHtml
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</head>', `<script type="module" src="${script}"></script>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page}</div>`)
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`);
}

/** The app's scripts named by the built index.html (entry and preloads), for the page to prefetch. */
export function appScripts(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*?(?:src|href)="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
}
