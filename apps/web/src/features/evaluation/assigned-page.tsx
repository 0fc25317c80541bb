import type { Assignment } from '@habla/shared/schemas/assignments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { ListPagination } from '@/components/resource/list-pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';

type Page = { data: Assignment[]; meta: { total: number } };
const MAX = 25;

/** `/games/assigned` (seed variant "assigned"): the games given to one's students; unassign what was not played. */
export function AssignedPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const query = { page, max: MAX };
  const list = useQuery({
    queryKey: ['assignments', query],
    queryFn: ({ signal }) => api.get<Page>('/api/assignments', { query, signal, silentSuccess: true }),
    placeholderData: (p) => p,
  });
  const rows = list.data?.data ?? [];
  const unassign = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api.post('/api/games/unassign', { ids: [...selected] });
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: ['assignments'] });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const date = (iso: string) => formatDateTime(i18n.language, iso);
  return (
    <div>
      <PageHeader
        title={t('evaluation.assignedTitle')}
        description={t('evaluation.assignedLead')}
        actions={
          <Button variant="secondary" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
            {t('evaluation.unassign', { count: selected.size })}
          </Button>
        }
      />
      {problem && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      {list.isSuccess && rows.length === 0 ? (
        <EmptyState icon={Send} title={t('evaluation.noAssignments')}>
          {t('evaluation.noAssignmentsHelp')}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="w-10 px-4 py-3">
                  <span className="sr-only">{t('evaluation.select')}</span>
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.student')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.game')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.status')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.plays')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('evaluation.ends')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  {t('evaluation.best')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      className="size-4 accent-teal-700"
                      aria-label={t('evaluation.selectRow', { game: r.name, student: r.student_name ?? '' })}
                      disabled={r.assign_status !== 'ASSIGNED' || r.attempts > 0}
                      checked={selected.has(r.id)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.target.checked) next.add(r.id);
                        else next.delete(r.id);
                        setSelected(next);
                      }}
                    />
                  </td>
                  <td className="px-4 py-3 font-medium text-slate-900">{r.student_name}</td>
                  <td className="px-4 py-3">{r.name}</td>
                  <td className="px-4 py-3">{t(`evaluation.assignStatus.${r.assign_status}`)}</td>
                  <td className="px-4 py-3 tabular-nums">
                    {r.attempts} / {r.max_attempts}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{date(r.end_time)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {r.best_score === null ? '—' : `${formatNumber(i18n.language, r.best_score)} %`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(list.data?.meta.total ?? 0) > MAX && (
        <div className="mt-4">
          <ListPagination page={page} max={MAX} total={list.data!.meta.total} onPage={setPage} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('evaluation.unassignTitle')}
        confirmLabel={t('evaluation.unassign', { count: selected.size })}
        danger
        busy={busy}
        onConfirm={() => void unassign()}
        onClose={() => setConfirming(false)}
      >
        {t('evaluation.unassignText', { count: selected.size })}
      </ConfirmDialog>
    </div>
  );
}
