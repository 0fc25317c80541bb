import { assessmentsPolicy } from '@habla/shared/policies/index';
import {
  GOAL_KINDS,
  type StudentDays,
  type StudentGoal,
  type StudentGoals,
  type StudentMeasures,
  type StudentsAnalytics,
} from '@habla/shared/schemas/analytics';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ChartFigure } from '@/components/charts/chart-figure';
import { LoadFailed } from '@/components/resource/load-failed';
import { useItemName } from '@/components/resource/use-item-name';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { panelCard } from '@/components/ui/panel-card';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatNumber } from '@/lib/format';
import { ASSESSMENT_SCREEN } from '@/lib/resource-screens';
import { useUrlFilters } from '@/lib/use-url-filters';
import { RateCell, useFigure } from './figures-kit';

const FILTERS = ['from', 'to'] as const;
const link = 'text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600';

/** A section of the page: its heading, the period it read, and its figures. */
function Section({ id, title, period, children }: { id: string; title: string; period?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${panelCard} mb-6`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {period && <p className="mt-0.5 mb-3 text-sm text-slate-600">{period}</p>}
      {children}
    </section>
  );
}

/** A name short enough for a chart's axis: goals are many, so their labels are shorter than the kit's. */
const axisName = (name: string) => (name.length > 11 ? `${name.slice(0, 10)}…` : name);

/**
 * The student's streaks over the period (docs/product.md §6): the longest run of days in a row with a
 * finished game, and the one ending on the period's last day or the day before.
 */
function Streaks({ figures }: { figures: StudentsAnalytics['students'][number] }) {
  const { t } = useTranslation();
  const pill = 'rounded-full bg-teal-50 px-3 py-1 text-sm font-semibold text-teal-900 ring-1 ring-teal-200';
  return (
    <div className="mb-4">
      <ul aria-label={t('analytics.student.streaks.label')} className="flex flex-wrap gap-2">
        <li className={pill}>{t('analytics.student.streaks.longest', { count: figures.longest_streak })}</li>
        <li className={pill}>{t('analytics.student.streaks.current', { count: figures.current_streak })}</li>
      </ul>
      <p className="mt-1.5 text-xs text-slate-600">{t('analytics.student.streaks.help')}</p>
    </div>
  );
}

/**
 * The student's figures per goal (docs/product.md §6): the mean score of each goal as a chart (with
 * the same figures as a table), then every figure in a table grouped by kind (level, chapter, target,
 * skill, formulation, verb tense) that scrolls sideways on a phone.
 */
function GoalsFigures({
  data,
  day,
  percent,
}: {
  data: StudentGoals;
  day: (iso: string) => string;
  percent: (v: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const figure = useFigure();
  const goals = data.goals;
  // The catalog's Spanish name where it has one (targets, skills, verb tenses), else the one name.
  const nameOf = (g: StudentGoal) => (i18n.resolvedLanguage === 'es' && g.name_es ? g.name_es : g.name);
  const kindOf = (g: StudentGoal) => t(`analytics.student.goals.kindOf.${g.kind}`);
  const caption = t('analytics.student.goals.caption', { from: day(data.from), to: day(data.to) });
  const headings = [
    t('analytics.student.goals.games'),
    t('analytics.students.sessions'),
    t('analytics.students.passed'),
    t('analytics.students.meanScore'),
    t('analytics.students.firstTry'),
    t('analytics.students.minutes'),
  ];
  const td = 'px-3 py-2 text-right whitespace-nowrap text-slate-800 tabular-nums';
  return (
    <div className="flex flex-col gap-4">
      <ChartFigure
        title={t('analytics.student.goals.chart', { from: day(data.from), to: day(data.to) })}
        labels={goals.map((g) => `${nameOf(g)} (${kindOf(g)})`)}
        axisLabels={goals.map((g) => axisName(nameOf(g)))}
        labelHeading={t('analytics.student.goals.goal')}
        rowHeader={(i) => nameOf(goals[i]!)}
        format={percent}
        yMax={100}
        series={[
          {
            key: 'mean_score',
            label: t('analytics.students.meanScore'),
            kind: 'bar',
            tone: 'teal',
            values: goals.map((g) => g.mean_score),
          },
        ]}
        columns={[{ key: 'kind', label: t('analytics.student.goals.kind'), cell: (i) => kindOf(goals[i]!) }]}
      />
      {/* Scrolls sideways when wider than the screen: focusable, so the keyboard can scroll it too. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={caption}
        className="overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left align-bottom font-semibold">
                {t('analytics.student.goals.goal')}
              </th>
              {headings.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-right align-bottom font-semibold whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          {GOAL_KINDS.filter((kind) => goals.some((g) => g.kind === kind)).map((kind) => (
            <tbody key={kind}>
              <tr className="border-t border-slate-200 bg-slate-50">
                <th
                  scope="rowgroup"
                  colSpan={headings.length + 1}
                  className="px-3 py-1.5 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase"
                >
                  {/* Stays in sight while the table scrolls sideways, like the goals' names. */}
                  <span className="sticky left-3 inline-block">{t(`analytics.student.goals.kinds.${kind}`)}</span>
                </th>
              </tr>
              {goals
                .filter((g) => g.kind === kind)
                .map((g) => (
                  <tr key={g.id} className="border-t border-slate-100">
                    <th
                      scope="row"
                      className="sticky left-0 max-w-48 min-w-36 bg-white px-3 py-2 text-left font-medium text-slate-800"
                    >
                      {nameOf(g)}
                    </th>
                    <td className={td}>{figure(g.games)}</td>
                    <td className={td}>{figure(g.sessions)}</td>
                    <td className={td}>{figure(g.passed)}</td>
                    <td className={td}>
                      <RateCell value={g.mean_score} />
                    </td>
                    <td className={td}>{figure(g.first_try_rate, ' %')}</td>
                    <td className={td}>{figure(g.minutes)}</td>
                  </tr>
                ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}

/**
 * `/analytics/students/:id`: one student over time (docs/product.md §6, decision 027). Their days
 * of the period (by default the last 30) as mean score and first-try rate by day with their streaks,
 * their figures per goal, and their completed assessments' language-sample measures (by default the
 * last 365 days) as MLU in morphemes and in words; each chart with the same figures as a table. The
 * period is kept in the address.
 */
export function StudentAnalyticsPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const user = useAuthStore((s) => s.user);
  const seesSamples = assessmentsPolicy.can(user, 'read');
  const { applied, draft, setDraft, go, input } = useUrlFilters(FILTERS);
  const query = Object.fromEntries(FILTERS.filter((f) => applied[f]).map((f) => [f, applied[f]]));
  const days = useQuery<StudentDays>({
    queryKey: ['analytics', 'student-days', id, query],
    queryFn: ({ signal }) =>
      api
        .get<{ data: StudentDays }>(`/api/analytics/students/${id}/days`, { query, signal, silentSuccess: true })
        .then((r) => r.data),
    // The same student's figures stay while another period loads; another student's never do.
    placeholderData: (previous) => (previous?.student.id === id ? previous : undefined),
  });
  // The period's totals of the students analytics, for the streaks.
  const totals = useQuery<StudentsAnalytics>({
    queryKey: ['analytics', 'students', { student_id: id, ...query }],
    queryFn: ({ signal }) =>
      api
        .get<{ data: StudentsAnalytics }>('/api/analytics/students', {
          query: { student_id: id, ...query },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
  });
  const goals = useQuery<StudentGoals>({
    queryKey: ['analytics', 'student-goals', id, query],
    queryFn: ({ signal }) =>
      api
        .get<{ data: StudentGoals }>(`/api/analytics/students/${id}/goals`, { query, signal, silentSuccess: true })
        .then((r) => r.data),
    placeholderData: (previous) => (previous?.student.id === id ? previous : undefined),
  });
  const measures = useQuery<StudentMeasures>({
    queryKey: ['analytics', 'student-measures', id, query],
    queryFn: ({ signal }) =>
      api
        .get<{ data: StudentMeasures }>(`/api/analytics/students/${id}/measures`, {
          query,
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
    placeholderData: (previous) => (previous?.student.id === id ? previous : undefined),
    enabled: seesSamples,
  });
  const student = days.data?.student ?? measures.data?.student;
  const name = student ? (student.full_name ?? student.id) : null;
  useItemName(name);

  const day = (iso: string) => formatDateTime(lang, `${iso}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  const short = (iso: string) =>
    formatDateTime(lang, `${iso}T00:00:00Z`, { timeZone: 'UTC', month: 'short', day: 'numeric' });
  const percent = (v: number) => `${formatNumber(lang, v, { maximumFractionDigits: 1 })} %`;
  const figure = (v: number) => formatNumber(lang, v, { maximumFractionDigits: 3 });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go(draft, 0);
  };

  const d = days.data;
  const g = goals.data;
  const m = measures.data;
  const streaks = totals.data?.students[0];
  return (
    <>
      <PageHeader
        eyebrow={
          <Link to="/analytics/students" className={link}>
            {t('analytics.student.back')}
          </Link>
        }
        title={name ? t('analytics.overTimeOf', { name }) : t('analytics.progress.overTime')}
        description={t('analytics.student.lead')}
        actions={
          // A progress report of this student (decision 029), the student chosen on /reports.
          <ButtonLink to={`/reports?student_id=${id}`} variant="secondary" size="sm">
            {t('reports.fromStudent')}
          </ButtonLink>
        }
      />
      <form
        role="search"
        aria-label={t('analytics.student.filter')}
        onSubmit={onSubmit}
        className="mb-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField label={t('analytics.filter.from')} {...input('from')} type="date" max={draft.to || undefined} />
          <TextField label={t('analytics.filter.to')} {...input('to')} type="date" min={draft.from || undefined} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {t('analytics.filter.apply')}
          </Button>
          {FILTERS.some((f) => applied[f]) && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => {
                const empty = { from: '', to: '' };
                setDraft(empty);
                go(empty, 0);
              }}
            >
              {t('analytics.filter.clear')}
            </Button>
          )}
        </div>
      </form>

      {days.isError && <LoadFailed onRetry={() => void days.refetch()} back="/analytics/students" />}
      {d && (
        <Section
          id="student-days"
          title={t('analytics.student.days.title')}
          period={t('analytics.student.days.period', { from: day(d.from), to: day(d.to), count: d.days.length })}
        >
          {streaks && <Streaks figures={streaks} />}
          {d.days.length === 0 ? (
            <p className="text-sm text-slate-600">{t('analytics.student.days.none')}</p>
          ) : (
            <ChartFigure
              title={t('analytics.student.days.caption', { from: day(d.from), to: day(d.to) })}
              labels={d.days.map((x) => day(x.day))}
              axisLabels={d.days.map((x) => short(x.day))}
              labelHeading={t('analytics.student.days.day')}
              format={percent}
              yMax={100}
              series={[
                {
                  key: 'mean_score',
                  label: t('analytics.students.meanScore'),
                  kind: 'bar',
                  tone: 'teal',
                  values: d.days.map((x) => x.mean_score),
                },
                {
                  key: 'first_try_rate',
                  label: t('analytics.students.firstTry'),
                  kind: 'line',
                  tone: 'amber',
                  values: d.days.map((x) => x.first_try_rate),
                },
              ]}
              columns={[
                {
                  key: 'sessions',
                  label: t('analytics.students.sessions'),
                  numeric: true,
                  cell: (i) => formatNumber(lang, d.days[i]!.sessions),
                },
                {
                  key: 'passed',
                  label: t('analytics.students.passed'),
                  numeric: true,
                  cell: (i) => formatNumber(lang, d.days[i]!.passed),
                },
                {
                  key: 'minutes',
                  label: t('analytics.students.minutes'),
                  numeric: true,
                  cell: (i) => formatNumber(lang, d.days[i]!.minutes),
                },
                {
                  key: 'errors',
                  label: t('analytics.students.errors'),
                  cell: (i) => {
                    const x = d.days[i]!;
                    return x.evaluated === 0
                      ? '—'
                      : t('analytics.students.errorCounts', {
                          words: x.words_out_of_place,
                          parts: x.parts_of_speech,
                          syntax: x.syntax_error,
                          count: x.evaluated,
                        });
                  },
                },
              ]}
            />
          )}
        </Section>
      )}

      {goals.isError && !days.isError && <LoadFailed onRetry={() => void goals.refetch()} back="/analytics/students" />}
      {g && (
        <Section
          id="student-goals"
          title={t('analytics.student.goals.title')}
          period={t('analytics.student.goals.period', { from: day(g.from), to: day(g.to), count: g.goals.length })}
        >
          <p className="mb-3 text-sm text-slate-700">{t('analytics.student.goals.lead')}</p>
          {g.goals.length === 0 ? (
            <p className="text-sm text-slate-600">{t('analytics.student.goals.none')}</p>
          ) : (
            <GoalsFigures data={g} day={day} percent={percent} />
          )}
        </Section>
      )}

      {seesSamples && measures.isError && !days.isError && (
        <LoadFailed onRetry={() => void measures.refetch()} back="/analytics/students" />
      )}
      {seesSamples && m && (
        <Section
          id="student-measures"
          title={t('analytics.student.measures.title')}
          period={t('analytics.student.measures.period', {
            from: day(m.from),
            to: day(m.to),
            count: m.assessments.length,
          })}
        >
          {m.assessments.length === 0 ? (
            <p className="text-sm text-slate-600">{t('analytics.student.measures.none')}</p>
          ) : (
            <ChartFigure
              title={t('analytics.student.measures.caption', { from: day(m.from), to: day(m.to) })}
              labels={m.assessments.map((a) => day(a.day))}
              axisLabels={m.assessments.map((a) => short(a.day))}
              labelHeading={t('analytics.student.measures.date')}
              rowHeader={(i) => {
                const a = m.assessments[i]!;
                return a.sample_date ? day(a.day) : t('analytics.student.measures.undated', { day: day(a.day) });
              }}
              format={figure}
              series={[
                {
                  key: 'mlu_m',
                  label: t('lsa.measures.mlu_m.label'),
                  kind: 'line',
                  tone: 'teal',
                  values: m.assessments.map((a) => a.mlu_m),
                },
                {
                  key: 'mlu_w',
                  label: t('lsa.measures.mlu_w.label'),
                  kind: 'line',
                  tone: 'amber',
                  values: m.assessments.map((a) => a.mlu_w),
                },
              ]}
              columns={[
                {
                  key: 'title',
                  label: t('analytics.student.measures.assessment'),
                  cell: (i) => (
                    <Link to={`${ASSESSMENT_SCREEN.base}/${m.assessments[i]!.id}`} className={link}>
                      {m.assessments[i]!.title}
                    </Link>
                  ),
                },
                {
                  key: 'tnw',
                  label: t('lsa.measures.tnw.label'),
                  numeric: true,
                  cell: (i) => formatNumber(lang, m.assessments[i]!.tnw),
                },
                {
                  key: 'ndw',
                  label: t('lsa.measures.ndw.label'),
                  numeric: true,
                  cell: (i) => formatNumber(lang, m.assessments[i]!.ndw),
                },
                {
                  key: 'ttr',
                  label: t('lsa.measures.ttr.label'),
                  numeric: true,
                  cell: (i) => figure(m.assessments[i]!.ttr),
                },
                {
                  key: 'mattr',
                  label: t('lsa.measures.mattr.label'),
                  numeric: true,
                  cell: (i) => {
                    const v = m.assessments[i]!.mattr;
                    return v === null ? '—' : figure(v);
                  },
                },
                {
                  key: 'stage',
                  label: t('lsa.measures.brown_stage.label'),
                  cell: (i) => m.assessments[i]!.brown_stage,
                },
              ]}
            />
          )}
        </Section>
      )}
    </>
  );
}
