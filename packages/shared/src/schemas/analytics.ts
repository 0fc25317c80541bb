import { z } from 'zod';
import { isRealDate } from '../resources/define';
import { BROWN_STAGES } from './lsa';

/**
 * Students analytics (docs/product.md §7, decision 026): how each student in the caller's scope is
 * doing over a period, read from the per-student-day rollup. `GET /api/analytics/students`.
 */

/** A calendar day, YYYY-MM-DD (the period's bounds, both included). */
export const day = z.string({ error: 'validation.date' }).refine(isRealDate, { error: 'validation.date' });

/** The longest period one request covers: two years of days. */
export const ANALYTICS_MAX_DAYS = 731;

/** The fields every analytics query shares: the period (both days included), a name filter and the page. */
export const analyticsQueryFields = {
  from: day.optional(),
  to: day.optional(),
  /** Part of a name (the student's, the game's). */
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
};

/**
 * What a query may narrow its students to, within the caller's scope (docs/product.md §7): one
 * account (platform staff), a therapist's caseload, one workspace. A filter only narrows.
 */
export const analyticsNarrowingFields = {
  account_id: z.uuid({ error: 'validation.invalid' }).optional(),
  therapist_id: z.uuid({ error: 'validation.invalid' }).optional(),
  workspace_id: z.uuid({ error: 'validation.invalid' }).optional(),
};

/** A period that starts before it ends and covers at most ANALYTICS_MAX_DAYS. */
export function periodChecked<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) {
  return schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.periodOrder', path: ['to'] })
    .refine(
      (q) =>
        !q.from ||
        !q.to ||
        Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) < ANALYTICS_MAX_DAYS * 864e5,
      { error: 'validation.periodTooLong', path: ['from'] },
    );
}

export const studentsAnalyticsQuery = periodChecked(
  z.object({
    ...analyticsQueryFields,
    ...analyticsNarrowingFields,
    /** One student only (their page's progress panel). */
    student_id: z.uuid({ error: 'validation.invalid' }).optional(),
  }),
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
  /**
   * Streaks of UTC days with a finished session, within the period (docs/product.md §6): the longest
   * run of consecutive such days, and the run that ends on the period's last day or the day before
   * ("today or yesterday" for the default period), else 0.
   */
  longest_streak: z.number().int(),
  current_streak: z.number().int(),
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

/**
 * One student over time (docs/product.md §6, decisions 026 and 027): their days from the
 * per-student-day rollup (`GET /api/analytics/students/:id/days`) and their completed assessments'
 * language-sample measures (`GET /api/analytics/students/:id/measures`). A student outside the
 * caller's scope answers 404, like one that does not exist.
 */

/** The student, by id. */
export const studentAnalyticsParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export type StudentAnalyticsParams = z.infer<typeof studentAnalyticsParams>;

/** A period, both days included; the same checks as the students analytics' period. */
export const studentPeriodQuery = periodChecked(z.object({ from: day.optional(), to: day.optional() }));
export type StudentPeriodQuery = z.infer<typeof studentPeriodQuery>;

/** The student the figures are of. */
const studentNameSchema = z.object({ id: z.string(), full_name: z.string().nullable() });

/** One UTC day with a finished session. Rates are percents with one decimal; null when nothing counts. */
export const studentDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** Sessions finished that day (completed or left), completed, and passed. */
  sessions: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  /** Mean score of the day's scored sessions. */
  mean_score: z.number().nullable(),
  /** Activities right at the first try, of those tried that day. */
  first_try_rate: z.number().nullable(),
  /** Time played, in whole minutes. */
  minutes: z.number().int(),
  /** Sessions evaluated, and the errors their evaluations counted. */
  evaluated: z.number().int(),
  words_out_of_place: z.number().int(),
  parts_of_speech: z.number().int(),
  syntax_error: z.number().int(),
});
export type StudentDay = z.infer<typeof studentDaySchema>;

/** `GET /api/analytics/students/:id/days`: the days of the period with a finished session, oldest first. */
export const studentDaysSchema = z.object({
  student: studentNameSchema,
  /** The period read, as asked or by default the 30 days up to today (UTC). */
  from: z.string(),
  to: z.string(),
  days: z.array(studentDaySchema),
});
export type StudentDays = z.infer<typeof studentDaysSchema>;

/** One completed assessment's language-sample measures, as stored when it was analysed (docs/product.md §10). */
export const studentMeasurePointSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The sample's date, when the therapist gave one. */
  sample_date: z.string().nullable(),
  /** When it was completed (ISO). */
  completed_at: z.string(),
  /** The day it is placed at: the sample's date, else the day it was completed (UTC). */
  day: z.string(),
  language: z.enum(['en', 'es']),
  /** The child's utterances MLU counted. */
  utterances: z.number().int(),
  mlu_m: z.number(),
  mlu_w: z.number(),
  tnw: z.number().int(),
  ndw: z.number().int(),
  ttr: z.number(),
  /** Null below 50 words. */
  mattr: z.number().nullable(),
  brown_stage: z.enum(BROWN_STAGES),
});
export type StudentMeasurePoint = z.infer<typeof studentMeasurePointSchema>;

/** `GET /api/analytics/students/:id/measures`: the completed assessments of the period, oldest first. */
export const studentMeasuresSchema = z.object({
  student: studentNameSchema,
  /** The period read, as asked or by default the 365 days up to today (UTC): samples are months apart. */
  from: z.string(),
  to: z.string(),
  assessments: z.array(studentMeasurePointSchema),
});
export type StudentMeasures = z.infer<typeof studentMeasuresSchema>;

/**
 * One student's figures per goal (docs/product.md §6): `GET /api/analytics/students/:id/goals`. Each
 * game played in the period counts towards the goals its chapter and level carry in the curriculum
 * now: the level, the chapter, their targets (chapter and level goals), the skills of those targets,
 * the chapter's formulations and the level's verb tenses. A game reaching a goal by two paths counts
 * once towards it.
 */
export const GOAL_KINDS = ['level', 'chapter', 'target', 'skill', 'formulation', 'verb_tense'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** A goal with the student's figures towards it. Rates are percents with one decimal; null when nothing counts. */
export const studentGoalSchema = z.object({
  kind: z.enum(GOAL_KINDS),
  /** The level's, chapter's or catalog entry's id. */
  id: z.string(),
  /** Its name as the curriculum or catalog holds it, and the Spanish one where the catalog has one. */
  name: z.string(),
  name_es: z.string().nullable(),
  /** Distinct games played (a session finished, completed or left) towards it. */
  games: z.number().int(),
  /** Sessions finished (completed or left), completed, and passed. */
  sessions: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  /** Mean score of the scored sessions. */
  mean_score: z.number().nullable(),
  /** Activities right at the first try, of those tried. */
  first_try_rate: z.number().nullable(),
  /** Time played, in whole minutes. */
  minutes: z.number().int(),
});
export type StudentGoal = z.infer<typeof studentGoalSchema>;

/**
 * `GET /api/analytics/students/:id/goals`: the goals of the games played in the period, by kind
 * (level, chapter, target, skill, formulation, verb tense), levels and chapters in the curriculum's
 * order, the others by name.
 */
export const studentGoalsSchema = z.object({
  student: studentNameSchema,
  /** The period read, as asked or by default the 30 days up to today (UTC). */
  from: z.string(),
  to: z.string(),
  goals: z.array(studentGoalSchema),
});
export type StudentGoals = z.infer<typeof studentGoalsSchema>;
