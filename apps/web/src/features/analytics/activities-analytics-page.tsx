import { ACTIVITY_RANKS, RANK_MIN_TRIED } from '@habla/shared/enums';
import type { ActivitiesAnalytics, ActivityFigures } from '@habla/shared/schemas/game-analytics';
import { ArrowLeft, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import {
  FiguresResult,
  FilterSelect,
  PeriodFilters,
  useAnalytics,
  useDay,
  useFigure,
  type FigureColumn,
} from './figures-kit';
import { NARROWING, NarrowingFilters } from './narrowing-filters';
import { useSeconds } from './games-analytics-page';

const FILTERS = ['from', 'to', 'q', 'game_id', 'rank', ...NARROWING] as const;

/**
 * `/analytics/activities`: how each activity worked for one's students over a period (decision 028).
 * With `?game_id=` a game's activities in order, with where left sessions stopped; without, every
 * activity tried in at least five sessions, hardest (fewest right at the first try) or easiest first.
 * Each shows the wrong answers given most: the distractor that fools the children.
 */
export function ActivitiesAnalyticsPage() {
  const { t } = useTranslation();
  const figure = useFigure();
  const seconds = useSeconds();
  const day = useDay();
  const analytics = useAnalytics<ActivitiesAnalytics, (typeof FILTERS)[number]>('activities', FILTERS);
  const { filters, data } = analytics;
  const { applied, draft, input } = filters;
  const oneGame = Boolean(applied.game_id);
  const gameName = oneGame ? data?.activities[0]?.game_name : undefined;
  const columns: FigureColumn<ActivityFigures>[] = [
    ...(oneGame
      ? []
      : [{ key: 'game', label: t('analytics.activities.game'), cell: (a: ActivityFigures) => a.game_name }]),
    { key: 'tried', label: t('analytics.activities.tried'), cell: (a) => figure(a.tried) },
    { key: 'right', label: t('analytics.activities.rightRate'), cell: (a) => figure(a.right_rate, ' %') },
    { key: 'first', label: t('analytics.activities.firstTry'), cell: (a) => figure(a.first_try_rate, ' %') },
    { key: 'tries', label: t('analytics.activities.triesPerSession'), cell: (a) => figure(a.tries_per_session) },
    { key: 'time', label: t('analytics.activities.meanTime'), cell: (a) => seconds(a.mean_seconds) },
    ...(oneGame
      ? [{ key: 'left', label: t('analytics.activities.leftHere'), cell: (a: ActivityFigures) => figure(a.left_here) }]
      : []),
    {
      key: 'wrong',
      label: t('analytics.activities.wrongAnswers'),
      cell: (a) =>
        a.wrong_answers.length === 0 ? (
          '—'
        ) : (
          <ul className="min-w-40 text-left whitespace-normal">
            {a.wrong_answers.map((w) => (
              <li key={JSON.stringify(w.answer)}>
                {t('analytics.activities.wrongAnswer', { answer: w.label, count: w.times })}
              </li>
            ))}
          </ul>
        ),
    },
  ];
  const rank = applied.rank === 'easiest' ? 'easiest' : 'hardest';
  return (
    <>
      <PageHeader
        title={gameName ? t('analytics.activities.ofGame', { name: gameName }) : t('analytics.activities.title')}
        description={oneGame ? t('analytics.activities.leadGame') : t('analytics.activities.lead')}
      />
      {oneGame && (
        <p className="mb-3">
          <Link
            to={`/analytics/games${applied.from ? `?from=${applied.from}${applied.to ? `&to=${applied.to}` : ''}` : ''}`}
            className="inline-flex items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('analytics.activities.allGames')}
          </Link>
        </p>
      )}
      <PeriodFilters
        filters={filters}
        names={FILTERS}
        qLabel={oneGame ? undefined : t('analytics.games.q')}
        label={t('analytics.activities.filter')}
      >
        {!oneGame && (
          <FilterSelect
            label={t('analytics.activities.rank')}
            {...input('rank')}
            value={draft.rank || 'hardest'}
            options={ACTIVITY_RANKS.map((r) => ({ value: r, label: t(`analytics.activities.ranks.${r}`) }))}
          />
        )}
        <NarrowingFilters input={input} />
      </PeriodFilters>
      <FiguresResult
        analytics={analytics}
        rows={(d) => d.activities}
        chart={{
          title: (count) =>
            t(oneGame ? 'analytics.activities.chartGame' : `analytics.activities.chart.${rank}`, { count }),
          label: (a) => {
            const name = `${a.position}. ${a.label || t('analytics.activities.unnamed')}`;
            return oneGame ? name : `${a.game_name} · ${name}`;
          },
          ...(oneGame ? { axisLabel: (a: ActivityFigures) => String(a.position) } : {}),
          labelHeading: t('analytics.activities.activity'),
          format: (v) => figure(v, ' %'),
          yMax: 100,
          series: [
            {
              key: 'first_try_rate',
              label: t('analytics.activities.firstTry'),
              tone: 'amber',
              value: (a) => a.first_try_rate,
            },
            { key: 'right_rate', label: t('analytics.activities.rightRate'), tone: 'teal', value: (a) => a.right_rate },
          ],
        }}
        periodText={(d) =>
          t(oneGame ? 'analytics.activities.periodGame' : `analytics.activities.period.${rank}`, {
            from: day(d.from),
            to: day(d.to),
            count: d.total,
            min: RANK_MIN_TRIED,
          })
        }
        empty={{
          icon: ListChecks,
          title: t('analytics.activities.none'),
          help: oneGame
            ? t('analytics.activities.noneGame')
            : t('analytics.activities.noneHelp', { min: RANK_MIN_TRIED }),
        }}
        rowKey={(a) => `${a.game_id}:${a.id}`}
        rowHeaderLabel={t('analytics.activities.activity')}
        rowHeader={(a) => (
          <span className="inline-block max-w-64 min-w-40 align-bottom whitespace-normal">
            <span className="mr-2 text-slate-500 tabular-nums">{a.position}.</span>
            {a.label || t('analytics.activities.unnamed')}
          </span>
        )}
        columns={columns}
        caption={data ? t('analytics.activities.caption', { from: day(data.from), to: day(data.to) }) : ''}
      />
    </>
  );
}
