import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

type Props = { page: number; max: number; total: number; onPage: (page: number) => void };

/** "x–y of total", first/previous/next/last, and the page number, which can be typed to jump (0-based `page`). */
export function ListPagination({ page, max, total, onPage }: Props) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / max));
  const from = total ? page * max + 1 : 0;
  const to = Math.min(total, (page + 1) * max);
  const [draft, setDraft] = useState(String(page + 1));
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setDraft(String(page + 1));
  }
  const n = (v: number) => formatNumber(i18n.language, v);
  const jump = () => {
    const wanted = Math.min(pages, Math.max(1, Math.trunc(Number(draft)) || 1)) - 1;
    setDraft(String(wanted + 1));
    if (wanted !== page) onPage(wanted);
  };
  const last = page + 1 >= pages;
  return (
    <nav
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
      aria-label={t('records.pagination')}
    >
      <p aria-live="polite">{t('records.range', { from: n(from), to: n(to), total: n(total) })}</p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Button
          variant="secondary"
          size="sm"
          className="px-2"
          disabled={page === 0}
          onClick={() => onPage(0)}
          aria-label={t('records.firstPage')}
        >
          <ChevronsLeft className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="px-2"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
          aria-label={t('records.previousPage')}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        {/* On phones the box speaks for itself ("[3] of 31"); the label stays for screen readers. */}
        <label htmlFor="records-page" className="ml-1 max-sm:sr-only">
          {t('records.page')}
        </label>
        <input
          id="records-page"
          type="number"
          inputMode="numeric"
          min={1}
          max={pages}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && jump()}
          onBlur={jump}
          className="h-8 w-16 rounded-lg border border-slate-300 bg-white px-2 text-center text-sm text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
        />
        <span className="mr-1 whitespace-nowrap">{t('records.ofPages', { pages: n(pages) })}</span>
        <Button
          variant="secondary"
          size="sm"
          className="px-2"
          disabled={last}
          onClick={() => onPage(page + 1)}
          aria-label={t('records.nextPage')}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="px-2"
          disabled={last}
          onClick={() => onPage(pages - 1)}
          aria-label={t('records.lastPage')}
        >
          <ChevronsRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
