import type { SessionRow } from '@habla/shared/schemas/evaluation';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '@/components/resource/list-pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';

type Page = { data: SessionRow[]; meta: { total: number } };
const MAX = 25;
const FILTERS = ['waiting', 'evaluated', 'all'] as const;
type Filter = (typeof FILTERS)[number];

/** `/games/sessions` (seed variant "session"): the played sessions of one's students, those waiting for an evaluation
 * first. */
export function SessionsPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('waiting');
  const [page, setPage] = useState(0);
  const query: Record<string, string | number> = { page, max: MAX };
  if (filter !== 'all') query.evaluated = filter === 'evaluated' ? 'true' : 'false';
  const sessions = useQuery({
    queryKey: ['game-sessions', query],
    queryFn: ({ signal }) => api.get<Page>('/api/game-sessions', { query, signal, silentSuccess: true }),
    placeholderData: (p) => p,
  });
  const rows = sessions.data?.data ?? [];
  const date = (iso: string) => formatDateTime(i18n.language, iso);
  return (
    <div>
      <PageHeader title={t('evaluation.sessionsTitle')} description={t('evaluation.sessionsLead')} />
      <div
        role="group"
        aria-label={t('evaluation.show')}
        className="mb-4 inline-flex rounded-lg bg-white p-1 ring-1 ring-slate-200"
      >
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(0);
            }}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600 ${filter === f ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-50'}`}
          >
            {t(`evaluation.filter.${f}`)}
          </button>
        ))}
      </div>
      {sessions.isSuccess && rows.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={t('evaluation.none')} />
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.student')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.game')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.played')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.status')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  {t('evaluation.score')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.evaluation')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <td className="px-4 py-3 font-medium text-slate-900">{r.student_name}</td>
                  <td className="px-4 py-3">{r.game_name}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{date(r.started_at)}</td>
                  <td className="px-4 py-3">{t(`evaluation.sessionStatus.${r.status}`)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {r.score === null ? '—' : `${formatNumber(i18n.language, r.score)} %`}
                  </td>
                  <td className="px-4 py-3">
                    <Link
                      to={`/games/sessions/${r.id}`}
                      className="font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                    >
                      {r.evaluated_at
                        ? t('evaluation.open', { name: r.student_name })
                        : t('evaluation.evaluate', { name: r.student_name })}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(sessions.data?.meta.total ?? 0) > MAX && (
        <div className="mt-4">
          <ListPagination page={page} max={MAX} total={sessions.data!.meta.total} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
