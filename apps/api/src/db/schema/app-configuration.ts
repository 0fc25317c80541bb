import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './common';

/** The app configuration: one row per module (MLA, MAA), created by migration 0007 at the defaults. */
export const appConfiguration = pgTable('app_configuration', {
  module: text('module').primaryKey(),
  min_rate: integer('min_rate').notNull().default(50),
  game_expiration: integer('game_expiration').notNull().default(2),
  point_first_try: integer('point_first_try').notNull().default(10),
  point_second_try: integer('point_second_try').notNull().default(1),
  point_third_try: integer('point_third_try').notNull().default(0),
  page_count: integer('page_count').notNull().default(25),
  max_workspace: integer('max_workspace').notNull().default(2),
  show_progress_bar: boolean('show_progress_bar').notNull().default(false),
  show_failed_attemps: boolean('show_failed_attemps').notNull().default(false),
  max_recording_minutes: integer('max_recording_minutes').notNull().default(60),
  ...auditColumns(),
});
