import { sharedLocales } from '@habla/shared/messages';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { i18n, initI18n, mergeCatalogues } from '@/lib/i18n';

type Tree = Parameters<typeof mergeCatalogues>[0];

/** i18next with the real catalogues loaded synchronously (no lazy backend in tests). */
export async function setupTestI18n(lng: 'en' | 'es' = 'en') {
  await initI18n({
    lng,
    resources: {
      en: { translation: mergeCatalogues(sharedLocales.en as unknown as Tree, en as unknown as Tree) },
      es: { translation: mergeCatalogues(sharedLocales.es as unknown as Tree, es as unknown as Tree) },
    },
  });
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  return i18n;
}
