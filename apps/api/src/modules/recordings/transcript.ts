import { recordingsPolicy, SPEAKERS, type TranscriptionEngineName } from '@habla/shared';
import { z } from 'zod';
import { SqlParams } from '../../crud/sql';
import { auditRows } from '../../crud/service';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { PEAKS_PER_SECOND } from './audio';
import { stepOf, TRANSCRIBE_JOB } from './pipeline';
import { recordingsResource, recordingsScopeSql } from './resources';

/**
 * A recording's transcript and audio for whoever may see its student (issue 13): the utterances in
 * time order as one document with a version, saved whole; a save written against an older version
 * answers 409 instead of overwriting another editor's work.
 */

/** Most utterances in one transcript: an hour of talk is about 1,500. */
export const MAX_UTTERANCES = 5000;

const ms = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.number' })
  .min(0, { error: 'validation.range' })
  .max(24 * 3_600_000, { error: 'validation.range' });
const word = z.object({
  text: z.string({ error: 'validation.invalid' }).max(200, { error: 'validation.tooLong' }),
  start_ms: ms.nullable(),
  end_ms: ms.nullable(),
  confidence: z.number({ error: 'validation.number' }).min(0, { error: 'validation.range' }).max(1, { error: 'validation.range' }).nullable(),
});
export const utteranceInput = z
  .object({
    start_ms: ms.nullable(),
    end_ms: ms.nullable(),
    speaker: z.enum(SPEAKERS, { error: 'validation.choice' }),
    text: z.string({ error: 'validation.invalid' }).max(2000, { error: 'validation.tooLong' }),
    confidence: z.number({ error: 'validation.number' }).min(0, { error: 'validation.range' }).max(1, { error: 'validation.range' }).nullable().default(null),
    words: z.array(word, { error: 'validation.invalid' }).max(500, { error: 'validation.tooMany' }).default([]),
  })
  .strict()
  .refine((u) => u.start_ms === null || u.end_ms === null || u.end_ms >= u.start_ms, { error: 'validation.endBeforeStart', path: ['end_ms'] });

export const transcriptBody = z
  .object({
    version: z.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0, { error: 'validation.range' }),
    utterances: z.array(utteranceInput, { error: 'validation.invalid' }).max(MAX_UTTERANCES, { error: 'validation.tooMany' }),
  })
  .strict();
export type TranscriptBody = z.output<typeof transcriptBody>;

type RecordingRow = {
  id: string;
  session_status: string;
  transcript_version: number;
  failure_reason: string | null;
  deleted_at: Date | null;
  account_id: string;
  student_id: string;
};

/** The recording if the caller may see it (live), else null: missing and out of scope look alike. */
async function findRecording(
  ctx: ActorContext,
  id: string,
  lock = false,
  client?: { query: (sql: string, v: unknown[]) => Promise<{ rows: unknown[] }> },
): Promise<RecordingRow | null> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await (client ?? poolOf(ctx.db)).query(
    `SELECT t.id, t.session_status, t.transcript_version, t.failure_reason, t.deleted_at, t.account_id, t.student_id FROM recordings t
      WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}${lock ? ' FOR UPDATE OF t' : ''}`,
    p.values,
  );
  return (res.rows[0] as RecordingRow | undefined) ?? null;
}

/** Whether the transcript may be changed now: ready or being worked on (not while the pipeline writes it, not once completed). */
const editable = (status: string) => status === 'READY' || status === 'WORK_IN_PROGRESS';

async function utterancesOf(c: { query: (sql: string, v: unknown[]) => Promise<{ rows: unknown[] }> }, id: string): Promise<Record<string, unknown>[]> {
  const res = await c.query(`SELECT id, position, start_ms, end_ms, speaker, text, confidence, words FROM utterances WHERE recording_id = $1 ORDER BY position`, [id]);
  return res.rows as Record<string, unknown>[];
}

export async function readTranscript(ctx: ActorContext, id: string): Promise<{ version: number; editable: boolean; utterances: Record<string, unknown>[] }> {
  const rec = await findRecording(ctx, id);
  if (!rec) throw notFound();
  return {
    version: rec.transcript_version,
    editable: editable(rec.session_status) && recordingsPolicy.can(ctx.actor, 'update', rec as never),
    utterances: await utterancesOf(poolOf(ctx.db), id),
  };
}

/**
 * Save the whole transcript in one transaction: refused (409) when it changed since `version`, when
 * the recording is not ready for work or already completed; the first save moves a READY recording
 * to WORK_IN_PROGRESS. The answer is the transcript as saved, with its new version.
 */
export async function saveTranscript(ctx: ActorContext, id: string, body: TranscriptBody): Promise<{ version: number; editable: boolean; utterances: Record<string, unknown>[] }> {
  const client = await poolOf(ctx.db).connect();
  try {
    await client.query('BEGIN');
    const rec = await findRecording(ctx, id, true, client);
    if (!rec) throw notFound();
    if (!recordingsPolicy.can(ctx.actor, 'update', rec as never)) {
      if (rec.session_status === 'COMPLETED') throw new AppError(409, 'CONFLICT', 'recordings.completedReadOnly', {}, { utterances: 'recordings.completedReadOnly' });
      throw forbidden();
    }
    if (!editable(rec.session_status)) throw new AppError(409, 'CONFLICT', 'recordings.notReady', {}, { utterances: 'recordings.notReady' });
    if (rec.transcript_version !== body.version) throw new AppError(409, 'CONFLICT', 'recordings.transcriptChanged', {}, { version: 'recordings.transcriptChanged' });
    await client.query('DELETE FROM utterances WHERE recording_id = $1', [id]);
    if (body.utterances.length)
      await client.query(
        `INSERT INTO utterances (recording_id, position, start_ms, end_ms, speaker, text, confidence, words)
         SELECT $1, u.position, u.start_ms, u.end_ms, u.speaker, u.text, u.confidence, u.words
           FROM jsonb_to_recordset($2::jsonb) AS u(position int, start_ms int, end_ms int, speaker text, text text, confidence real, words jsonb)`,
        [id, JSON.stringify(body.utterances.map((u, i) => ({ ...u, position: i + 1 })))],
      );
    const next = rec.transcript_version + 1;
    await client.query(`UPDATE recordings SET transcript_version = $2, session_status = 'WORK_IN_PROGRESS', updated_at = $3, updated_by = $4 WHERE id = $1`, [
      id,
      next,
      ctx.now,
      ctx.actor.id,
    ]);
    await auditRows(client, ctx, recordingsResource, 'transcript', [
      {
        id,
        changes: {
          transcript_version: { from: rec.transcript_version, to: next },
          utterances: body.utterances.length,
          ...(rec.session_status !== 'WORK_IN_PROGRESS' ? { session_status: { from: rec.session_status, to: 'WORK_IN_PROGRESS' } } : {}),
        },
      },
    ]);
    const utterances = await utterancesOf(client, id);
    await client.query('COMMIT');
    return { version: next, editable: true, utterances };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Transcribe again, with `engine` (or the recording's own): while nobody has worked on the transcript
 * yet (audio decoded, READY, or a failed transcription); the engine's utterances will replace the
 * earlier ones. Refused (409) once a therapist has saved the transcript or completed it, and while a
 * step is running.
 */
export async function transcribeAgain(ctx: ActorContext, id: string, engine: TranscriptionEngineName | undefined): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('transcribing needs the job queue');
  const client = await poolOf(ctx.db).connect();
  try {
    await client.query('BEGIN');
    const rec = await findRecording(ctx, id, true, client);
    if (!rec) throw notFound();
    if (!recordingsPolicy.can(ctx.actor, 'update', rec as never)) throw forbidden();
    const failedTranscription = rec.failure_reason !== null && stepOf(rec.session_status) === 'transcription';
    if (!(rec.session_status === 'AUDIO_COMPLETED' || rec.session_status === 'READY' || failedTranscription))
      throw new AppError(409, 'CONFLICT', 'recordings.cannotTranscribe', {}, { engine: 'recordings.cannotTranscribe' });
    await client.query(
      `UPDATE recordings SET session_status = 'PENDING_TRANSCRIPTION', engine = COALESCE($2, engine), failure_step = NULL, failure_reason = NULL, failed_at = NULL, progress = 0, updated_at = $3, updated_by = $4 WHERE id = $1`,
      [id, engine ?? null, ctx.now, ctx.actor.id],
    );
    await jobs.enqueue(client, TRANSCRIBE_JOB, { recording_id: id });
    await auditRows(client, ctx, recordingsResource, 'transcribe', [
      { id, changes: { session_status: { from: rec.session_status, to: 'PENDING_TRANSCRIPTION' }, ...(engine ? { engine } : {}) } },
    ]);
    await client.query('COMMIT');
    jobs.wake(TRANSCRIBE_JOB);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export async function readWaveform(ctx: ActorContext, id: string): Promise<{ peaks_per_second: number; duration_ms: number | null; peaks: string }> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await poolOf(ctx.db).query(
    `SELECT t.peaks, t.duration_ms FROM recordings t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}`,
    p.values,
  );
  const row = res.rows[0] as { peaks: Buffer | null; duration_ms: number | null } | undefined;
  if (!row) throw notFound();
  return { peaks_per_second: PEAKS_PER_SECOND, duration_ms: row.duration_ms, peaks: row.peaks ? row.peaks.toString('base64') : '' };
}

/** The stored audio to serve: the normalised WAV once it exists, the upload as it came before. */
export async function recordingAudio(ctx: ActorContext, id: string): Promise<{ key: string; contentType: string; name: string } | null> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await poolOf(ctx.db).query(
    `SELECT t.title, t.audio_key, t.source_key, t.source_type FROM recordings t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}`,
    p.values,
  );
  const row = res.rows[0] as { title: string; audio_key: string | null; source_key: string | null; source_type: string | null } | undefined;
  if (!row) return null;
  if (row.audio_key) return { key: row.audio_key, contentType: 'audio/wav', name: `${row.title}.wav` };
  if (row.source_key) return { key: row.source_key, contentType: row.source_type ?? 'application/octet-stream', name: row.title };
  return null;
}
