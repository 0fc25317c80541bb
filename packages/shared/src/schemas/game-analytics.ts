import { z } from 'zod';
import { ACTIVITY_RANKS, GAME_TYPES, RANK_MIN_TRIED } from '../enums';
import { playerAnswerSchema } from '../play';
import { analyticsNarrowingFields, analyticsQueryFields, periodChecked } from './analytics';

/**
 * Games and activities analytics (docs/product.md §7, decision 028): how each game and each of its
 * activities worked for the students in the caller's scope over a period, read from the per-game and
 * per-activity rollups. `GET /api/analytics/games`, `GET /api/analytics/activities`.
 */

const uuid = z.uuid({ error: 'validation.invalid' });

export const gamesAnalyticsQuery = periodChecked(
  z.object({
    ...analyticsQueryFields,
    ...analyticsNarrowingFields,
    /** The plays of one student only. */
    student_id: uuid.optional(),
  }),
);
export type GamesAnalyticsQuery = z.infer<typeof gamesAnalyticsQuery>;

/** One game (one version of it) over the period. Rates are percents with one decimal; null when nothing counts. */
export const gameFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  type: z.enum(GAME_TYPES),
  /** Students who finished a session of it. */
  students: z.number().int(),
  /** Sessions finished (completed or left), and completed of them. */
  sessions: z.number().int(),
  completed: z.number().int(),
  completion_rate: z.number().nullable(),
  passed: z.number().int(),
  /** Passed of the completed sessions. */
  pass_rate: z.number().nullable(),
  mean_score: z.number().nullable(),
  /** Activities right at the first try, of those tried. */
  first_try_rate: z.number().nullable(),
  /** The median time of a completed session, in seconds. */
  median_seconds: z.number().nullable(),
});
export type GameFigures = z.infer<typeof gameFiguresSchema>;

export const gamesAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Most played first. */
  games: z.array(gameFiguresSchema),
  /** Games played in the period by the students in scope (matching `q`). */
  total: z.number().int(),
});
export type GamesAnalytics = z.infer<typeof gamesAnalyticsSchema>;

export const activitiesAnalyticsQuery = periodChecked(
  z.object({
    ...analyticsQueryFields,
    ...analyticsNarrowingFields,
    /** One game's activities, in the game's order. */
    game_id: uuid.optional(),
    rank: z.enum(ACTIVITY_RANKS, { error: 'validation.invalid' }).default('hardest'),
    /** The fewest sessions an activity must have been tried in to be ranked. */
    min_tried: z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.number' })
      .min(1, { error: 'validation.range' })
      .max(10_000, { error: 'validation.range' })
      .default(RANK_MIN_TRIED),
  }),
);
export type ActivitiesAnalyticsQuery = z.infer<typeof activitiesAnalyticsQuery>;

/** A wrong answer and how often it was given: the option chosen, or the sentence built. */
export const wrongAnswerSchema = z.object({
  answer: playerAnswerSchema,
  /** What the child saw: the option's text (or its picture's word), or the words in their order. */
  label: z.string(),
  times: z.number().int(),
});
export type WrongAnswer = z.infer<typeof wrongAnswerSchema>;

export const activityFiguresSchema = z.object({
  id: z.string(),
  game_id: z.string(),
  game_name: z.string(),
  position: z.number().int(),
  /** The question, or for a sentence practice its target sentence when it has no question. */
  label: z.string(),
  /** Sessions that tried it; right in the end; right at the first try. */
  tried: z.number().int(),
  right_rate: z.number().nullable(),
  first_try_rate: z.number().nullable(),
  tries_per_session: z.number().nullable(),
  /** Mean time spent on it in a session, in seconds. */
  mean_seconds: z.number().nullable(),
  /** Sessions left at this activity (the drop-off point). */
  left_here: z.number().int(),
  /** The three wrong answers given most often. */
  wrong_answers: z.array(wrongAnswerSchema),
});
export type ActivityFigures = z.infer<typeof activityFiguresSchema>;

export const activitiesAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** A game's activities in order, or the ranking. */
  activities: z.array(activityFiguresSchema),
  total: z.number().int(),
});
export type ActivitiesAnalytics = z.infer<typeof activitiesAnalyticsSchema>;
