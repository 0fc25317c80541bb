import type { StudentDays, StudentsAnalytics } from '@habla/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChartFigure } from '@/components/charts/chart-figure';
import { api } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { RecordPanelProps } from '@/lib/record-panels';

/**
 * A student's page: how they are doing over the last 30 days (played, mean score, right at the first
 * try, minutes, the days played in a row up to today or yesterday, last played) with their mean
 * score by day as a small chart (decision 027), the way to their figures over time and to every
 * figure in Students analytics.
 */
export default function StudentProgressPanel({ row }: RecordPanelProps) {
  const { t, i18n } = useTranslation();
  const figures = useQuery({
    queryKey: ['analytics', 'students', { student_id: row.id }],
    queryFn: ({ signal }) =>
      api
        .get<{ data: StudentsAnalytics }>('/api/analytics/students', {
          query: { student_id: row.id },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
  });
  // The same 30 days, day by day: the small trend (the chart's library loads only when it is drawn).
  const days = useQuery({
    queryKey: ['analytics', 'student-days', row.id, {}],
    queryFn: ({ signal }) =>
      api
        .get<{ data: StudentDays }>(`/api/analytics/students/${row.id}/days`, { signal, silentSuccess: true })
        .then((r) => r.data),
  });
  const scored = (days.data?.days ?? []).filter((d) => d.mean_score !== null);
  const day = (iso: string) =>
    formatDateTime(i18n.language, `${iso}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  const s = figures.data?.students[0];
  const n = (v: number | null, suffix = '') =>
    v === null ? '—' : `${formatNumber(i18n.language, v, { maximumFractionDigits: 1 })}${suffix}`;
  const name = String(row.full_name ?? '');
  const tiles = s
    ? [
        [t('analytics.students.sessions'), n(s.sessions)],
        [t('analytics.students.meanScore'), n(s.mean_score, ' %')],
        [t('analytics.students.firstTry'), n(s.first_try_rate, ' %')],
        [t('analytics.students.minutes'), n(s.minutes)],
        [t('analytics.students.currentStreak'), t('analytics.students.streakDays', { count: s.current_streak })],
        [
          t('analytics.students.lastDay'),
          s.last_day
            ? formatDateTime(i18n.language, `${s.last_day}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' })
            : t('analytics.never'),
        ],
      ]
    : [];
  return (
    <section
      aria-labelledby="student-progress-panel"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="student-progress-panel" className="text-lg font-semibold text-slate-900">
          {t('analytics.progress.title')}
        </h2>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link
            to={`/analytics/students/${row.id}`}
            className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            {t('analytics.progress.overTime')}
          </Link>
          <Link
            to={`/analytics/students?q=${encodeURIComponent(name)}`}
            className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            {t('analytics.progress.all')}
          </Link>
        </div>
      </div>
      {figures.isError && <p className="mt-2 text-sm text-slate-600">{t('records.loadFailed')}</p>}
      {s && s.sessions === 0 && <p className="mt-2 text-sm text-slate-600">{t('analytics.progress.none')}</p>}
      {s && s.sessions > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {/* A trend needs two days with a score; one is the tile above. */}
      {s && s.sessions > 0 && scored.length > 1 && (
        <div className="mt-4">
          <h3 className="mb-1 text-sm font-medium text-slate-700">{t('analytics.progress.trend')}</h3>
          <ChartFigure
            compact
            title={t('analytics.progress.trend')}
            labels={scored.map((d) => day(d.day))}
            labelHeading={t('analytics.student.days.day')}
            format={(v) => n(v, ' %')}
            yMax={100}
            series={[
              {
                key: 'mean_score',
                label: t('analytics.students.meanScore'),
                kind: 'line',
                tone: 'teal',
                values: scored.map((d) => d.mean_score),
              },
            ]}
          />
        </div>
      )}
    </section>
  );
}
