import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarClock, CheckCircle2, Gamepad2, Play, RotateCcw, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityPicture } from '@/components/activity/media';
import { EmptyState } from '@/components/ui/empty-state';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { api } from '@/lib/api';
import type { PlayerGame } from './player-api';
import { PlayScreen } from './play-screen';
import { formatNumber } from '@/lib/format';

/** `/players` lists the student's games; `/players/<assignment>` plays one; `/players/preview/<game>` previews a game.
 * */
export function PlayerPage() {
  const { '*': rest = '' } = useParams();
  const [first, second] = rest.split('/');
  if (first === 'preview' && second) return <PlayScreen key={`preview-${second}`} assignmentId={second} preview />;
  return first ? <PlayScreen key={first} assignmentId={first} /> : <MyGames />;
}

const STATE_STYLE: Record<PlayerGame['state'], string> = {
  new: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  played: 'bg-emerald-100 text-emerald-900',
  done: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-slate-200 text-slate-700',
};

/** The student's assigned games as big picture cards: new, in progress, done, expiring soon. */
function MyGames() {
  const { t, i18n } = useTranslation();
  const games = useQuery({
    queryKey: ['player', 'games'],
    queryFn: ({ signal }) =>
      api.get<{ data: PlayerGame[] }>('/api/player/games', { signal, silentSuccess: true }).then((r) => r.data),
  });
  if (games.isPending) return <FullPageSpinner />;
  const list = games.data ?? [];
  if (!list.length)
    return (
      <EmptyState icon={Gamepad2} title={t('player.emptyTitle')}>
        {t('player.emptyText')}
      </EmptyState>
    );
  const open = list.filter((g) => g.state === 'new' || g.state === 'in_progress' || g.state === 'played');
  const closed = list.filter((g) => !open.includes(g));
  const card = (g: PlayerGame) => {
    const playable = g.state !== 'expired' && g.state !== 'done';
    const body = (
      <>
        <span className="flex h-36 items-center justify-center bg-white/70 sm:h-40">
          {g.picture ? (
            <ActivityPicture picture={g.picture} alt="" size="thumb" className="size-28 sm:size-32" />
          ) : (
            <Gamepad2 aria-hidden="true" className="size-20 text-teal-600" />
          )}
        </span>
        <span className="flex flex-1 flex-col gap-2 p-4">
          <span className="text-xl font-bold text-slate-900">{g.name}</span>
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className={clsx('rounded-full px-2.5 py-0.5 font-semibold', STATE_STYLE[g.state])}>
              {t(`player.state.${g.state}`)}
            </span>
            {g.expiring_soon && (
              <span className="inline-flex items-center gap-1 rounded-full bg-rose-100 px-2.5 py-0.5 font-semibold text-rose-900">
                <CalendarClock aria-hidden="true" className="size-4" />
                {t('player.expiringSoon')}
              </span>
            )}
            {g.best_score !== null && (
              <span className="inline-flex items-center gap-1 text-slate-700">
                <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                {t('player.bestScore', { score: formatNumber(i18n.language, g.best_score) })}
              </span>
            )}
          </span>
          {playable && (
            <span className="mt-auto inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-teal-700 px-4 text-lg font-bold text-white group-hover:bg-teal-800">
              {g.state === 'in_progress' ? (
                <RotateCcw aria-hidden="true" className="size-5" />
              ) : (
                <Play aria-hidden="true" className="size-5" />
              )}
              {t(
                g.state === 'in_progress' ? 'player.resume' : g.state === 'played' ? 'player.playAgain' : 'player.play',
              )}
            </span>
          )}
          {g.state === 'done' && (
            <span className="mt-auto inline-flex items-center gap-1.5 font-semibold text-emerald-800">
              <CheckCircle2 aria-hidden="true" className="size-5" />
              {t('player.allTriesUsed')}
            </span>
          )}
        </span>
      </>
    );
    const classes =
      'group flex h-full flex-col overflow-hidden rounded-3xl bg-gradient-to-b from-amber-50 to-white shadow-md ring-1 ring-amber-200';
    return (
      <li key={g.id}>
        {playable ? (
          <Link
            to={`/players/${g.id}`}
            aria-label={`${g.name}: ${t(`player.state.${g.state}`)}`}
            className={clsx(
              classes,
              'transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
            )}
          >
            {body}
          </Link>
        ) : (
          <div className={clsx(classes, 'opacity-80')}>{body}</div>
        )}
      </li>
    );
  };
  return (
    <div className="flex flex-col gap-8">
      <h2 className="text-3xl font-bold text-slate-900">{t('player.myGames')}</h2>
      {open.length > 0 && <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{open.map(card)}</ul>}
      {closed.length > 0 && (
        <section aria-labelledby="player-done">
          <h3 id="player-done" className="mb-3 text-xl font-semibold text-slate-800">
            {t('player.finishedGames')}
          </h3>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{closed.map(card)}</ul>
        </section>
      )}
    </div>
  );
}
