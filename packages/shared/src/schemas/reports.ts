import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { analyticsQueryFields, day, periodChecked } from './analytics';

/**
 * Reports (docs/product.md §6–7, docs/decisions/029-reports.md): a document made by a background
 * job and kept for download: a student's progress over a period, as a PDF a parent can read, or the
 * caseload summary (every student of the reader's analytics scope) as a PDF or a CSV.
 * `POST /api/reports`, `GET /api/reports`, `GET /api/reports/:id`, `GET /api/reports/:id/file`,
 * `DELETE /api/reports/:id`; saved definitions under `/api/report-definitions`.
 */

export const REPORT_KINDS = ['student_progress', 'caseload_summary'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A progress report is a PDF; a caseload summary a PDF or a CSV. */
export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Days a made (or failed) report is kept before the expiry job removes it and its file. */
export const REPORT_KEEP_DAYS = 90;

/**
 * What a caseload summary can list for each student: the students analytics' figures, by their CSV
 * column keys (`analyticsExport.*`), in this order.
 */
export const CASELOAD_MEASURES = [
  'assigned',
  'sessions',
  'completed',
  'passed',
  'meanScore',
  'firstTry',
  'triesPerActivity',
  'minutes',
  'daysActive',
  'lastDay',
  'longestStreak',
  'currentStreak',
  'evaluated',
  'wordsOutOfPlace',
  'partsOfSpeech',
  'syntaxError',
] as const;
export type CaseloadMeasure = (typeof CASELOAD_MEASURES)[number];

/** Measures in the order a summary lists them (the students analytics'), whatever order they were given in. */
export const inListOrder = (measures: readonly CaseloadMeasure[]): CaseloadMeasure[] =>
  CASELOAD_MEASURES.filter((m) => measures.includes(m));

/** The measures of a caseload summary when none are chosen: every one in a CSV, these in a PDF. */
export const CASELOAD_PDF_MEASURES: readonly CaseloadMeasure[] = [
  'sessions',
  'passed',
  'meanScore',
  'firstTry',
  'minutes',
  'lastDay',
];

/** The most measures a caseload summary's PDF prints beside the name (its table fits an A4 page). */
export const CASELOAD_PDF_MAX_MEASURES = 8;

/** The most students a caseload summary lists (the first by last name; the rest are counted). */
export const CASELOAD_SUMMARY_MAX = 5000;

/** The longest name of a saved definition. */
export const REPORT_DEFINITION_NAME_MAX = 120;

/** A definition's relative period: the last 1 to 366 days up to the day it runs. */
export const REPORT_PERIOD_DAYS_MAX = 366;

/** queued → running → done, or failed (the reason a message key). */
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest note a therapist adds to a report. */
export const REPORT_NOTE_MAX = 2000;

const note = z.string({ error: 'validation.invalid' }).trim().max(REPORT_NOTE_MAX, { error: 'validation.tooLong' });

/** What a report is: its kind, its student for a progress report, its format, a summary's measures. */
const whatFields = {
  kind: z.enum(REPORT_KINDS, { error: 'validation.choice' }),
  student_id: z.uuid({ error: 'validation.invalid' }).optional(),
  format: z.enum(REPORT_FORMATS, { error: 'validation.choice' }).optional(),
  measures: z
    .array(z.enum(CASELOAD_MEASURES, { error: 'validation.choice' }), { error: 'validation.invalid' })
    .min(1, { error: 'validation.required' })
    .refine((m) => new Set(m).size === m.length, { error: 'validation.invalid' })
    .optional(),
};

/**
 * A progress report names its student and is a PDF; a caseload summary names no student, and its
 * PDF prints at most CASELOAD_PDF_MAX_MEASURES measures.
 */
function kindChecked<
  T extends z.ZodType<{
    kind: ReportKind;
    student_id?: string | undefined;
    format?: ReportFormat | undefined;
    measures?: CaseloadMeasure[] | undefined;
  }>,
>(schema: T) {
  return schema
    .refine((b) => b.kind !== 'student_progress' || !b.measures, { error: 'validation.invalid', path: ['measures'] })
    .refine((b) => (b.format ?? 'pdf') !== 'pdf' || (b.measures?.length ?? 0) <= CASELOAD_PDF_MAX_MEASURES, {
      error: 'validation.tooMany',
      path: ['measures'],
    })
    .refine((b) => b.kind !== 'student_progress' || Boolean(b.student_id), {
      error: 'validation.required',
      path: ['student_id'],
    })
    .refine((b) => b.kind !== 'student_progress' || (b.format ?? 'pdf') === 'pdf', {
      error: 'validation.choice',
      path: ['format'],
    })
    .refine((b) => b.kind !== 'caseload_summary' || !b.student_id, {
      error: 'validation.invalid',
      path: ['student_id'],
    });
}

/** `POST /api/reports`: which report (of which student, in which format), over which period (by default the last
 * 30 days), in which language (by default the caller's), with the therapist's note. */
export const requestReportBody = kindChecked(
  periodChecked(
    z.object({
      ...whatFields,
      from: day.optional(),
      to: day.optional(),
      language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
      note: note.optional(),
    }),
  ),
);
export type RequestReportBody = z.infer<typeof requestReportBody>;

/** `GET /api/reports`: a page of the caller's own reports, newest first. */
export const reportsListQuery = z.object({ page: analyticsQueryFields.page, max: analyticsQueryFields.max });
export type ReportsListQuery = z.infer<typeof reportsListQuery>;

export const reportParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export type ReportParams = z.infer<typeof reportParams>;

/** One report as its requester sees it. */
export const reportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  /** The measures a caseload summary lists; null for the default set (and for a progress report). */
  measures: z.array(z.enum(CASELOAD_MEASURES)).nullable(),
  status: z.enum(REPORT_STATUSES),
  /** Percent of the work done. */
  progress: z.number().int(),
  /** The student of a progress report; null for a caseload summary. */
  student: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  /** The period, both days included (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  language: z.enum(LANGUAGES),
  /** The therapist's note, as given. */
  note: z.string().nullable(),
  /** Why it failed, translated; null unless failed. */
  failure: z.string().nullable(),
  /** The PDF's size in bytes once done. */
  size: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When it and its file are removed (REPORT_KEEP_DAYS after it was made or failed). */
  expires_at: z.string().nullable(),
  /** The saved definition it was made from, if any (null once that definition is deleted). */
  definition_id: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * `POST /api/report-definitions` and `PUT /api/report-definitions/:id`: a saved report, run again with
 * one click. Its period is the last `period_days` days up to the day it runs, or the fixed days `from`
 * to `to` (one or the other; neither is the last 30 days).
 */
export const reportDefinitionBody = kindChecked(
  periodChecked(
    z.object({
      name: z
        .string({ error: 'validation.required' })
        .trim()
        .min(1, { error: 'validation.required' })
        .max(REPORT_DEFINITION_NAME_MAX, { error: 'validation.tooLong' }),
      ...whatFields,
      period_days: z
        .number({ error: 'validation.number' })
        .int({ error: 'validation.number' })
        .min(1, { error: 'validation.range' })
        .max(REPORT_PERIOD_DAYS_MAX, { error: 'validation.range' })
        .optional(),
      from: day.optional(),
      to: day.optional(),
      language: z.enum(LANGUAGES, { error: 'validation.choice' }),
      note: note.optional(),
    }),
  )
    .refine((b) => !b.period_days || (!b.from && !b.to), { error: 'validation.invalid', path: ['period_days'] })
    .refine((b) => !b.from || Boolean(b.to), { error: 'validation.required', path: ['to'] })
    .refine((b) => !b.to || Boolean(b.from), { error: 'validation.required', path: ['from'] }),
);
export type ReportDefinitionBody = z.infer<typeof reportDefinitionBody>;

/** A saved definition as its owner sees it. */
export const reportDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  measures: z.array(z.enum(CASELOAD_MEASURES)).nullable(),
  student: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  /** The relative period in days, or null for the fixed days `from`..`to`. */
  period_days: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  language: z.enum(LANGUAGES),
  note: z.string().nullable(),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

/** `GET /api/report-definitions`: the caller's own, by name. */
export const reportDefinitionsQuery = reportsListQuery;
export type ReportDefinitionsQuery = z.infer<typeof reportDefinitionsQuery>;
