import { sharedLocales } from '@habla/shared/messages';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { signInShell, signInTexts } from '@/app/sign-in-shell';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setupTestI18n } from '@/test/i18n';

type Catalogue = Parameters<typeof signInTexts>[0];

/** The parts both pages must draw alike, found the same way in each. */
const PARTS: Record<string, (root: ParentNode) => Element | null> = {
  layout: (r) => r.querySelector('.min-h-dvh'),
  skipLink: (r) => r.querySelector('a[href="#main-content"]'),
  header: (r) => r.querySelector('header'),
  homeLink: (r) => r.querySelector('header a'),
  brand: (r) => r.querySelector('header a > span > span'),
  languageLabel: (r) => r.querySelector('header label'),
  language: (r) => r.querySelector('header select'),
  main: (r) => r.querySelector('main'),
  card: (r) => r.querySelector('h1')?.closest('.rounded-xl') ?? null,
  heading: (r) => r.querySelector('h1'),
  lead: (r) => r.querySelector('h1 + p'),
  form: (r) => r.querySelector('form'),
  loginLabel: (r) => r.querySelector('form label'),
  login: (r) => r.querySelector('input[autocomplete="username"]'),
  password: (r) => r.querySelector('input[type="password"]'),
  forgot: (r) => r.querySelector('a[href="/forgotPassword"]'),
  submit: (r) => r.querySelector('button[type="submit"]'),
  signup: (r) => r.querySelector('a[href="/signup"]'),
  footer: (r) => r.querySelector('footer'),
};

const classes = (el: Element | null) => (el?.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).sort();
const words = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function reactPage(lng: 'en' | 'es'): Promise<HTMLElement> {
  await setupTestI18n(lng);
  useAuthStore.setState({ token: null, user: null });
  const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
  const { container } = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  await screen.findByRole('button', { name: lng === 'en' ? 'Log in' : 'Iniciar sesión' });
  return container;
}

function staticPage(lng: 'en' | 'es'): HTMLElement {
  const web = (lng === 'en' ? en : es) as unknown as Catalogue;
  const holder = document.createElement('div');
  holder.innerHTML = signInShell(signInTexts(web, sharedLocales[lng] as unknown as Catalogue), lng);
  return holder;
}

describe('the static sign-in page and the app’s sign-in page', () => {
  beforeAll(async () => {
    await setupTestI18n('en');
  });

  for (const lng of ['en', 'es'] as const) {
    it(`draw the same parts with the same classes and texts (${lng})`, async () => {
      const live = await reactPage(lng);
      const still = staticPage(lng);
      for (const [name, find] of Object.entries(PARTS)) {
        const a = find(live);
        const b = find(still);
        expect(a, `${name} in the app's page`).not.toBeNull();
        expect(b, `${name} in the static page`).not.toBeNull();
        expect(classes(b), name).toEqual(classes(a));
        if (!['layout', 'main', 'card', 'form', 'header'].includes(name)) expect(words(b), name).toBe(words(a));
      }
      for (const attr of ['autocomplete', 'maxlength', 'type', 'autocapitalize', 'spellcheck']) {
        expect(PARTS.login!(still)!.getAttribute(attr), attr).toBe(PARTS.login!(live)!.getAttribute(attr));
        expect(PARTS.password!(still)!.getAttribute(attr), attr).toBe(PARTS.password!(live)!.getAttribute(attr));
      }
      expect(PARTS.homeLink!(still)!.getAttribute('aria-label')).toBe(
        PARTS.homeLink!(live)!.getAttribute('aria-label'),
      );
      expect(PARTS.form!(still)!.getAttribute('aria-label')).toBe(PARTS.form!(live)!.getAttribute('aria-label'));
      expect((PARTS.language!(still) as HTMLSelectElement).value).toBe(lng);
      await i18n.changeLanguage('en');
    });
  }
});
