import type { StudentFigures, StudentsAnalytics } from '@habla/shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChartLine, ChartNoAxesColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '@/components/resource/list-pagination';
import { LoadFailed } from '@/components/resource/load-failed';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  FiguresTable,
  PeriodFilters,
  PeriodLine,
  RateCell,
  rowLink,
  useDay,
  useFigure,
  type FigureColumn,
} from './figures-kit';

const MAX = 25;
const FILTERS = ['from', 'to', 'q'] as const;

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
 * 30 days): games given and played, mean score, first-try rate, tries per activity, time played and
 * the errors counted in evaluations (decision 026). The period and a name are kept in the address.
 */
export function StudentsAnalyticsPage() {
  const { t } = useTranslation();
  const figure = useFigure();
  const day = useDay();
  const filters = useUrlFilters(FILTERS);
  const { applied, page, go } = filters;
  const chosen = Object.fromEntries(FILTERS.filter((f) => applied[f]).map((f) => [f, applied[f]]));
  const query = { page, max: MAX, ...chosen };
  const figures = useQuery({
    queryKey: ['analytics', 'students', query],
    queryFn: ({ signal }) =>
      api.get<{ data: StudentsAnalytics }>('/api/analytics/students', { query, signal, silentSuccess: true }),
    placeholderData: keepPreviousData,
  });
  const data = figures.data?.data;
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
      />
      {figures.isError && <LoadFailed onRetry={() => void figures.refetch()} back="/analytics" />}
      {data && (
        <PeriodLine
          text={t('analytics.period', { from: day(data.from), to: day(data.to), count: data.total })}
          exportPath="/api/analytics/students/export"
          filters={chosen}
          filename="students.csv"
          canExport={data.total > 0}
        />
      )}
      {data && data.students.length === 0 ? (
        <EmptyState icon={ChartNoAxesColumn} title={t('analytics.students.none')}>
          {t('analytics.students.noneHelp')}
        </EmptyState>
      ) : (
        <FiguresTable
          rows={data?.students ?? []}
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
          dimmed={figures.isFetching && figures.isPlaceholderData}
        />
      )}
      {(data?.total ?? 0) > MAX && (
        <div className="mt-4">
          <ListPagination page={page} max={MAX} total={data!.total} onPage={(p) => go(applied, p)} />
        </div>
      )}
    </>
  );
}
