import { bigint, date, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * The analytics rollups (docs/decisions/026-analytics-rollups.md), made by migration 0018 with the
 * trigger that keeps them; its view, function and indexes live there only (decision 024).
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
