import type { ActivityAnswers, GameStatus, GameType, GAME_SHARE_STATUSES } from '@habla/shared';
import { boolean, integer, jsonb, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { topics } from './catalogs';
import { auditColumns, id, tstz } from './common';
import { chapters } from './curriculum';

/**
 * Games and their ordered activities (docs/product.md §4, docs/decisions/015-games.md), made by
 * migration 0008; its checks, indexes and triggers live there only (docs/decisions/024-typed-tables.md).
 */

/** A game; one without an account is the library's. */
export const games = pgTable('games', {
  id: id(),
  name: text('name').notNull(),
  type: text('type').$type<GameType>().notNull(),
  chapter_id: uuid('chapter_id').references(() => chapters.id),
  topic_id: uuid('topic_id').references(() => topics.id as never),
  comment: text('comment'),
  /** How many times a student may play it (1–20); an assignment may set its own. */
  max_attempts: integer('max_attempts'),
  game_status: text('game_status').$type<GameStatus>().notNull().default('WORK_IN_PROGRESS'),
  /** Private to its author until shared with the account. */
  is_private: boolean('is_private').notNull().default(true),
  share_status: text('share_status').$type<(typeof GAME_SHARE_STATUSES)[number]>(),
  version: integer('version').notNull().default(1),
  /** The first game of its family (new versions), or the game it was collected from. */
  origin_id: uuid('origin_id').references((): AnyPgColumn => games.id),
  account_id: uuid('account_id').references(() => accounts.id),
  /** Its live activities, kept by the activity writes. */
  activities_count: integer('activities_count').notNull().default(0),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

/** An activity of a game; the live activities of a game sit at positions 1..n (checked at commit). */
export const activities = pgTable('activities', {
  id: id(),
  game_id: uuid('game_id')
    .notNull()
    .references(() => games.id),
  position: integer('position').notNull(),
  question: text('question'),
  /** A Noto picture's code or a gallery image's id (docs/decisions/016-images.md). */
  picture: text('picture'),
  /** The id of the `files` row of its audio prompt (no foreign key, like every file reference). */
  audio_id: uuid('audio_id'),
  answers: jsonb('answers').$type<ActivityAnswers>().notNull(),
  // The game's state and author, kept by triggers: whether an activity may change is its game's question.
  game_status: text('game_status').$type<GameStatus>(),
  game_account_id: uuid('game_account_id'),
  game_created_by: uuid('game_created_by'),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

export type DbGameRow = typeof games.$inferSelect;
export type DbActivityRow = typeof activities.$inferSelect;
