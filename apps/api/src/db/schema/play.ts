import type { GameType } from '@habla/shared';
import type { PlayerAnswer, ScoringRules } from '@habla/shared/play';
import type { AssignStatus } from '@habla/shared/schemas/assignments';
import type { SessionStatus } from '@habla/shared/schemas/player';
import { bigint, boolean, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id, tstz } from './common';
import { chapters } from './curriculum';
import { games, type DbActivityRow } from './games';
import { users } from './users';

/**
 * Assigning, playing and evaluating games (docs/product.md §4, docs/decisions/017-assign-play-evaluate.md),
 * made by migration 0010; its checks and indexes live there only (docs/decisions/024-typed-tables.md).
 * pg reads a numeric (the scores) as text: Drizzle types it as a string too.
 */

/** An activity as an assignment freezes it, answer key included. */
type FrozenActivity = Pick<DbActivityRow, 'id' | 'position' | 'question' | 'picture' | 'audio_id' | 'answers'>;

/**
 * A frozen copy of a completed game for one student, with the scoring rules of the day it was
 * made: later edits to the game or the app configuration change no running assignment.
 */
export const assignments = pgTable('assignments', {
  id: id(),
  game_id: uuid('game_id')
    .notNull()
    .references(() => games.id),
  student_id: uuid('student_id')
    .notNull()
    .references(() => users.id),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  name: text('name').notNull(),
  type: text('type').$type<GameType>().notNull(),
  chapter_id: uuid('chapter_id').references(() => chapters.id),
  activities: jsonb('activities').$type<FrozenActivity[]>().notNull(),
  activities_count: integer('activities_count').notNull(),
  rules: jsonb('rules').$type<ScoringRules & { show_progress_bar: boolean; show_failed_attemps: boolean }>().notNull(),
  max_attempts: integer('max_attempts').notNull(),
  /** Sessions started so far. */
  attempts: integer('attempts').notNull().default(0),
  start_time: tstz('start_time').notNull(),
  end_time: tstz('end_time').notNull(),
  assign_status: text('assign_status').$type<AssignStatus>().notNull().default('ASSIGNED'),
  /** Percent with one decimal. */
  best_score: numeric('best_score', { precision: 5, scale: 1 }),
  last_score: numeric('last_score', { precision: 5, scale: 1 }),
  last_played_at: tstz('last_played_at'),
  ...auditColumns(),
});

/** One play of an assignment; at most one is open (NEW or PLAYING) per assignment, and starting again resumes it. */
export const gameSessions = pgTable('game_sessions', {
  id: id(),
  assignment_id: uuid('assignment_id')
    .notNull()
    .references(() => assignments.id),
  student_id: uuid('student_id')
    .notNull()
    .references(() => users.id),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  status: text('status').$type<SessionStatus>().notNull().default('NEW'),
  /** Which attempt of the assignment it is, from 1. */
  attempt: integer('attempt').notNull(),
  started_at: tstz('started_at').notNull(),
  finished_at: tstz('finished_at'),
  total_right: integer('total_right').notNull().default(0),
  total_wrong: integer('total_wrong').notNull().default(0),
  points: integer('points').notNull().default(0),
  /** Percent with one decimal; null until the session is finished. */
  score: numeric('score', { precision: 5, scale: 1 }),
  passed: boolean('passed'),
  /** pg reads a bigint as text: a raw query's row has a string here. */
  duration_ms: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
  // The evaluation, empty until someone evaluates the session: the error counts as saved, the score's description, who
  // and when.
  words_out_of_place: integer('words_out_of_place'),
  parts_of_speech: integer('parts_of_speech'),
  syntax_error: integer('syntax_error'),
  score_description: text('score_description'),
  evaluator_id: uuid('evaluator_id').references(() => users.id),
  evaluated_at: tstz('evaluated_at'),
  created_at: tstz('created_at').notNull().defaultNow(),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

/** Every try of a session; `client_try_id` makes a try sent again (after the connection came back) count once. */
export const gameTries = pgTable('game_tries', {
  id: id(),
  session_id: uuid('session_id')
    .notNull()
    .references(() => gameSessions.id),
  /** The frozen activity's id (in the assignment's `activities`). */
  activity_id: uuid('activity_id').notNull(),
  /** 1 to 3. */
  try_number: integer('try_number').notNull(),
  client_try_id: text('client_try_id').notNull(),
  answer: jsonb('answer').$type<PlayerAnswer>().notNull(),
  correct: boolean('correct').notNull(),
  points: integer('points').notNull(),
  elapsed_ms: integer('elapsed_ms').notNull(),
  created_at: tstz('created_at').notNull().defaultNow(),
});

export type DbAssignmentRow = typeof assignments.$inferSelect;
export type DbGameSessionRow = typeof gameSessions.$inferSelect;
export type DbGameTryRow = typeof gameTries.$inferSelect;
