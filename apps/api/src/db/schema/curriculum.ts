import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { dictionary, formulations, grammaticalTypes, targets, verbTenses } from './catalogs';
import { auditColumns, id, tstz } from './common';

/**
 * The curriculum shared by every account (docs/product.md §4): levels, their chapters in order, and
 * what each teaches. Migration 0006 made these tables; their indexes, the one-place-per-chapter
 * exclusion and the gap-free numbering trigger live there only (docs/decisions/024-typed-tables.md).
 */

/** A level of the curriculum. `chapters_count` counts its live chapters, kept by the chapter writes. */
export const levels = pgTable('levels', {
  id: id(),
  name: text('name').notNull(),
  /** Its place among the levels, when it has one. */
  position: integer('position'),
  /** Unique (case-insensitive) among live levels, like the name. */
  slug: text('slug').notNull(),
  notes: text('notes'),
  chapters_count: integer('chapters_count').notNull().default(0),
  games_count: integer('games_count').notNull().default(0),
  activities_count: integer('activities_count').notNull().default(0),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

/** A chapter of a level; the live chapters of a level sit at positions 1..n (checked at commit). */
export const chapters = pgTable('chapters', {
  id: id(),
  name: text('name').notNull(),
  level_id: uuid('level_id')
    .notNull()
    .references(() => levels.id),
  position: integer('position').notNull(),
  notes: text('notes'),
  games_count: integer('games_count').notNull().default(0),
  activities_count: integer('activities_count').notNull().default(0),
  evaluations_count: integer('evaluations_count').notNull().default(0),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

/** Levels ↔ grammatical types the level covers. */
export const levelTypes = pgTable(
  'level_types',
  {
    level_id: uuid('level_id')
      .notNull()
      .references(() => levels.id),
    type_id: uuid('type_id')
      .notNull()
      .references(() => grammaticalTypes.id as never),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'level_types_pk', columns: [t.level_id, t.type_id] })],
);

/** Levels ↔ verb tenses the level covers. */
export const levelVerbTenses = pgTable(
  'level_verb_tenses',
  {
    level_id: uuid('level_id')
      .notNull()
      .references(() => levels.id),
    verb_tense_id: uuid('verb_tense_id')
      .notNull()
      .references(() => verbTenses.id as never),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'level_verb_tenses_pk', columns: [t.level_id, t.verb_tense_id] })],
);

/** Levels ↔ goals (targets). */
export const levelGoals = pgTable(
  'level_goals',
  {
    level_id: uuid('level_id')
      .notNull()
      .references(() => levels.id),
    target_id: uuid('target_id')
      .notNull()
      .references(() => targets.id as never),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'level_goals_pk', columns: [t.level_id, t.target_id] })],
);

/** Chapters ↔ goals (targets). */
export const chapterGoals = pgTable(
  'chapter_goals',
  {
    chapter_id: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    target_id: uuid('target_id')
      .notNull()
      .references(() => targets.id as never),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'chapter_goals_pk', columns: [t.chapter_id, t.target_id] })],
);

/** Chapters ↔ their vocabulary (dictionary words). */
export const chapterVocabulary = pgTable(
  'chapter_vocabulary',
  {
    chapter_id: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    word_id: uuid('word_id')
      .notNull()
      .references(() => dictionary.id as never),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'chapter_vocabulary_pk', columns: [t.chapter_id, t.word_id] })],
);

/** Chapters ↔ their sentence syntaxes (formulations). */
export const chapterFormulations = pgTable(
  'chapter_formulations',
  {
    chapter_id: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id),
    formulation_id: uuid('formulation_id')
      .notNull()
      .references(() => formulations.id as never),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'chapter_formulations_pk', columns: [t.chapter_id, t.formulation_id] })],
);

export type DbLevelRow = typeof levels.$inferSelect;
export type DbChapterRow = typeof chapters.$inferSelect;
export type DbLevelTypeRow = typeof levelTypes.$inferSelect;
export type DbLevelVerbTenseRow = typeof levelVerbTenses.$inferSelect;
export type DbLevelGoalRow = typeof levelGoals.$inferSelect;
export type DbChapterGoalRow = typeof chapterGoals.$inferSelect;
export type DbChapterVocabularyRow = typeof chapterVocabulary.$inferSelect;
export type DbChapterFormulationRow = typeof chapterFormulations.$inferSelect;
