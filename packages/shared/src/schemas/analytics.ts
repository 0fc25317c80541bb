import { z } from 'zod';
import { isRealDate } from '../resources/define';

/**
 * Students analytics (docs/product.md §7, decision 026): how each student in the caller's scope is
 * doing over a period, read from the per-student-day rollup. `GET /api/analytics/students`.
 */

/** A calendar day, YYYY-MM-DD (the period's bounds, both included). */
const day = z.string({ error: 'validation.date' }).refine(isRealDate, { error: 'validation.date' });

/** The longest period one request covers: two years of days. */
export const ANALYTICS_MAX_DAYS = 731;

export const studentsAnalyticsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    /** One student only (their page's progress panel). */
    student_id: z.uuid({ error: 'validation.invalid' }).optional(),
    /** Part of a student's name. */
    q: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
    page: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.number' })
      .min(0, { error: 'validation.range' })
      .max(100_000, { error: 'validation.range' })
      .default(0),
    max: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.number' })
      .min(1, { error: 'validation.range' })
      .max(100, { error: 'validation.range' })
      .default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.periodOrder', path: ['to'] })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) < ANALYTICS_MAX_DAYS * 864e5,
    { error: 'validation.periodTooLong', path: ['from'] },
  );
export type StudentsAnalyticsQuery = z.infer<typeof studentsAnalyticsQuery>;

/** One student's figures over the period. Rates are percents with one decimal; null when nothing counts. */
export const studentFiguresSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  /** Games given in the period. */
  assigned: z.number().int(),
  /** Sessions finished (completed or left), completed, and passed. */
  sessions: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  /** Mean score of the scored sessions. */
  mean_score: z.number().nullable(),
  /** Activities right at the first try, of those tried. */
  first_try_rate: z.number().nullable(),
  /** Tries per activity tried (1 is every activity right at once; 3 the most). */
  tries_per_activity: z.number().nullable(),
  /** Time played, in whole minutes. */
  minutes: z.number().int(),
  /** Days with a finished session, and the last of them. */
  days_active: z.number().int(),
  last_day: z.string().nullable(),
  /** Sessions evaluated, and the errors the evaluations counted. */
  evaluated: z.number().int(),
  words_out_of_place: z.number().int(),
  parts_of_speech: z.number().int(),
  syntax_error: z.number().int(),
});
export type StudentFigures = z.infer<typeof studentFiguresSchema>;

export const studentsAnalyticsSchema = z.object({
  /** The period read, as asked or by default the 30 days up to today (UTC). */
  from: z.string(),
  to: z.string(),
  students: z.array(studentFiguresSchema),
  /** Students in scope matching `q`. */
  total: z.number().int(),
});
export type StudentsAnalytics = z.infer<typeof studentsAnalyticsSchema>;
