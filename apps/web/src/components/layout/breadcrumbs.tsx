import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isRouteHandle } from '@/lib/route-handle';
import { useTableStore } from '@/lib/table-store';

export type Crumb = { id: string; label: string; to: string };

/** Crumbs of the matched routes that declare `handle.crumb`, outermost first. */
export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const { t } = useTranslation();
  const itemName = useTableStore((s) => s.itemName);
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!isRouteHandle(match.handle) || !match.handle.crumb) continue;
    const label = match.handle.crumb({ t: (key, options) => t(key, options), params: match.params, itemName });
    if (label) crumbs.push({ id: match.id, label, to: match.pathname });
  }
  return crumbs;
}

export function Breadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumbs.label')} className="min-w-0">
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1 gap-y-0.5 text-sm">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.id} className="flex min-w-0 items-center gap-1">
              {index > 0 && <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.to}
                  className="truncate rounded text-slate-600 underline-offset-4 hover:text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
