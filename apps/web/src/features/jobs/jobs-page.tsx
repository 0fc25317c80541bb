import { JOB_FILTERS, type JobFilter, type JobRow } from '@habla/shared/schemas/jobs';
import { Tab, TabGroup, TabList } from '@headlessui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Inbox, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { ListPagination } from '@/components/resource/list-pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { dateTimeFormat, formatNumber } from '@/lib/format';

type JobsAnswer = { status: true; data: JobRow[]; meta: { page: number; max: number; total: number } };

export const JOBS_PAGE_SIZE = 25;
/** The list follows the queue while it is open: jobs start, fail and finish on their own. */
export const JOBS_REFRESH_MS = 5000;
const DEFAULT_FILTER: JobFilter = 'failed';

const isFilter = (v: string | null): v is JobFilter => (JOB_FILTERS as readonly string[]).includes(v ?? '');

/** `/administration/jobs`: the background job queue by state, with the reason of failed jobs and a retry. */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: JobFilter = isFilter(stateParam) ? stateParam : DEFAULT_FILTER;
  const page = Math.max(0, Math.trunc(Number(params.get('page') ?? 0)) || 0);
  const [confirming, setConfirming] = useState<JobRow | null>(null);

  const query = useQuery({
    queryKey: ['administration', 'jobs', state, page],
    queryFn: ({ signal }) => api.get<JobsAnswer>('/api/jobs', { signal, query: { state, page, max: JOBS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: JOBS_REFRESH_MS,
  });
  const retry = useMutation({
    mutationFn: (job: JobRow) => api.post<{ status: true; data: JobRow }>(`/api/jobs/${job.id}/retry`),
    onSettled: () => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: ['administration', 'jobs'] });
    },
  });

  const go = (next: JobFilter, nextPage = 0) => {
    const search = new URLSearchParams();
    if (next !== DEFAULT_FILTER) search.set('state', next);
    if (nextPage > 0) search.set('page', String(nextPage));
    setParams(search);
  };

  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const max = query.data?.meta.max || JOBS_PAGE_SIZE;
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const when = (iso: string | null) => {
    if (!iso) return '—';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : <time dateTime={iso}>{dateTime.format(d)}</time>;
  };
  const n = (v: number) => formatNumber(i18n.language, v);
  const th = 'px-3 py-2.5 whitespace-nowrap';
  const td = 'px-3 py-2.5 align-top text-slate-800';
  const panelId = 'jobs-panel';

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        description={t('jobs.subtitle')}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('jobs.refresh')}
          </Button>
        }
      />
      <TabGroup selectedIndex={JOB_FILTERS.indexOf(state)} onChange={(i) => go(JOB_FILTERS[i] ?? DEFAULT_FILTER)}>
        <TabList
          aria-label={t('jobs.states')}
          className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4"
        >
          {JOB_FILTERS.map((f) => (
            <Tab
              key={f}
              aria-controls={panelId}
              className="min-h-10 rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-teal-600 data-selected:bg-white data-selected:text-teal-800 data-selected:shadow-sm"
            >
              {t(`jobs.state.${f}`)}
            </Tab>
          ))}
        </TabList>
      </TabGroup>

      <div id={panelId} role="tabpanel" aria-label={t(`jobs.state.${state}`)}>
        {query.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-sm text-slate-700">{t('jobs.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('jobs.tryAgain')}
            </Button>
          </div>
        ) : !query.isPending && rows.length === 0 ? (
          <EmptyState icon={Inbox} title={t(`jobs.empty.${state}`)} />
        ) : (
          <>
            {/* Focusable so keyboard users can scroll a wide table sideways (phones). */}
            <div
              className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600"
              tabIndex={0}
              role="region"
              aria-label={t('jobs.caption')}
            >
              <table className="min-w-full text-left text-sm" aria-busy={query.isFetching}>
                <caption className="sr-only">{t('jobs.caption')}</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className={th}>
                      {t('jobs.column.job')}
                    </th>
                    <th scope="col" className={th}>
                      {t('jobs.column.reason')}
                    </th>
                    <th scope="col" className={th}>
                      {t('jobs.column.attempts')}
                    </th>
                    <th scope="col" className={th}>
                      {t('jobs.column.state')}
                    </th>
                    <th scope="col" className={th}>
                      {t('jobs.column.times')}
                    </th>
                    <th scope="col" className={th}>
                      <span className="sr-only">{t('jobs.column.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((job) => (
                    <tr key={job.id} className="hover:bg-slate-50">
                      <td className={clsx(td, 'min-w-44')}>
                        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{job.name}</code>
                        {job.summary && <div className="mt-1 text-xs break-all text-slate-600">{job.summary}</div>}
                      </td>
                      <td className={clsx(td, 'max-w-md min-w-56 break-words')}>{job.reason ?? '—'}</td>
                      <td className={clsx(td, 'whitespace-nowrap')}>
                        {t('jobs.attemptsOf', { attempts: n(job.attempts), max: n(job.max_attempts) })}
                      </td>
                      <td className={clsx(td, 'whitespace-nowrap')}>{t(`jobs.state.${job.state}`)}</td>
                      <td className={clsx(td, 'text-xs whitespace-nowrap text-slate-600')}>
                        <dl className="grid grid-cols-[auto_auto] gap-x-2 gap-y-0.5">
                          <dt className="font-medium">{t('jobs.column.created')}</dt>
                          <dd>{when(job.created_at)}</dd>
                          <dt className="font-medium">{t('jobs.column.started')}</dt>
                          <dd>{when(job.started_at)}</dd>
                          <dt className="font-medium">{t('jobs.column.finished')}</dt>
                          <dd>{when(job.completed_at)}</dd>
                        </dl>
                      </td>
                      <td className={clsx(td, 'text-right whitespace-nowrap')}>
                        {job.state === 'failed' && (
                          <Button
                            variant="secondary"
                            size="sm"
                            onClick={() => setConfirming(job)}
                            aria-label={t('jobs.retryJob', { name: job.name, summary: job.summary })}
                          >
                            <RotateCcw className="size-4" aria-hidden="true" />
                            {t('jobs.retry')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ListPagination page={page} max={max} total={total} onPage={(p) => go(state, p)} />
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={t('jobs.confirmTitle')}
        confirmLabel={t('jobs.retry')}
        busy={retry.isPending}
        onConfirm={() => confirming && retry.mutate(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          t('jobs.confirmText', {
            name: confirming.name,
            summary: confirming.summary,
            attempts: n(confirming.attempts),
          })}
      </ConfirmDialog>
    </>
  );
}
