import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION, STORAGE_KEYS } from '@/lib/storage';
import { appScripts, signInDocument, signInShell, type SignInShellTexts } from './sign-in-shell';
import { refusalMessage, startSignInPage } from './sign-in-shell-behaviour';

const texts: SignInShellTexts = {
  name: 'Habla',
  home: 'Habla home',
  skipToContent: 'Skip to content',
  language: { label: 'Language', en: 'English', es: 'Español' },
  title: 'Log in <to> "Habla"',
  tagline: 'Tom & Jerry',
  fields: { login: 'E-mail or username', password: 'Password' },
  forgot: 'Forgot your password?',
  submit: 'Log in',
  noAccount: 'New to Habla?',
  signup: 'Sign up',
  footer: 'Habla · footer',
  toasts: { label: 'Notifications', close: 'Close' },
  required: '{{field}} is required.',
  alerts: {
    invalidUserOrPassword: 'Please, input a correct email/username or password.',
    networkError: 'No network </script>',
    unsatisfactory: 'Operation was unsatisfactory',
  },
};

describe('the static sign-in page', () => {
  const html = signInShell(texts, 'en', ['/assets/index-1.js']);

  it('carries the texts escaped, with the heading, the lead line, the labelled fields and the links', () => {
    expect(html).toContain(
      '<h1 class="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Log in &lt;to&gt; &quot;Habla&quot;</h1>',
    );
    expect(html).toContain('<p class="mt-2 text-sm text-pretty text-slate-600">Tom &amp; Jerry</p>');
    document.body.innerHTML = html;
    expect(document.querySelector('label[for="sign-in-login"]')?.textContent).toBe('E-mail or username');
    expect(document.querySelector<HTMLInputElement>('#sign-in-password')?.type).toBe('password');
    expect(document.querySelector('a[href="/forgotPassword"]')?.textContent).toBe('Forgot your password?');
    expect(document.querySelector('a[href="/signup"]')?.textContent).toBe('Sign up');
    expect(document.querySelector<HTMLSelectElement>('#sign-in-language')?.value).toBe('en');
    // The data block parses and cannot close its element early.
    expect(html).not.toContain('No network </script>');
    expect(JSON.parse(document.getElementById('sign-in-data')!.textContent!)).toMatchObject({
      required: { login: 'E-mail or username is required.', password: 'Password is required.' },
      alerts: { networkError: 'No network </script>' },
      prefetch: ['/assets/index-1.js'],
    });
  });

  it('becomes a whole document with its own script in place of the app’s', () => {
    const index =
      '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/assets/index-1.css"><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">\n</head><body><div id="root"></div></body></html>';
    expect(appScripts(index)).toEqual(['/assets/index-1.js', '/assets/react-1.js']);
    const doc = signInDocument(index, '<form></form>', 'es', '/assets/sign-in-1.js');
    expect(doc).toContain('<html lang="es">');
    expect(doc).toContain('<link rel="stylesheet" href="/assets/index-1.css">');
    expect(doc).toContain('<script type="module" src="/assets/sign-in-1.js"></script>');
    expect(doc).toContain('<div id="root"><form></form></div>');
    expect(doc).not.toMatch(/index-1\.js|react-1\.js/);
  });
});

describe('the static sign-in page’s script', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const go = vi.fn();
  const reload = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'habla_lang=; max-age=0; path=/';
    document.documentElement.lang = 'en';
    document.head.innerHTML = '';
    document.body.innerHTML = signInShell(texts, 'en', ['/assets/index-1.js', '/assets/en-1.js']);
    go.mockReset();
    reload.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  const start = (fetch: typeof window.fetch = vi.fn()) => startSignInPage(document, { fetch, go, reload });
  const input = (id: string) => document.getElementById(id) as HTMLInputElement;
  const submit = () =>
    document.getElementById('sign-in-form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));

  it('names each empty field under it, marks it invalid, focuses the first, and sends nothing', () => {
    const fetch = vi.fn();
    start(fetch);
    input('sign-in-login').value = '   ';
    submit();
    expect(document.getElementById('sign-in-login-error')!.textContent).toBe('E-mail or username is required.');
    expect(document.getElementById('sign-in-password-error')!.textContent).toBe('Password is required.');
    expect(input('sign-in-login').getAttribute('aria-invalid')).toBe('true');
    expect(input('sign-in-login').getAttribute('aria-describedby')).toBe('sign-in-login-error');
    expect(input('sign-in-login').className).toContain('border-red-600');
    expect(document.activeElement).toBe(input('sign-in-login'));
    expect(fetch).not.toHaveBeenCalled();
    // Corrected as the person types, once they have tried.
    input('sign-in-login').value = 'editor';
    input('sign-in-login').dispatchEvent(new Event('input', { bubbles: true }));
    expect(input('sign-in-login').hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('sign-in-login-error')!.className).toContain('sr-only');
  });

  it('signs in through the API with the CSRF header, stores the session where the app reads it and opens the dashboard', async () => {
    document.cookie = 'XSRF-TOKEN=xs%2Frf; path=/';
    const user = { id: 7, username: 'editor', role: 'EDITOR' };
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (url === '/api/auth/csrf-cookie') return new Response(null, { status: 204 });
      if (url === '/api/auth/login') {
        expect(init?.method).toBe('POST');
        expect((init?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xs/rf');
        expect(JSON.parse(String(init?.body))).toEqual({ login: 'editor', password: 'secret' });
        return json({ status: true, data: user, token: 'tok-1' });
      }
      throw new Error(`unexpected ${String(url)}`);
    });
    start(fetch as unknown as typeof window.fetch);
    input('sign-in-login').value = 'editor';
    input('sign-in-password').value = 'secret';
    submit();
    expect(document.querySelector('button[type="submit"]')!.getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/dashboards'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBeTruthy();
    document.cookie = 'XSRF-TOKEN=; max-age=0; path=/';
  });

  it('shows a refusal as the app does (a toast), clears and focuses the password, and stores nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = vi.fn(async (url: RequestInfo | URL) =>
      url === '/api/auth/login' ? json({ status: false, errors: ['Wrong'] }, 401) : new Response(null, { status: 204 }),
    );
    start(fetch as unknown as typeof window.fetch);
    input('sign-in-login').value = 'editor';
    input('sign-in-password').value = 'nope';
    submit();
    const alert = await vi.waitFor(() => {
      const found = document.querySelector('#sign-in-toasts [role="alert"]');
      if (!found) throw new Error('no toast yet');
      return found;
    });
    expect(alert.textContent).toBe('Please, input a correct email/username or password.');
    expect(alert.querySelector('button')?.getAttribute('aria-label')).toBe('Close');
    expect(input('sign-in-password').value).toBe('');
    expect(document.activeElement).toBe(input('sign-in-password'));
    expect(document.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(go).not.toHaveBeenCalled();
    // Seed §9: it closes after 2 s.
    vi.advanceTimersByTime(2100);
    expect(document.querySelector('#sign-in-toasts [role="alert"]')).toBeNull();
  });

  it('says the server cannot be reached when the request fails', async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      if (url === '/api/auth/login') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    });
    start(fetch as unknown as typeof window.fetch);
    input('sign-in-login').value = 'editor';
    input('sign-in-password').value = 'x';
    submit();
    await vi.waitFor(() =>
      expect(document.querySelector('#sign-in-toasts [role="alert"]')?.textContent).toBe('No network </script>'),
    );
  });

  it('decides the refusal’s text by the seed’s rules', () => {
    const { alerts } = texts;
    expect(refusalMessage(401, null, alerts)).toBe(alerts.invalidUserOrPassword);
    expect(refusalMessage(429, { status: false, errors: ['Too many tries.', 'Wait.'] }, alerts)).toBe(
      'Too many tries.\nWait.',
    );
    expect(refusalMessage(500, { error: 'Broken' }, alerts)).toBe('Broken');
    expect(refusalMessage(503, null, alerts)).toBe(alerts.unsatisfactory);
  });

  it('sends a person already signed in on to the dashboard, but drops a session of another build as the app does', () => {
    localStorage.setItem(STORAGE_KEYS.version, APP_VERSION);
    localStorage.setItem(STORAGE_KEYS.token, 'tok-2');
    start();
    expect(go).toHaveBeenCalledWith('/dashboards');
    go.mockReset();
    localStorage.setItem(STORAGE_KEYS.version, 'an-older-build');
    start();
    expect(go).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(APP_VERSION);
  });

  it('switches the language: remembered in the cookie the server reads and in storage, then the page reloads', () => {
    start();
    const select = document.getElementById('sign-in-language') as HTMLSelectElement;
    select.value = 'es';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(document.cookie).toContain('habla_lang=es');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('fetches the app’s scripts into the cache once the person starts typing, once', () => {
    start();
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    input('sign-in-login').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    input('sign-in-login').dispatchEvent(new Event('input', { bubbles: true }));
    input('sign-in-login').dispatchEvent(new Event('input', { bubbles: true }));
    expect(
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/index-1.js', '/assets/en-1.js']);
  });
});
