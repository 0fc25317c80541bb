import type { CaseloadBoard, Dashboard, StudentBoard } from '@habla/shared/schemas/dashboards';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ClipboardCheck, Gamepad2, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { api } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';

type Board = Dashboard;

const heading = 'mb-3 text-lg font-semibold text-slate-900';

/** A score trend as a small line (0–100 %), drawn beside the numbers it shows. */
function Sparkline({ scores, label }: { scores: number[]; label: string }) {
  if (scores.length < 2) return null;
  const w = 96;
  const h = 28;
  const points = scores
    .map((s, i) => `${(i / (scores.length - 1)) * w},${h - (Math.max(0, Math.min(100, s)) / 100) * h}`)
    .join(' ');
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} className="overflow-visible">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" className="text-teal-600" />
    </svg>
  );
}

/** The signed-in person's board (`GET /api/dashboards/me`). */
export function useBoard() {
  return useQuery({
    queryKey: ['dashboard', 'me'],
    queryFn: ({ signal }) =>
      api.get<{ data: Board }>('/api/dashboards/me', { signal, silentSuccess: true }).then((r) => r.data),
  });
}

/**
 * Where the board and the sections will be, while the board loads: the page draws them together
 * once it has arrived, so nothing on screen is pushed down by it (a layout shift). Tall enough that
 * the footer stays below the fold until then. Still, not pulsing: where pages are painted in software
 * (no GPU raster), an animation repaints every frame on the main thread while the app is starting
 * (docs/performance-log.md, 2026-11-27).
 */
export function BoardPlaceholder() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="mb-10 grid min-h-[60vh] content-start gap-6 lg:grid-cols-3">
      <span className="sr-only">{t('app.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="h-40 rounded-2xl bg-slate-200/60" />
      ))}
    </div>
  );
}

/** The MLA part of `/dashboards`: a student's games and progress, or a caseload's students and what needs attention. */
export function PlayPanel({ d }: { d: Board | undefined }) {
  if (!d || d.kind === 'none') return null;
  if (d.kind === 'student') return <StudentBoardView d={d} />;
  return <CaseloadView d={d} />;
}

const usePercent = () => {
  const { i18n } = useTranslation();
  return (n: number | null) => (n === null ? '—' : `${formatNumber(i18n.language, n)} %`);
};

/**
 * A student's board: their games, recent results with stars, progress by chapter. `child` when an
 * adult looks at the one child in their care: headings name the child and there is no Play button
 * (the child plays with their own sign-in). Also the lower part of `/dashboards/student`.
 */
export function StudentBoardView({ d, child }: { d: Omit<StudentBoard, 'kind'>; child?: string }) {
  const { t } = useTranslation();
  const pct = usePercent();
  return (
    <div className="mb-10 grid gap-6 lg:grid-cols-3">
      <Card className="flex flex-col gap-4 p-5">
        <h2 className={heading}>{child ? t('home.childGames', { name: child }) : t('home.myGames')}</h2>
        <ul className="grid grid-cols-3 gap-2 text-center">
          {(['new', 'in_progress', 'expiring_soon'] as const).map((k) => (
            <li key={k} className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
              <span className="block text-3xl font-bold text-slate-900">{d.games[k]}</span>
              <span className="text-sm text-slate-700">{t(`home.games.${k}`)}</span>
            </li>
          ))}
        </ul>
        {!child && (
          <Link
            to="/players"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-teal-700 px-5 text-lg font-bold text-white hover:bg-teal-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            <Gamepad2 aria-hidden="true" className="size-5" />
            {t('home.play')}
          </Link>
        )}
      </Card>
      <Card className="p-5">
        <h2 className={heading}>
          {child ? t('home.childRecent', { name: child }) : t('home.recent')}{' '}
          <span className="ml-1 inline-flex items-center gap-1 text-base font-medium text-amber-700">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            {t('home.starsTotal', { count: d.stars })}
          </span>
        </h2>
        {d.recent.length === 0 ? (
          <p className="text-sm text-slate-600">{t('home.noResults')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {d.recent.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium text-slate-900">{r.name}</span>
                <span className="flex items-center gap-2 text-slate-700">
                  {pct(r.score)}
                  <span role="img" aria-label={t('player.stars', { count: r.stars })} className="flex">
                    {[1, 2, 3].map((n) => (
                      <Star
                        key={n}
                        aria-hidden="true"
                        className={`size-4 ${n <= r.stars ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
                      />
                    ))}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-5">
        <h2 className={heading}>{t('home.chapters')}</h2>
        {d.chapters.length === 0 ? (
          <p className="text-sm text-slate-600">{t('home.noChapters')}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{t('home.chapters')}</caption>
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className="pr-2 pb-1 font-medium">
                  {t('home.chapter')}
                </th>
                <th scope="col" className="pr-2 pb-1 font-medium">
                  {t('home.playedOf')}
                </th>
                <th scope="col" className="pb-1 text-right font-medium">
                  {t('home.average')}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.chapters.map((c) => (
                <tr key={c.id} className="border-t border-slate-100">
                  <td className="py-1.5 pr-2 text-slate-900">
                    {c.name}
                    <span aria-hidden="true" className="mt-1 block h-2 overflow-hidden rounded-full bg-slate-100">
                      <span
                        className="block h-full rounded-full bg-teal-600"
                        style={{ width: `${(c.played / Math.max(1, c.assigned)) * 100}%` }}
                      />
                    </span>
                  </td>
                  <td className="py-1.5 pr-2 tabular-nums">
                    {c.played} / {c.assigned}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{pct(c.average)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

/** The caseload: students with their last play and trend, sessions to evaluate, games ending soon; and the child's own
 * board when there is one child. */
function CaseloadView({ d }: { d: CaseloadBoard }) {
  const { t, i18n } = useTranslation();
  const pct = usePercent();
  const date = (iso: string | null) => (iso ? formatDateTime(i18n.language, iso) : t('home.never'));
  return (
    <>
      {d.child && <StudentBoardView d={d.child} child={d.child.full_name ?? ''} />}
      <div className="mb-10 grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {/* Scrolls sideways on a phone: focusable, so the keyboard scrolls it too. */}
        <Card className="overflow-x-auto p-5" role="region" aria-labelledby="caseload-heading" tabIndex={0}>
          <h2 id="caseload-heading" className={heading}>
            {t('home.caseload')}
          </h2>
          {d.students.length === 0 ? (
            <p className="text-sm text-slate-600">{t('home.noStudents')}</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-slate-600">
                <tr>
                  <th scope="col" className="pr-3 pb-2 font-medium whitespace-nowrap">
                    {t('home.student')}
                  </th>
                  <th scope="col" className="pr-3 pb-2 font-medium whitespace-nowrap">
                    {t('home.lastPlayed')}
                  </th>
                  <th scope="col" className="pr-3 pb-2 font-medium whitespace-nowrap">
                    {t('home.trend')}
                  </th>
                  <th scope="col" className="pr-3 pb-2 font-medium whitespace-nowrap">
                    {t('home.scores')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.students.map((s) => (
                  <tr key={s.id} className="border-t border-slate-100">
                    <td className="py-2 pr-3 font-medium">
                      <Link
                        to={`/students/${s.id}`}
                        className="text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                      >
                        {s.full_name}
                      </Link>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{date(s.last_played)}</td>
                    <td className="py-2 pr-3">
                      <Sparkline scores={s.scores} label={t('home.trendOf', { name: s.full_name ?? '' })} />
                    </td>
                    <td className="py-2 text-slate-700 tabular-nums">
                      {s.scores.length ? s.scores.map((x) => `${x}`).join(' · ') : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <div className="flex flex-col gap-6">
          <Card className="p-5">
            <h2 className={`${heading} flex items-center gap-2`}>
              <ClipboardCheck aria-hidden="true" className="size-5 text-teal-700" />
              {t('home.waiting', { count: d.waiting.total })}
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              {d.waiting.sessions.map((w) => (
                <li key={w.id}>
                  <Link
                    to={`/games/sessions/${w.id}`}
                    className="font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                  >
                    {w.student_name} · {w.name}
                  </Link>
                  <span className="ml-2 whitespace-nowrap text-slate-600">{pct(w.score)}</span>
                </li>
              ))}
            </ul>
            {d.waiting.total > 0 && (
              <Link
                to="/games/sessions?evaluation=WAITING"
                className="mt-3 inline-block text-sm font-semibold text-teal-800 hover:underline"
              >
                {t('home.allWaiting')}
              </Link>
            )}
          </Card>
          <Card className="p-5">
            <h2 className={`${heading} flex items-center gap-2`}>
              <CalendarClock aria-hidden="true" className="size-5 text-rose-700" />
              {t('home.expiring')}
            </h2>
            {d.expiring.length === 0 ? (
              <p className="text-sm text-slate-600">{t('home.noneExpiring')}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {d.expiring.map((x) => (
                  <li key={x.id} className="text-slate-800">
                    <span className="font-medium">{x.student_name}</span> · {x.name} ·{' '}
                    <span className="text-rose-800">{date(x.end_time)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
