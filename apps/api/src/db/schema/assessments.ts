import type { ASSESSMENT_STATUSES, ErrorKind, Language, Measures, SampleFormat } from '@habla/shared';
import { sql } from 'drizzle-orm';
import { date, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id, tstz } from './common';
import { recordings } from './recordings';
import { users } from './users';

/**
 * A student's language sample and what the therapist concludes from it (docs/product.md §5 and §10,
 * docs/decisions/019-language-sample-analysis.md), made by migration 0015; its checks and indexes
 * live there only (docs/decisions/024-typed-tables.md). A completed assessment is read-only until
 * reopened.
 */
export const assessments = pgTable('assessments', {
  id: id(),
  title: text('title').notNull(),
  student_id: uuid('student_id')
    .notNull()
    .references(() => users.id),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  /** The recording whose transcript it was made from, if any. */
  recording_id: uuid('recording_id').references(() => recordings.id, { onDelete: 'set null' }),
  assessment_status: text('assessment_status').$type<(typeof ASSESSMENT_STATUSES)[number]>().notNull().default('NEW'),
  language: text('language').$type<Language>().notNull(),
  /** The format `transcript` is in. */
  sample_format: text('sample_format').$type<SampleFormat>().notNull(),
  /** The sample as it came. */
  transcript: text('transcript').notNull(),
  /** The speaker code whose utterances are measured. */
  speaker: text('speaker').notNull(),
  sample_date: date('sample_date', { mode: 'string' }),
  /** The measures as CLAN counts them: the answer of /api/lsa/analyze for `speaker`. */
  measures: jsonb('measures').$type<Measures>().notNull(),
  // The totals the seed names, taken from the measures when the assessment is made.
  total_student_sentences: integer('total_student_sentences').notNull().default(0),
  total_sentences: integer('total_sentences').notNull().default(0),
  total_vocabulary: integer('total_vocabulary').notNull().default(0),
  mlu_m: numeric('mlu_m', { precision: 8, scale: 3 }),
  // The therapist's: the first four proposed by the program when the assessment is made, the rest written.
  syntax_conclusions: text('syntax_conclusions'),
  tense_conclusions: text('tense_conclusions'),
  function_conclusions: text('function_conclusions'),
  subject_info: text('subject_info'),
  recommendation: text('recommendation'),
  notes: text('notes'),
  summary: text('summary'),
  /** The errors coded per utterance: utterance index → kinds; the four counts below follow it. */
  utterance_errors: jsonb('utterance_errors')
    .$type<Record<string, ErrorKind[]>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  syntax_errors: integer('syntax_errors').notNull().default(0),
  grammar_errors: integer('grammar_errors').notNull().default(0),
  meaning_errors: integer('meaning_errors').notNull().default(0),
  function_errors: integer('function_errors').notNull().default(0),
  /** Bumped by every save of the errors: a save sent against an older version is refused (two editors). */
  errors_version: integer('errors_version').notNull().default(0),
  completed_at: tstz('completed_at'),
  completed_by: uuid('completed_by').references(() => users.id),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

export type DbAssessmentRow = typeof assessments.$inferSelect;
