import type { StudentFigures, StudentsAnalytics } from '@habla/shared/schemas/analytics';
import { ChartLine, ChartNoAxesColumn } from 'lucide-react';
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

/** The way to one student's figures over time (their analytics page, decision 027). */
function OverTimeLink({ student }: { student: StudentFigures }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/analytics/students/${student.id}`}
      aria-label={t('analytics.overTimeOf', { name: student.full_name ?? student.id })}
      className="mt-0.5 inline-flex items-center gap-1 text-xs font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
    >
      <ChartLine className="size-3.5" aria-hidden="true" />
      {t('analytics.overTime')}
    </Link>
  );
}

/**
 * `/analytics/students`: how each student in one's scope is doing over a period (by default the last
 * 30 days): games given and played, mean score, first-try rate, tries per activity, time played, days
 * played and streaks (docs/product.md §6) and the errors counted in evaluations (decision 026). The
 * period and a name are kept in the address.
 */
export function StudentsAnalyticsPage() {
  const { t } = useTranslation();
  const figure = useFigure();
  const day = useDay();
  const analytics = useAnalytics<StudentsAnalytics, (typeof FILTERS)[number]>('students', FILTERS);
  const { filters, data } = analytics;
  const errorsText = (s: StudentFigures) =>
    s.evaluated === 0
      ? '—'
      : t('analytics.students.errorCounts', {
          words: s.words_out_of_place,
          parts: s.parts_of_speech,
          syntax: s.syntax_error,
          count: s.evaluated,
        });
  const columns: FigureColumn<StudentFigures>[] = [
    { key: 'assigned', label: t('analytics.students.assigned'), cell: (s) => figure(s.assigned) },
    { key: 'sessions', label: t('analytics.students.sessions'), cell: (s) => figure(s.sessions) },
    { key: 'passed', label: t('analytics.students.passed'), cell: (s) => figure(s.passed) },
    { key: 'mean', label: t('analytics.students.meanScore'), cell: (s) => <RateCell value={s.mean_score} /> },
    { key: 'first', label: t('analytics.students.firstTry'), cell: (s) => figure(s.first_try_rate, ' %') },
    { key: 'tries', label: t('analytics.students.triesPerActivity'), cell: (s) => figure(s.tries_per_activity) },
    { key: 'minutes', label: t('analytics.students.minutes'), cell: (s) => figure(s.minutes) },
    { key: 'days', label: t('analytics.students.daysActive'), cell: (s) => figure(s.days_active) },
    {
      key: 'longest',
      label: t('analytics.students.longestStreak'),
      cell: (s) => t('analytics.students.streakDays', { count: s.longest_streak }),
    },
    {
      key: 'current',
      label: t('analytics.students.currentStreak'),
      cell: (s) => t('analytics.students.streakDays', { count: s.current_streak }),
    },
    { key: 'errors', label: t('analytics.students.errors'), cell: (s) => errorsText(s) },
    {
      key: 'last',
      label: t('analytics.students.lastDay'),
      cell: (s) => (s.last_day ? day(s.last_day) : t('analytics.never')),
    },
  ];
  return (
    <>
      <PageHeader title={t('analytics.students.title')} description={t('analytics.students.lead')} />
      <PeriodFilters
        filters={filters}
        names={FILTERS}
        qLabel={t('analytics.filter.q')}
        label={t('analytics.filter.label')}
      >
        <NarrowingFilters input={filters.input} />
      </PeriodFilters>
      <FiguresResult
        analytics={analytics}
        rows={(d) => d.students}
        periodText={(d) => t('analytics.period', { from: day(d.from), to: day(d.to), count: d.total })}
        empty={{
          icon: ChartNoAxesColumn,
          title: t('analytics.students.none'),
          help: t('analytics.students.noneHelp'),
        }}
        rowKey={(s) => s.id}
        rowHeaderLabel={t('analytics.students.student')}
        rowHeader={(s) => (
          <>
            <Link to={`/students/${s.id}`} className={rowLink}>
              {s.full_name ?? s.id}
            </Link>
            <br />
            <OverTimeLink student={s} />
          </>
        )}
        columns={columns}
        caption={data ? t('analytics.students.caption', { from: day(data.from), to: day(data.to) }) : ''}
      />
    </>
  );
}
