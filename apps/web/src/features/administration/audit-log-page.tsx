import type { AuditRow } from '@habla/shared/schemas/audit-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, ScrollText, SearchX } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { dateTimeFormat, formatNumber } from '@/lib/format';
import { useUrlFilters } from '@/lib/use-url-filters';

export type { AuditRow };
type AuditAnswer = { status: true; data: AuditRow[]; meta: { page: number; max: number; total: number } };

export const AUDIT_PAGE_SIZE = 25;
const FILTERS = ['entity', 'action', 'actor', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

const SKELETON_ROWS = 6;
const COLUMNS = 8;

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '∅';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(', ') : '[]';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isFromTo = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;

/**
 * One line per changed field: `field: from → to` for `{ field: { from, to } }`, `field: value`
 * otherwise; anything that is not an object is shown as compact JSON.
 */
export function describeChanges(changes: unknown): string[] {
  if (changes === null || changes === undefined) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [formatValue(changes)];
  return Object.entries(changes as Record<string, unknown>).map(([field, value]) =>
    isFromTo(value)
      ? `${field}: ${formatValue(value.from)} → ${formatValue(value.to)}`
      : `${field}: ${formatValue(value)}`,
  );
}

/** `/administration/auditLog`: the read-only audit trail, newest first, filtered and paged on the server. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const { applied, page, draft, setDraft, go, input } = useUrlFilters(FILTERS);

  const query = useQuery({
    queryKey: ['administration', 'audit-log', page, applied],
    queryFn: ({ signal }) =>
      api.get<AuditAnswer>('/api/audit-log', { signal, query: { page, max: AUDIT_PAGE_SIZE, ...applied } }),
    placeholderData: keepPreviousData,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 0);
  };
  const clear = () => {
    const empty: Filters = { entity: '', action: '', actor: '', from: '', to: '' };
    setDraft(empty);
    go(empty, 0);
  };

  const rows = [...(query.data?.data ?? [])].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const total = query.data?.meta.total ?? 0;
  const max = query.data?.meta.max || AUDIT_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / max));
  const filtered = FILTERS.some((f) => applied[f]);
  const dateTime = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const when = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
  };
  const n = (v: number) => formatNumber(i18n.language, v);
  const label = (f: Filter) => t(`administration.auditLog.${f}`);
  const field = (f: Filter) => ({ label: label(f), ...input(f) });
  const th = 'px-3 py-2.5 whitespace-nowrap';
  const td = 'px-3 py-2.5 align-top text-slate-800';

  return (
    <>
      <PageHeader title={t('administration.auditLog.title')} description={t('administration.auditLog.subtitle')} />
      <form
        role="search"
        aria-label={t('administration.auditLog.filters')}
        onSubmit={onSubmit}
        className="mb-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <TextField {...field('entity')} maxLength={60} autoComplete="off" />
          <TextField {...field('action')} maxLength={60} autoComplete="off" />
          <TextField
            {...field('actor')}
            maxLength={60}
            autoComplete="off"
            placeholder={t('administration.auditLog.actorPlaceholder')}
          />
          <TextField {...field('from')} type="date" max={draft.to || undefined} />
          <TextField {...field('to')} type="date" min={draft.from || undefined} />
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" size="sm">
            {t('administration.auditLog.apply')}
          </Button>
          <Button variant="secondary" size="sm" onClick={clear} disabled={!filtered && !FILTERS.some((f) => draft[f])}>
            {t('administration.auditLog.clear')}
          </Button>
        </div>
      </form>

      {query.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200"
        >
          <p className="text-sm text-slate-700">{t('administration.auditLog.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('administration.auditLog.retry')}
          </Button>
        </div>
      ) : !query.isPending && rows.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title={t('administration.auditLog.emptyFiltered')}
            action={
              <Button variant="secondary" onClick={clear}>
                {t('administration.auditLog.clear')}
              </Button>
            }
          >
            {t('administration.auditLog.emptyFilteredHint')}
          </EmptyState>
        ) : (
          <EmptyState icon={ScrollText} title={t('administration.auditLog.empty')} />
        )
      ) : (
        <>
          {/* Focusable so keyboard users can scroll a wide table sideways. */}
          <div
            className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600"
            tabIndex={0}
            role="region"
            aria-label={t('administration.auditLog.title')}
          >
            <table className="min-w-full text-left text-sm" aria-busy={query.isFetching}>
              <caption className="sr-only">{t('administration.auditLog.caption')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.at')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.who')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.action')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.entity')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.recordId')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.account')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.requestId')}
                  </th>
                  <th scope="col" className={th}>
                    {t('administration.auditLog.changes')}
                  </th>
                </tr>
              </thead>
              <tbody
                className={clsx(
                  'divide-y divide-slate-100 transition-opacity',
                  query.isFetching && !query.isPending && 'opacity-60',
                )}
              >
                {query.isPending &&
                  Array.from({ length: SKELETON_ROWS }, (_, i) => (
                    <tr key={i} aria-hidden="true">
                      {Array.from({ length: COLUMNS }, (_, j) => (
                        <td key={j} className="px-3 py-3.5">
                          <div
                            className="h-3.5 animate-pulse rounded bg-slate-200/70"
                            style={{ width: `${50 + ((i * 7 + j * 13) % 45)}%` }}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                {rows.map((row) => {
                  const changes = describeChanges(row.changes);
                  return (
                    <tr key={row.id} className="hover:bg-slate-50">
                      <td className={clsx(td, 'whitespace-nowrap')}>
                        <time dateTime={row.at}>{when(row.at)}</time>
                      </td>
                      <td className={clsx(td, 'whitespace-nowrap')}>
                        {row.actor ?? (
                          <span className="text-slate-500 italic">{t('administration.auditLog.system')}</span>
                        )}
                      </td>
                      <td className={clsx(td, 'whitespace-nowrap')}>
                        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{row.action}</code>
                      </td>
                      <td className={clsx(td, 'whitespace-nowrap')}>{row.entity}</td>
                      <td className={clsx(td, 'max-w-48 font-mono text-xs break-all')}>{row.entity_id ?? '—'}</td>
                      <td className={clsx(td, 'min-w-28')}>{row.account ?? '—'}</td>
                      <td className={clsx(td, 'max-w-48 font-mono text-xs break-all')}>{row.request_id ?? '—'}</td>
                      <td className={clsx(td, 'max-w-md min-w-56')}>
                        {changes.length ? (
                          <ul className="space-y-0.5 font-mono text-xs break-words text-slate-700">
                            {changes.map((line, i) => (
                              <li key={i}>{line}</li>
                            ))}
                          </ul>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav
            className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
            aria-label={t('administration.auditLog.pagination')}
          >
            <p>{t('administration.auditLog.total', { count: total })}</p>
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page === 0 || query.isFetching}
                onClick={() => go(applied, page - 1)}
              >
                <ChevronLeft className="size-4" aria-hidden="true" />
                {t('administration.auditLog.previous')}
              </Button>
              <span aria-live="polite" className="whitespace-nowrap">
                {t('administration.auditLog.pageOf', { page: n(page + 1), pages: n(pages) })}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page + 1 >= pages || query.isFetching}
                onClick={() => go(applied, page + 1)}
              >
                {t('administration.auditLog.next')}
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </>
  );
}
