import type { StudentFigures, StudentsAnalytics } from '@habla/shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn, Download } from 'lucide-react';
import { toast } from 'react-toastify/unstyled';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '@/components/resource/list-pagination';
import { LoadFailed } from '@/components/resource/load-failed';
import { saveDownload } from '@/components/resource/resource-api';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { buildUrl } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useUrlFilters } from '@/lib/use-url-filters';

const MAX = 25;
const FILTERS = ['from', 'to', 'q'] as const;

/** A figure's cell: a number in the reader's language, or a dash when nothing counts. */
function useFigure() {
  const { i18n } = useTranslation();
  return (v: number | null, suffix = '') =>
    v === null ? '—' : `${formatNumber(i18n.language, v, { maximumFractionDigits: 2 })}${suffix}`;
}

/** A mean score as a short bar beside its figure: the figure is the text, the bar only its picture. */
function ScoreCell({ value }: { value: number | null }) {
  const figure = useFigure();
  if (value === null) return <span className="text-slate-500">—</span>;
  return (
    <span className="flex items-center justify-end gap-2">
      <span aria-hidden="true" className="hidden h-2 w-16 overflow-hidden rounded-full bg-slate-100 sm:block">
        <span
          className={`block h-full rounded-full ${value >= 80 ? 'bg-teal-600' : value >= 50 ? 'bg-amber-500' : 'bg-red-500'}`}
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </span>
      <span className="tabular-nums">{figure(value, ' %')}</span>
    </span>
  );
}

/**
 * `/analytics/students`: how each student in one's scope is doing over a period (by default the last
 * 30 days): games given and played, mean score, first-try rate, tries per activity, time played and
 * the errors counted in evaluations (decision 026). The period and a name are kept in the address.
 */
export function StudentsAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const figure = useFigure();
  const { applied, page, draft, setDraft, go, input } = useUrlFilters(FILTERS);
  const query = {
    page,
    max: MAX,
    ...Object.fromEntries(FILTERS.filter((f) => applied[f]).map((f) => [f, applied[f]])),
  };
  const figures = useQuery({
    queryKey: ['analytics', 'students', query],
    queryFn: ({ signal }) =>
      api.get<{ data: StudentsAnalytics }>('/api/analytics/students', { query, signal, silentSuccess: true }),
    placeholderData: keepPreviousData,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 0);
  };
  const field = (f: (typeof FILTERS)[number]) => ({ label: t(`analytics.filter.${f}`), ...input(f) });
  const data = figures.data?.data;
  const [exporting, setExporting] = useState(false);
  // The figures of every student of the period and name as CSV, headed in the reader's language.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, max: _max, ...filters } = query;
      const token = useAuthStore.getState().token;
      const res = await fetch(buildUrl('/api/analytics/students/export', filters), {
        headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) throw new Error(String(res.status));
      await saveDownload(res, 'students.csv');
    } catch {
      toast.error(t('records.exportFailed'), { toastId: 'analytics-export' });
    } finally {
      setExporting(false);
    }
  };
  const day = (iso: string) =>
    formatDateTime(i18n.language, `${iso}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  const columns: { key: string; label: string; cell: (s: StudentFigures) => React.ReactNode }[] = [
    { key: 'assigned', label: t('analytics.students.assigned'), cell: (s) => figure(s.assigned) },
    { key: 'sessions', label: t('analytics.students.sessions'), cell: (s) => figure(s.sessions) },
    { key: 'passed', label: t('analytics.students.passed'), cell: (s) => figure(s.passed) },
    { key: 'mean', label: t('analytics.students.meanScore'), cell: (s) => <ScoreCell value={s.mean_score} /> },
    { key: 'first', label: t('analytics.students.firstTry'), cell: (s) => figure(s.first_try_rate, ' %') },
    { key: 'tries', label: t('analytics.students.triesPerActivity'), cell: (s) => figure(s.tries_per_activity) },
    { key: 'minutes', label: t('analytics.students.minutes'), cell: (s) => figure(s.minutes) },
    { key: 'days', label: t('analytics.students.daysActive'), cell: (s) => figure(s.days_active) },
    { key: 'errors', label: t('analytics.students.errors'), cell: (s) => errorsText(s) },
  ];
  const errorsText = (s: StudentFigures) =>
    s.evaluated === 0
      ? '—'
      : t('analytics.students.errorCounts', {
          words: s.words_out_of_place,
          parts: s.parts_of_speech,
          syntax: s.syntax_error,
          count: s.evaluated,
        });
  const th = 'px-3 py-2.5 text-right font-semibold whitespace-nowrap';
  const td = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap text-slate-800';
  return (
    <>
      <PageHeader title={t('analytics.students.title')} description={t('analytics.students.lead')} />
      <form
        role="search"
        aria-label={t('analytics.filter.label')}
        onSubmit={onSubmit}
        className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...field('from')} type="date" max={draft.to || undefined} />
          <TextField {...field('to')} type="date" min={draft.from || undefined} />
          <TextField {...field('q')} maxLength={100} autoComplete="off" />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" size="sm">
            {t('analytics.filter.apply')}
          </Button>
          {FILTERS.some((f) => applied[f]) && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => {
                const empty = { from: '', to: '', q: '' };
                setDraft(empty);
                go(empty, 0);
              }}
            >
              {t('analytics.filter.clear')}
            </Button>
          )}
        </div>
      </form>
      {figures.isError && <LoadFailed onRetry={() => void figures.refetch()} back="/analytics" />}
      {data && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('analytics.period', { from: day(data.from), to: day(data.to), count: data.total })}
          </p>
          {data.total > 0 && (
            <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportCsv()}>
              {!exporting && <Download className="size-4" aria-hidden="true" />}
              {t('records.export')}
            </Button>
          )}
        </div>
      )}
      {data && data.students.length === 0 ? (
        <EmptyState icon={ChartNoAxesColumn} title={t('analytics.students.none')}>
          {t('analytics.students.noneHelp')}
        </EmptyState>
      ) : (
        <>
          {/* On a phone each student is a card of the same figures; the table is for wider screens. */}
          <ul className="flex flex-col gap-3 sm:hidden">
            {(data?.students ?? []).map((s) => (
              <li key={s.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <Link
                  to={`/students/${s.id}`}
                  className="font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                >
                  {s.full_name ?? s.id}
                </Link>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
                  {columns.map((c) => (
                    <div key={c.key} className="contents">
                      <dt className="text-slate-600">{c.label}</dt>
                      <dd className="text-right text-slate-900 tabular-nums">{c.cell(s)}</dd>
                    </div>
                  ))}
                  <dt className="text-slate-600">{t('analytics.students.lastDay')}</dt>
                  <dd className="text-right text-slate-900">{s.last_day ? day(s.last_day) : t('analytics.never')}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 sm:block">
            <table className="w-full text-sm">
              <caption className="sr-only">
                {data ? t('analytics.students.caption', { from: day(data.from), to: day(data.to) }) : ''}
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2.5 text-left font-semibold">
                    {t('analytics.students.student')}
                  </th>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" className={th}>
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className={th}>
                    {t('analytics.students.lastDay')}
                  </th>
                </tr>
              </thead>
              <tbody className={figures.isFetching && figures.isPlaceholderData ? 'opacity-60' : undefined}>
                {(data?.students ?? []).map((s) => (
                  <tr key={s.id} className="border-t border-slate-100">
                    <th
                      scope="row"
                      className="sticky left-0 bg-white px-3 py-2.5 text-left font-medium whitespace-nowrap"
                    >
                      <Link
                        to={`/students/${s.id}`}
                        className="text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                      >
                        {s.full_name ?? s.id}
                      </Link>
                    </th>
                    {columns.map((c) => (
                      <td key={c.key} className={td}>
                        {c.cell(s)}
                      </td>
                    ))}
                    <td className={td}>{s.last_day ? day(s.last_day) : t('analytics.never')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {(data?.total ?? 0) > MAX && (
        <div className="mt-4">
          <ListPagination page={page} max={MAX} total={data!.total} onPage={(p) => go(applied, p)} />
        </div>
      )}
    </>
  );
}
