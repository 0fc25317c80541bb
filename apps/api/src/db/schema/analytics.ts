import { bigint, date, integer, jsonb, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { PlayerAnswer } from '@habla/shared/play';
import { accounts } from './accounts';
import { games } from './games';
import { users } from './users';

/**
 * The analytics rollups (docs/decisions/026-analytics-rollups.md, 028-game-activity-rollups.md), made by
 * migrations 0018, 0019 and 0022 with the triggers that keep them; their views, functions and indexes live
 * there only (decision 024).
 */

/** A student's finished sessions of one UTC day, summed: what the students analytics read. */
export const studentDayStats = pgTable(
  'student_day_stats',
  {
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Sessions finished that day (completed or left). */
    sessions: integer('sessions').notNull(),
    completed: integer('completed').notNull(),
    passed: integer('passed').notNull(),
    /** Sessions with a score, and the sum of their scores (percent, one decimal). */
    scored: integer('scored').notNull(),
    score_sum: numeric('score_sum', { precision: 12, scale: 1 }).notNull(),
    /** Activities tried, those right at the first try, and every try. */
    activities: integer('activities').notNull(),
    first_try: integer('first_try').notNull(),
    tries: integer('tries').notNull(),
    duration_ms: bigint('duration_ms', { mode: 'number' }).notNull(),
    /** Sessions evaluated, and the errors their evaluations counted. */
    evaluated: integer('evaluated').notNull(),
    words_out_of_place: integer('words_out_of_place').notNull(),
    parts_of_speech: integer('parts_of_speech').notNull(),
    syntax_error: integer('syntax_error').notNull(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.day] })],
);

export type DbStudentDayStatsRow = typeof studentDayStats.$inferSelect;

/** A game's finished sessions of one student and UTC day, summed (games analytics). */
export const gameDayStats = pgTable(
  'game_day_stats',
  {
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    sessions: integer('sessions').notNull(),
    completed: integer('completed').notNull(),
    passed: integer('passed').notNull(),
    scored: integer('scored').notNull(),
    score_sum: numeric('score_sum', { precision: 12, scale: 1 }).notNull(),
    activities: integer('activities').notNull(),
    first_try: integer('first_try').notNull(),
    tries: integer('tries').notNull(),
    duration_ms: bigint('duration_ms', { mode: 'number' }).notNull(),
    /** The completed sessions' durations (ms), sorted: a period's median time is read from them. */
    durations: integer('durations').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.day, t.game_id] })],
);
export type DbGameDayStatsRow = typeof gameDayStats.$inferSelect;

/** An activity as one student's finished sessions of one UTC day met it (activities analytics). */
export const activityDayStats = pgTable(
  'activity_day_stats',
  {
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id),
    activity_id: uuid('activity_id').notNull(),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Sessions that tried it, answered it right in the end, right at the first try; their tries. */
    tried: integer('tried').notNull(),
    right: integer('right').notNull(),
    first_try: integer('first_try').notNull(),
    tries: integer('tries').notNull(),
    elapsed_ms: bigint('elapsed_ms', { mode: 'number' }).notNull(),
    /** Sessions left (incomplete) at this activity: the first one neither right nor out of tries. */
    left_here: integer('left_here').notNull(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.day, t.game_id, t.activity_id] })],
);
export type DbActivityDayStatsRow = typeof activityDayStats.$inferSelect;

/** The wrong answers given to an activity by one student on one UTC day, counted. */
export const activityAnswerStats = pgTable(
  'activity_answer_stats',
  {
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id),
    activity_id: uuid('activity_id').notNull(),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    answer: jsonb('answer').$type<PlayerAnswer>().notNull(),
    wrong: integer('wrong').notNull(),
  },
  (t) => [primaryKey({ columns: [t.student_id, t.day, t.game_id, t.activity_id, t.answer] })],
);
export type DbActivityAnswerStatsRow = typeof activityAnswerStats.$inferSelect;

/**
 * An account's students' finished sessions of a game as running totals by month (migration 0022,
 * decision 028): element k (year × 12 + month − 1) of each array is the total through month k; 0
 * before the first element, the last element after it. Read by account-wide readers only.
 */
export const gameMonthStats = pgTable(
  'game_month_stats',
  {
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id),
    sessions: integer('sessions').array().notNull(),
    completed: integer('completed').array().notNull(),
    passed: integer('passed').array().notNull(),
    scored: integer('scored').array().notNull(),
    /** The sum of scores in tenths of a percent (scores keep one decimal). */
    score_tenths: bigint('score_tenths', { mode: 'number' }).array().notNull(),
    activities: integer('activities').array().notNull(),
    first_try: integer('first_try').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.game_id] })],
);
export type DbGameMonthStatsRow = typeof gameMonthStats.$inferSelect;

/** An account's students' finished sessions at an activity, as running totals by month (like `gameMonthStats`). */
export const activityMonthStats = pgTable(
  'activity_month_stats',
  {
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id),
    activity_id: uuid('activity_id').notNull(),
    tried: integer('tried').array().notNull(),
    right: integer('right').array().notNull(),
    first_try: integer('first_try').array().notNull(),
    tries: integer('tries').array().notNull(),
    elapsed_ms: bigint('elapsed_ms', { mode: 'number' }).array().notNull(),
    left_here: integer('left_here').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.game_id, t.activity_id] })],
);
export type DbActivityMonthStatsRow = typeof activityMonthStats.$inferSelect;

/**
 * The version of each scope's analytics (migration 0024, decision 030): an account's id, 'none' (students
 * in no account) or '*' (every rollup rebuilt), set from `analytics_version_seq` whenever its rollups change.
 */
export const analyticsVersions = pgTable('analytics_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
export type DbAnalyticsVersionRow = typeof analyticsVersions.$inferSelect;
