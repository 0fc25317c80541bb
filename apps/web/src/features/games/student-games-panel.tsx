import type { PLAY_RESOURCES } from '@habla/shared/resources/play';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { AssignDialog } from './assign-dialog';
import { api } from '@/lib/api';
import type { RecordPanelProps } from '@/lib/record-panels';
import { formatDateTime, formatNumber } from '@/lib/format';

type Assignment = ResourceRow<typeof PLAY_RESOURCES.assignments>;

/** A student's page: the games given to them (newest first) and giving them more, chosen in the dialog. */
export default function StudentGamesPanel({ row }: RecordPanelProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = String(row.full_name ?? row.username ?? '');
  const assigned = useQuery({
    queryKey: ['assignments', { student_id: row.id, max: 10 }],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Assignment[]; meta: { total: number } }>('/api/assignments', {
          query: { student_id: row.id, max: 10, page: 0 },
          signal,
          silentSuccess: true,
        })
        .then((r) => r),
  });
  const list = assigned.data?.data ?? [];
  return (
    <section
      aria-labelledby="student-games-panel"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="student-games-panel" className="text-lg font-semibold text-slate-900">
          {t('assign.studentGames')}
        </h2>
        <Button onClick={() => setOpen(true)}>
          <Send aria-hidden="true" className="size-4" />
          {t('assign.assignGames')}
        </Button>
      </div>
      {assigned.isSuccess && list.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">{t('assign.noneAssigned')}</p>
      )}
      <ul className="mt-3 flex flex-col divide-y divide-slate-100">
        {list.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
            <span className="font-medium text-slate-900">{a.game_name}</span>
            <span className="text-slate-600">
              {t(`evaluation.assignStatus.${a.assign_status}`)} ·{' '}
              {t('assign.triesUsed', { used: a.attempts, max: a.max_attempts })} ·{' '}
              {a.best_score === null ? '—' : `${formatNumber(i18n.language, a.best_score)} %`} ·{' '}
              {t('assign.until', { date: formatDateTime(i18n.language, a.end_time, { dateStyle: 'medium' }) })}
            </span>
          </li>
        ))}
      </ul>
      {(assigned.data?.meta.total ?? 0) > 0 && (
        <Link
          to={`/games/assigned?student_id=${row.id}`}
          className="mt-3 inline-block text-sm font-semibold text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
        >
          {t('assign.allAssigned')}
        </Link>
      )}
      <AssignDialog
        games={[]}
        pickGames
        student={{ id: row.id, name }}
        defaultAttempts={1}
        open={open}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
