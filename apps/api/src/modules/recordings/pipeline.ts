import { RECORDING_MAX_MINUTES, type PipelineStep, type TranscriptionEngineName, type Word } from '@habla/shared';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DbRecordingRow } from '../../db/schema/index';
import { withTransaction } from '../../jobs/transaction';
import { defineJob, type JobContext } from '../../jobs/types';
import { newStorageKey } from '../../lib/storage/index';
import { AudioDecodeError, AudioTooLongError, normalizeAudio, sniffAudio, SNIFF_BYTES } from './audio';
import { EngineError, type Segment, type TranscriptionEngine } from './engines/engine';
import { hostedEngine } from './engines/hosted';
import { localEngine } from './engines/local';
import { manualEngine } from './engines/manual';
import { replaceUtterances } from './utterances-sql';

/**
 * The recording pipeline (docs/product.md §5): each step a job on the queue, each written
 * so that running it again after a crash (pg-boss runs a job again once its attempt expires) ends in
 * the same place.
 * - `recording.audio`: RECORDED → PENDING_AUDIO (decoding; progress by bytes read) → AUDIO_COMPLETED
 *   (16 kHz mono WAV stored, duration and peaks) → PENDING_TRANSCRIPTION, with the next job queued in
 *   the same transaction;
 * - `recording.transcribe`: SENT_TRANSCRIPTION (the audio handed to the engine) →
 *   PROCESSING_TRANSCRIPTION (the engine at work) → TRANSCRIPTION_COMPLETED (utterances written) → READY.
 * A failure that trying again cannot mend (bytes that are not audio, a refused key, no model) ends the
 * step at once; one that may (a busy service) is retried with backoff, and on the last attempt too
 * the recording keeps the reason (a message key) until someone retries it (`retry` action).
 */

export const AUDIO_JOB = 'recording.audio';
export const TRANSCRIBE_JOB = 'recording.transcribe';
export const PURGE_JOB = 'recordings.purge';

/** The status a recording waits in before each step, and the statuses a step may find it in (again, after a crash). */
const STEP = {
  audio: { queued: 'RECORDED', resumable: ['RECORDED', 'PENDING_AUDIO', 'AUDIO_COMPLETED'], job: AUDIO_JOB },
  transcription: {
    queued: 'PENDING_TRANSCRIPTION',
    resumable: ['PENDING_TRANSCRIPTION', 'SENT_TRANSCRIPTION', 'PROCESSING_TRANSCRIPTION', 'TRANSCRIPTION_COMPLETED'],
    job: TRANSCRIBE_JOB,
  },
} as const satisfies Record<PipelineStep, { queued: string; resumable: readonly string[]; job: string }>;

/** The step a recording in `status` is at (or failed at): what `retry` runs again. */
export function stepOf(status: string): PipelineStep | null {
  if ((STEP.audio.resumable as readonly string[]).includes(status)) return 'audio';
  if ((STEP.transcription.resumable as readonly string[]).includes(status)) return 'transcription';
  return null;
}

/** Queue `step` for a recording, in the caller's transaction (the status it waits in is the caller's to set). */
export async function queueStep(
  queue: Pick<JobContext['queue'], 'enqueue'>,
  client: pg.PoolClient,
  step: PipelineStep,
  recordingId: string,
): Promise<void> {
  await queue.enqueue(client, STEP[step].job, { recording_id: recordingId });
}

export const queuedStatus = (step: PipelineStep): string => STEP[step].queued;
export const jobOfStep = (step: PipelineStep): string => STEP[step].job;

/** The engine of that name with the operator's configuration. */
export function engineFor(name: TranscriptionEngineName, t: Config['transcription']): TranscriptionEngine {
  switch (name) {
    case 'manual':
      return manualEngine();
    case 'local':
      return localEngine({ modelPath: t.whisperModel, threads: t.whisperThreads });
    case 'hosted':
      if (!t.hosted)
        return {
          name: 'hosted',
          transcribe: () =>
            Promise.reject(
              new EngineError(
                'recordings.errors.noService',
                false,
                'no transcription service is configured (TRANSCRIPTION_URL)',
              ),
            ),
        };
      return hostedEngine({ url: t.hosted.url, key: t.hosted.key, model: t.hosted.model });
  }
}

/** A failure the same input will always meet: ends the step now instead of retrying. */
function isPermanent(err: unknown): boolean {
  return (
    err instanceof AudioDecodeError ||
    err instanceof AudioTooLongError ||
    (err instanceof EngineError && !err.retryable)
  );
}

/** The message key a recording shows for a failure (the details go to the job's log only). */
export function failureKey(err: unknown): string {
  if (err instanceof AudioDecodeError) return 'recordings.errors.undecodable';
  if (err instanceof AudioTooLongError) return 'recordings.errors.tooLong';
  if (err instanceof EngineError) return err.key;
  return 'recordings.errors.stepFailed';
}

async function setStatus(
  ctx: JobContext,
  id: string,
  from: readonly string[],
  to: string,
  extra: Partial<DbRecordingRow> = {},
): Promise<DbRecordingRow | null> {
  const cols = Object.keys(extra) as (keyof DbRecordingRow)[];
  const sets = cols.map((c, i) => `${c} = $${i + 4}`).join(', ');
  const res = await ctx.pool.query(
    `UPDATE recordings SET session_status = $2, updated_at = now()${sets ? `, ${sets}` : ''}
      WHERE id = $1 AND deleted_at IS NULL AND failure_reason IS NULL AND session_status = ANY($3::text[]) RETURNING *`,
    [id, to, from, ...cols.map((c) => extra[c])],
  );
  return (res.rows[0] as DbRecordingRow | undefined) ?? null;
}

/** Record the failure on the recording (its step stays where it stopped) so the screens can show it and offer a retry.
 * */
async function markFailed(ctx: JobContext, id: string, step: PipelineStep, err: unknown): Promise<void> {
  await ctx.pool.query(
    `UPDATE recordings SET failure_step = $2, failure_reason = $3, failed_at = now(), progress = 0, updated_at = now() WHERE id = $1`,
    [id, step, failureKey(err)],
  );
}

/**
 * Run one step: a permanent failure (or any failure on the last attempt) is recorded on the recording
 * and ends the job (failed on the last attempt, so the Jobs screen shows it too); a failure that may
 * pass is thrown for the queue to retry.
 */
async function guarded(ctx: JobContext, id: string, step: PipelineStep, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    const permanent = isPermanent(err);
    ctx.log.warn({ recordingId: id, step, permanent, reason: (err as Error).message }, 'recording step failed');
    if (permanent || ctx.attempt.last) await markFailed(ctx, id, step, err);
    if (!permanent) throw err;
  }
}

/** The bytes of a stream, with its first `n` bytes read ahead (to tell its format). */
async function withHead(stream: Readable, n: number): Promise<{ head: Buffer; all: AsyncIterable<Uint8Array> }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let got = 0;
  let done = false;
  while (got < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    first.push(r.value);
    got += r.value.length;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* first;
    if (done) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  return { head: Buffer.concat(first).subarray(0, n), all: all() };
}

/** Count the bytes going through, and say the share read now and then (progress of a long decode). */
async function* counted(
  source: AsyncIterable<Uint8Array>,
  total: number,
  report: (share: number) => void,
): AsyncGenerator<Uint8Array> {
  let read = 0;
  let last = Date.now();
  for await (const chunk of source) {
    read += chunk.length;
    if (total > 0 && Date.now() - last > 1000) {
      last = Date.now();
      report(read / total);
    }
    yield chunk;
  }
}

/** The longest recording the MAA configuration takes (minutes), never more than the pipeline's own limit. */
async function maxMinutes(ctx: JobContext): Promise<number> {
  const res = await ctx.pool.query(`SELECT max_recording_minutes FROM app_configuration WHERE module = 'MAA'`);
  const configured = Number(
    (res.rows[0] as { max_recording_minutes?: number } | undefined)?.max_recording_minutes ?? RECORDING_MAX_MINUTES,
  );
  return Math.min(RECORDING_MAX_MINUTES, configured);
}

async function audioStep(ctx: JobContext, id: string): Promise<void> {
  const row = await setStatus(ctx, id, STEP.audio.resumable, 'PENDING_AUDIO', { progress: 0 });
  // Deleted, failed, or already past this step (a job that ran twice): nothing to do.
  if (!row) return;
  if (!row.audio_key) {
    const dir = await mkdtemp(join(tmpdir(), 'habla-audio-'));
    try {
      const source = await ctx.storage.getStream(String(row.source_key));
      if (!source) throw new AudioDecodeError('the uploaded audio is not in storage');
      const { head, all } = await withHead(source, SNIFF_BYTES);
      const format = sniffAudio(head);
      if (!format) throw new AudioDecodeError('the upload is not a known audio format');
      const out = join(dir, 'audio.wav');
      let reporting = Promise.resolve();
      const report = (share: number) => {
        const progress = Math.min(95, Math.round(share * 100));
        reporting = reporting.then(() =>
          ctx.pool
            .query(`UPDATE recordings SET progress = $2 WHERE id = $1 AND session_status = 'PENDING_AUDIO'`, [
              id,
              progress,
            ])
            .then(() => undefined),
        );
      };
      const audio = await normalizeAudio(counted(all, Number(row.source_size ?? 0), report), format, out, {
        maxSeconds: (await maxMinutes(ctx)) * 60,
      });
      await reporting.catch(() => undefined);
      const key = newStorageKey(String(row.account_id));
      await ctx.storage.putStream(key, createReadStream(out), { contentType: 'audio/wav' });
      const done = await setStatus(ctx, id, ['PENDING_AUDIO'], 'AUDIO_COMPLETED', {
        audio_key: key,
        duration_ms: audio.durationMs,
        peaks: Buffer.from(audio.peaks),
        progress: 100,
      });
      // Deleted or changed meanwhile: the stored audio is nobody's.
      if (!done) await ctx.storage.delete(key).catch(() => undefined);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else await setStatus(ctx, id, ['PENDING_AUDIO'], 'AUDIO_COMPLETED', { progress: 100 });
  await nextStep(ctx, id, 'AUDIO_COMPLETED', 'transcription');
}

/** Move the recording from `from` to the next step's queued status and queue its job, in one transaction. */
async function nextStep(ctx: JobContext, id: string, from: string, step: PipelineStep): Promise<void> {
  const moved = await withTransaction(ctx.db, async (_tx, client) => {
    const res = await client.query(
      `UPDATE recordings SET session_status = $2, progress = 0, updated_at = now() WHERE id = $1 AND deleted_at IS NULL AND failure_reason IS NULL AND session_status = $3 RETURNING id`,
      [id, STEP[step].queued, from],
    );
    if (res.rowCount) await queueStep(ctx.queue, client, step, id);
    return Boolean(res.rowCount);
  });
  if (moved) ctx.queue.wake(STEP[step].job);
}

/** Segments as utterances: in time order, numbered from 1, the student speaking until the therapist says otherwise. */
export function utterancesOf(segments: readonly Segment[]): {
  position: number;
  start_ms: number;
  end_ms: number;
  speaker: 'STUDENT';
  text: string;
  confidence: number | null;
  words: Word[];
}[] {
  return [...segments]
    .sort((a, b) => a.startMs - b.startMs)
    .map((s, i) => ({
      position: i + 1,
      start_ms: Math.max(0, Math.round(s.startMs)),
      end_ms: Math.max(Math.round(s.startMs), Math.round(s.endMs)),
      speaker: 'STUDENT' as const,
      text: s.text.trim(),
      confidence: s.confidence === null ? null : Math.min(1, Math.max(0, s.confidence)),
      words: s.words.map((w) => ({
        text: w.text,
        start_ms: Math.round(w.startMs),
        end_ms: Math.round(w.endMs),
        confidence: w.confidence,
      })),
    }));
}

async function transcriptionStep(ctx: JobContext, id: string): Promise<void> {
  const row = await setStatus(ctx, id, STEP.transcription.resumable.slice(0, 3), 'SENT_TRANSCRIPTION', { progress: 0 });
  if (!row) {
    // Written but not yet READY when a crash came: finish it.
    await setStatus(ctx, id, ['TRANSCRIPTION_COMPLETED'], 'READY', { progress: 100 });
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'habla-transcribe-'));
  try {
    const audio = await ctx.storage.getStream(String(row.audio_key));
    if (!audio) throw new AudioDecodeError('the normalised audio is not in storage');
    const path = join(dir, 'audio.wav');
    await pipeline(audio, createWriteStream(path));
    await setStatus(ctx, id, ['SENT_TRANSCRIPTION'], 'PROCESSING_TRANSCRIPTION', { progress: 0 });
    const segments = await engineFor(row.engine as TranscriptionEngineName, ctx.config.transcription).transcribe({
      audioPath: path,
      language: row.language as 'en' | 'es',
    });
    await writeTranscript(ctx, id, utterancesOf(segments));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await setStatus(ctx, id, ['TRANSCRIPTION_COMPLETED'], 'READY', { progress: 100 });
}

/** The engine's utterances replace any earlier ones, with the status, in one transaction. */
async function writeTranscript(
  ctx: JobContext,
  id: string,
  utterances: ReturnType<typeof utterancesOf>,
): Promise<void> {
  await withTransaction(ctx.db, async (_tx, client) => {
    const locked = await client.query(
      `SELECT id FROM recordings WHERE id = $1 AND deleted_at IS NULL AND failure_reason IS NULL AND session_status = 'PROCESSING_TRANSCRIPTION' FOR UPDATE`,
      [id],
    );
    if (!locked.rowCount) return;
    await replaceUtterances(client, id, utterances);
    await client.query(
      `UPDATE recordings SET session_status = 'TRANSCRIPTION_COMPLETED', transcript_version = transcript_version + 1, progress = 100, updated_at = now() WHERE id = $1`,
      [id],
    );
  });
}

const stepPayload = z.object({ recording_id: z.uuid() });

export const recordingAudioJob = defineJob({
  name: AUDIO_JOB,
  schema: stepPayload,
  summary: (d) => `recording ${d.recording_id}`,
  run: (ctx, d) => guarded(ctx, d.recording_id, 'audio', () => audioStep(ctx, d.recording_id)),
});

export const recordingTranscribeJob = defineJob({
  name: TRANSCRIBE_JOB,
  schema: stepPayload,
  summary: (d) => `recording ${d.recording_id}`,
  run: (ctx, d) => guarded(ctx, d.recording_id, 'transcription', () => transcriptionStep(ctx, d.recording_id)),
});

/**
 * `recordings.purge` (daily): recordings in the trash for longer than RECORDINGS_PURGE_DAYS are
 * deleted for good, their stored files first; until then a deleted recording can be restored whole.
 */
export const recordingsPurgeJob = defineJob({
  name: PURGE_JOB,
  schema: z.object({}).passthrough(),
  summary: () => 'recordings in the trash past their time',
  // Recordings in the trash past their time are deleted for good (with their files) once a day.
  schedule: { cron: () => '30 3 * * *' },
  run: async (ctx) => {
    const old = await ctx.pool.query(
      `SELECT id, source_key, audio_key FROM recordings WHERE deleted_at < now() - make_interval(days => $1) ORDER BY deleted_at LIMIT 500`,
      [ctx.config.recordingsPurgeDays],
    );
    for (const row of old.rows as { id: string; source_key: string | null; audio_key: string | null }[]) {
      for (const key of [row.source_key, row.audio_key]) if (key) await ctx.storage.delete(key);
      await ctx.pool.query('DELETE FROM recordings WHERE id = $1 AND deleted_at IS NOT NULL', [row.id]);
    }
    if (old.rowCount) ctx.log.info({ purged: old.rowCount }, 'recordings deleted for good');
  },
});
