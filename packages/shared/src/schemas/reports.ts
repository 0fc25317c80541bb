import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { analyticsQueryFields, day, periodChecked } from './analytics';

/**
 * Reports (docs/product.md §6–7, docs/decisions/029-reports.md): a document made by a background
 * job and kept for download. The first kind is a student's progress over a period, as a PDF a
 * parent can read. `POST /api/reports`, `GET /api/reports`, `GET /api/reports/:id`,
 * `GET /api/reports/:id/file`.
 */

export const REPORT_KINDS = ['student_progress'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** queued → running → done, or failed (the reason a message key). */
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The longest note a therapist adds to a report. */
export const REPORT_NOTE_MAX = 2000;

/** `POST /api/reports`: which report, of which student, over which period (by default the last 30 days), in which
 * language (by default the caller's), with the therapist's note. */
export const requestReportBody = periodChecked(
  z.object({
    kind: z.enum(REPORT_KINDS, { error: 'validation.choice' }),
    student_id: z.uuid({ error: 'validation.invalid' }),
    from: day.optional(),
    to: day.optional(),
    language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
    note: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(REPORT_NOTE_MAX, { error: 'validation.tooLong' })
      .optional(),
  }),
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
  status: z.enum(REPORT_STATUSES),
  /** Percent of the work done. */
  progress: z.number().int(),
  student: z.object({ id: z.string(), full_name: z.string().nullable() }),
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
});
export type Report = z.infer<typeof reportSchema>;
