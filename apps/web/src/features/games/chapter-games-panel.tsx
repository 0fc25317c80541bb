import type { GAME_RESOURCES } from '@habla/shared/resources/games';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import type { RecordPanelProps } from '@/lib/record-panels';
import { AssignDialog } from './assign-dialog';

/** A game as `/api/games` answers it (packages/shared/src/resources/games.ts). */
type Game = ResourceRow<typeof GAME_RESOURCES.games>;

/** A chapter's page: its games ready to assign, and assigning them (all, or those left ticked) to students. */
export default function ChapterGamesPanel({ row }: RecordPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const games = useQuery({
    queryKey: ['chapter-games', row.id],
    queryFn: ({ signal }) =>
      api
        .get<{ data: Game[] }>('/api/games', {
          query: { chapter_id: row.id, game_status: 'COMPLETED', max: 50, page: 0 },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
  });
  const list = games.data ?? [];
  return (
    <section
      aria-labelledby="chapter-games-panel"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="chapter-games-panel" className="text-lg font-semibold text-slate-900">
          {t('assign.chapterGames')}
        </h2>
        {list.length > 0 && (
          <Button onClick={() => setOpen(true)}>
            <Send aria-hidden="true" className="size-4" />
            {t('assign.assignThese', { count: list.length })}
          </Button>
        )}
      </div>
      {games.isSuccess && list.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">{t('assign.noChapterGames')}</p>
      )}
      <ul className="mt-3 flex flex-col divide-y divide-slate-100">
        {list.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <Link
              to={`/games/${g.id}/builder`}
              className="font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              {g.name}
            </Link>
            <span className="text-slate-600">
              {t(`enums.gameType.${g.type}`)} · {t('builder.activities', { count: g.activities_count })}
            </span>
          </li>
        ))}
      </ul>
      {list.length > 0 && <AssignDialog games={list} defaultAttempts={1} open={open} onClose={() => setOpen(false)} />}
    </section>
  );
}
