import type { Language, PipelineStep, SESSION_STATUSES, Speaker, TranscriptionEngineName, Word } from '@habla/shared';
import { sql } from 'drizzle-orm';
import { bigint, customType, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import type { Transcript } from '../../modules/recordings/transcript-formats';
import { accounts } from './accounts';
import { auditColumns, id, tstz } from './common';
import { users } from './users';

/**
 * Recorded sessions and their transcripts (docs/product.md §5, docs/decisions/018-recording-audio.md),
 * made by migrations 0011 and 0012; their checks and indexes live there only
 * (docs/decisions/024-typed-tables.md).
 */

/** PostgreSQL's bytea, which pg reads and writes as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A student's language sample, with the guardian's consent (who confirmed it and when). The upload's
 * bytes stay as they came under `source_key` until the recording is deleted for good, the normalised
 * 16 kHz mono WAV under `audio_key`. The pipeline's steps are jobs; `failure_*` says which step
 * failed and why, until a retry clears it.
 */
export const recordings = pgTable('recordings', {
  id: id(),
  title: text('title').notNull(),
  student_id: uuid('student_id')
    .notNull()
    .references(() => users.id),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  language: text('language').$type<Language>().notNull(),
  session_status: text('session_status').$type<(typeof SESSION_STATUSES)[number]>().notNull().default('NEW'),
  engine: text('engine').$type<TranscriptionEngineName>().notNull().default('manual'),
  consent_by: uuid('consent_by')
    .notNull()
    .references(() => users.id),
  consent_at: tstz('consent_at').notNull(),
  source_key: text('source_key'),
  /** The uploaded file's name and detected type. */
  source_name: text('source_name'),
  source_type: text('source_type'),
  /** Bytes of the upload. pg reads a bigint as text: a raw query's row has a string here. */
  source_size: bigint('source_size', { mode: 'number' }),
  audio_key: text('audio_key'),
  duration_ms: integer('duration_ms'),
  /** The waveform: the largest amplitude of each 1/PEAKS_PER_SECOND s, one byte (0–255) each. */
  peaks: bytea('peaks'),
  /** Percent of the running step done. */
  progress: integer('progress').notNull().default(0),
  failure_step: text('failure_step').$type<PipelineStep>(),
  /** The message key the recording shows for the failure. */
  failure_reason: text('failure_reason'),
  failed_at: tstz('failed_at'),
  /** Bumped by every write of the transcript: a save sent against an older version is refused (two editors). */
  transcript_version: integer('transcript_version').notNull().default(0),
  completed_at: tstz('completed_at'),
  /** A CHAT import's own headers (participants, @ID lines, languages…), kept for its export. */
  transcript_meta:
    jsonb('transcript_meta').$type<Pick<Transcript, 'languages' | 'participants' | 'headers' | 'ids' | 'after'>>(),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

/** The transcript: a recording's utterances in time order, numbered from 1. */
export const utterances = pgTable('utterances', {
  id: id(),
  recording_id: uuid('recording_id')
    .notNull()
    .references(() => recordings.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  /** Where it is in the recording (ms), when known. */
  start_ms: integer('start_ms'),
  end_ms: integer('end_ms'),
  speaker: text('speaker').$type<Speaker>().notNull(),
  text: text('text').notNull().default(''),
  /** The engine's confidence, 0–1. */
  confidence: real('confidence'),
  words: jsonb('words')
    .$type<Word[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  // From a CHAT import, for its export: the speaker's code (CHI, MOT, INV…), the dependent tiers
  // (%mor, %gra…) as [name, text] pairs (a jsonb object would reorder its keys) and the header lines just before it.
  code: text('code'),
  tiers: jsonb('tiers')
    .$type<[string, string][]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  before: jsonb('before')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export type DbRecordingRow = typeof recordings.$inferSelect;
export type DbUtteranceRow = typeof utterances.$inferSelect;
