import type { GameFigures, GamesAnalytics } from '@habla/shared/schemas/game-analytics';
import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import {
  FiguresResult,
  PeriodFilters,
  RateCell,
  rowLink,
  useAnalytics,
  useDay,
  useFigure,
  type FigureColumn,
} from './figures-kit';
import { NARROWING, NarrowingFilters } from './narrowing-filters';

const FILTERS = ['from', 'to', 'q', ...NARROWING] as const;

/** A duration in seconds as minutes and seconds ("1 min 5 s", "2 min", "55 s"). */
export function useSeconds() {
  const { t } = useTranslation();
  return (s: number | null) =>
    s === null
      ? '—'
      : s < 60
        ? t('analytics.seconds', { seconds: s })
        : s % 60 === 0
          ? t('analytics.minutes', { minutes: s / 60 })
          : t('analytics.minutesSeconds', { minutes: Math.floor(s / 60), seconds: s % 60 });
}

/**
 * `/analytics/games`: the games one's students played over a period (by default the last 30 days),
 * most played first, with completion, pass rate, mean score, first-try rate and median time
 * (decision 028); each leads to its activities.
 */
export function GamesAnalyticsPage() {
  const { t } = useTranslation();
  const figure = useFigure();
  const seconds = useSeconds();
  const day = useDay();
  const analytics = useAnalytics<GamesAnalytics, (typeof FILTERS)[number]>('games', FILTERS);
  const { filters, data } = analytics;
  const { applied } = filters;
  const columns: FigureColumn<GameFigures>[] = [
    { key: 'students', label: t('analytics.games.students'), cell: (g) => figure(g.students) },
    { key: 'sessions', label: t('analytics.games.sessions'), cell: (g) => figure(g.sessions) },
    { key: 'completion', label: t('analytics.games.completion'), cell: (g) => figure(g.completion_rate, ' %') },
    { key: 'pass', label: t('analytics.games.passRate'), cell: (g) => figure(g.pass_rate, ' %') },
    { key: 'mean', label: t('analytics.games.meanScore'), cell: (g) => <RateCell value={g.mean_score} /> },
    { key: 'first', label: t('analytics.games.firstTry'), cell: (g) => figure(g.first_try_rate, ' %') },
    { key: 'median', label: t('analytics.games.medianTime'), cell: (g) => seconds(g.median_seconds) },
  ];
  return (
    <>
      <PageHeader title={t('analytics.games.title')} description={t('analytics.games.lead')} />
      <PeriodFilters
        filters={filters}
        names={FILTERS}
        qLabel={t('analytics.games.q')}
        label={t('analytics.games.filter')}
      >
        <NarrowingFilters input={filters.input} />
      </PeriodFilters>
      <FiguresResult
        analytics={analytics}
        rows={(d) => d.games}
        chart={{
          title: (count) => t('analytics.games.chart', { count }),
          label: (g) => g.name,
          labelHeading: t('analytics.games.game'),
          format: (v) => figure(v, ' %'),
          yMax: 100,
          series: [
            { key: 'mean_score', label: t('analytics.games.meanScore'), tone: 'teal', value: (g) => g.mean_score },
            {
              key: 'first_try_rate',
              label: t('analytics.games.firstTry'),
              tone: 'amber',
              value: (g) => g.first_try_rate,
            },
          ],
        }}
        periodText={(d) => t('analytics.games.period', { from: day(d.from), to: day(d.to), count: d.total })}
        empty={{ icon: Gamepad2, title: t('analytics.games.none'), help: t('analytics.games.noneHelp') }}
        rowKey={(g) => g.id}
        rowHeaderLabel={t('analytics.games.game')}
        rowHeader={(g) => (
          <>
            <Link
              to={`/analytics/activities?game_id=${g.id}${applied.from ? `&from=${applied.from}` : ''}${applied.to ? `&to=${applied.to}` : ''}`}
              className={rowLink}
              aria-label={t('analytics.games.activitiesOf', { name: g.name })}
            >
              {g.name}
            </Link>
            {g.version > 1 && (
              <span className="ml-2 text-xs font-normal text-slate-600">
                {t('analytics.games.version', { version: g.version })}
              </span>
            )}
          </>
        )}
        columns={columns}
        caption={data ? t('analytics.games.caption', { from: day(data.from), to: day(data.to) }) : ''}
      />
    </>
  );
}
