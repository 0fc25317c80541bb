import { sharedLocales } from '@habla/shared/messages';
import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

export const LANGUAGES = ['en', 'es'] as const;
export type UiLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UiLanguage = 'en';

/** Seed §9: translation loading retries up to 5 times, starting at 350 ms and doubling. */
export const I18N_LOAD_RETRY = { maxRetries: 5, retryTimeout: 350 } as const;

export const i18n: I18n = i18next.createInstance();

export const isUiLanguage = (value: unknown): value is UiLanguage => LANGUAGES.includes(value as UiLanguage);

/** The cookie that tells the server the remembered language (it cannot read localStorage). */
export const LANGUAGE_COOKIE = 'habla_lang';

/** The remembered language, else English (seed: English by default). */
export function storedLanguage(): UiLanguage {
  const saved = readItem(STORAGE_KEYS.language);
  return isUiLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

type Tree = { [key: string]: string | Tree };

/** Deep merge: the web catalogue's keys win over the shared ones. */
export function mergeCatalogues(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? mergeCatalogues(current, value) : value;
  }
  return out;
}

/**
 * One language's texts: the web catalogue (loaded on demand, one chunk per language) merged over
 * the shared catalogue of `@habla/shared`, so zod messages such as `validation.required`
 * translate with `{{field}}`.
 */
export async function loadCatalogue(lng: UiLanguage): Promise<Tree> {
  const web = (await import(`../locales/${lng}.json`)) as { default: Tree };
  return mergeCatalogues(sharedLocales[lng] as Tree, web.default);
}

function applyLanguage(lng: string): void {
  if (!isUiLanguage(lng)) return;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lng;
    // The server sends the sign-in page's static frame in this language (apps/api/src/plugins/web.ts).
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  }
  writeItem(STORAGE_KEYS.language, lng);
}

/**
 * Initialise i18next. In the app the texts come through i18next-resources-to-backend; tests pass
 * `resources` directly.
 */
export async function initI18n(options: { lng?: UiLanguage; resources?: Resource } = {}): Promise<I18n> {
  const base: InitOptions = {
    lng: options.lng ?? storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    ...I18N_LOAD_RETRY,
  };
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyLanguage);
    i18n.use(initReactI18next);
    if (options.resources) {
      await i18n.init({ ...base, resources: options.resources });
    } else {
      i18n.use(resourcesToBackend((lng: string) => loadCatalogue(isUiLanguage(lng) ? lng : DEFAULT_LANGUAGE)));
      await i18n.init(base);
    }
  }
  applyLanguage(i18n.resolvedLanguage ?? i18n.language);
  return i18n;
}

/** Switch the UI language; remembered in localStorage and reflected in `<html lang>`. */
export async function changeLanguage(lng: UiLanguage): Promise<void> {
  await i18n.changeLanguage(lng);
}
