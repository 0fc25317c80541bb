import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import type { Language } from './enums';

/** Messages both sides show: validation, API errors, e-mails (shared locale catalogue). */
export const sharedLocales = { en, es } as const;
export type MessageParams = Record<string, string | number>;

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translate a shared key; unknown keys fall back to English, then to the key itself. */
export function translate(lang: Language, key: string, params: MessageParams = {}): string {
  const template = lookup(sharedLocales[lang], key) ?? lookup(sharedLocales.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The label of a field in the given language, or the raw name when none is declared. */
export function fieldLabel(lang: Language, field: string): string {
  return lookup(sharedLocales[lang], `fields.${field}`) ?? lookup(sharedLocales.en, `fields.${field}`) ?? field;
}

/** Pick en/es from an Accept-Language header (English by default). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'en';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('es') ? 'es' : 'en';
}
