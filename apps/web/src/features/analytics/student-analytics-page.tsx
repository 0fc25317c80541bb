import { assessmentsPolicy } from '@habla/shared/policies/index';
import type { StudentDays, StudentMeasures } from '@habla/shared/schemas/analytics';
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

/**
 * `/analytics/students/:id`: one student over time (docs/product.md §6, decision 027). Their days
 * of the period (by default the last 30) as mean score and first-try rate by day, and their completed
 * assessments' language-sample measures (by default the last 365 days) as MLU in morphemes and in
 * words; each chart with the same figures as a table. The period is kept in the address.
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
  const m = measures.data;
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
