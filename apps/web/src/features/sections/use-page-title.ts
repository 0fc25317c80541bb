import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { isRouteHandle } from '@/lib/route-handle';

/** Translation key of the deepest matched route that names a page title. */
export function usePageTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const h = matches[i]?.handle;
    if (isRouteHandle(h) && h.title) return h.title;
  }
  return undefined;
}

export function usePageTitle(fallbackKey: string): string {
  const { t } = useTranslation();
  return t(usePageTitleKey() ?? fallbackKey);
}
