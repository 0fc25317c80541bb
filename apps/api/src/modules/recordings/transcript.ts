import {
  recordingsPolicy,
  UTTERANCE_CODE,
  type Transcript as TranscriptAnswer,
  type TranscriptBody,
  type TranscriptionEngineName,
  type Utterance,
} from '@habla/shared';
import { SqlParams } from '../../crud/sql';
import { auditRows } from '../../crud/service';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { withTransaction } from '../../jobs/transaction';
import { PEAKS_PER_SECOND } from './audio';
import { cpuOf } from '../../workers/pool';
import { writeChat, writeTextTranscript, type Speaker as FileSpeaker, type Transcript } from './transcript-formats';
import { stepOf, TRANSCRIBE_JOB } from './pipeline';
import { recordingsResource, recordingsScopeSql } from './resources';
import { replaceUtterances } from './utterances-sql';

/**
 * A recording's transcript and audio for whoever may see its student: the utterances in
 * time order as one document with a version, saved whole; a save written against an older version
 * answers 409 instead of overwriting another editor's work.
 */

/** What a CHAT file says besides its utterances, kept for its export. */
export type TranscriptMeta = Pick<Transcript, 'languages' | 'participants' | 'headers' | 'ids' | 'after'>;

type RecordingRow = {
  id: string;
  language: 'en' | 'es';
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
    `SELECT t.id, t.language, t.session_status, t.transcript_version, t.failure_reason, t.deleted_at, t.account_id, t.student_id FROM recordings t
      WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}${lock ? ' FOR UPDATE OF t' : ''}`,
    p.values,
  );
  return (res.rows[0] as RecordingRow | undefined) ?? null;
}

/** Whether the transcript may be changed now: ready or being worked on (not while the pipeline writes it, not once
 * completed). */
const editable = (status: string) => status === 'READY' || status === 'WORK_IN_PROGRESS';

/** An utterance as its table holds it: the tiers as [name, text] pairs. */
type UtteranceRow = Omit<Utterance, 'tiers'> & { tiers: [string, string][] | null };

async function utterancesOf(
  c: { query: (sql: string, v: unknown[]) => Promise<{ rows: unknown[] }> },
  id: string,
): Promise<Utterance[]> {
  const res = await c.query(
    `SELECT id, position, start_ms, end_ms, speaker, text, confidence, words, code, tiers, before FROM utterances WHERE recording_id = $1 ORDER BY position`,
    [id],
  );
  // Tiers are stored as [name, text] pairs, in the file's order (a jsonb object would reorder them).
  return (res.rows as UtteranceRow[]).map((r) => ({ ...r, tiers: Object.fromEntries(r.tiers ?? []) }));
}

export async function readTranscript(ctx: ActorContext, id: string): Promise<TranscriptAnswer> {
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
export async function saveTranscript(
  ctx: ActorContext,
  id: string,
  body: TranscriptBody,
  opts: { meta?: TranscriptMeta; action?: string } = {},
): Promise<TranscriptAnswer> {
  return withTransaction(ctx.db, async (_tx, client) => {
    const rec = await findRecording(ctx, id, true, client);
    if (!rec) throw notFound();
    if (!recordingsPolicy.can(ctx.actor, 'update', rec as never)) {
      if (rec.session_status === 'COMPLETED')
        throw new AppError(
          409,
          'CONFLICT',
          'recordings.completedReadOnly',
          {},
          { utterances: 'recordings.completedReadOnly' },
        );
      throw forbidden();
    }
    if (!editable(rec.session_status))
      throw new AppError(409, 'CONFLICT', 'recordings.notReady', {}, { utterances: 'recordings.notReady' });
    if (rec.transcript_version !== body.version)
      throw new AppError(
        409,
        'CONFLICT',
        'recordings.transcriptChanged',
        {},
        { version: 'recordings.transcriptChanged' },
      );
    await replaceUtterances(client, id, body.utterances);
    const next = rec.transcript_version + 1;
    // An import replaces what its file said besides the utterances; a save keeps it.
    await client.query(
      `UPDATE recordings SET transcript_version = $2, session_status = 'WORK_IN_PROGRESS', updated_at = $3, updated_by = $4${opts.meta ? ', transcript_meta = $5' : ''} WHERE id = $1`,
      [id, next, ctx.now, ctx.actor.id, ...(opts.meta ? [JSON.stringify(opts.meta)] : [])],
    );
    await auditRows(client, ctx, recordingsResource, opts.action ?? 'transcript', [
      {
        id,
        changes: {
          transcript_version: { from: rec.transcript_version, to: next },
          utterances: body.utterances.length,
          ...(rec.session_status !== 'WORK_IN_PROGRESS'
            ? { session_status: { from: rec.session_status, to: 'WORK_IN_PROGRESS' } }
            : {}),
        },
      },
    ]);
    return { version: next, editable: true, utterances: await utterancesOf(client, id) };
  });
}

/**
 * Transcribe again, with `engine` (or the recording's own): while nobody has worked on the transcript
 * yet (audio decoded, READY, or a failed transcription); the engine's utterances will replace the
 * earlier ones. Refused (409) once a therapist has saved the transcript or completed it, and while a
 * step is running.
 */
export async function transcribeAgain(
  ctx: ActorContext,
  id: string,
  engine: TranscriptionEngineName | undefined,
): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('transcribing needs the job queue');
  await withTransaction(ctx.db, async (_tx, client) => {
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
      {
        id,
        changes: {
          session_status: { from: rec.session_status, to: 'PENDING_TRANSCRIPTION' },
          ...(engine ? { engine } : {}),
        },
      },
    ]);
  });
  jobs.wake(TRANSCRIBE_JOB);
}

export async function readWaveform(
  ctx: ActorContext,
  id: string,
): Promise<{ peaks_per_second: number; duration_ms: number | null; peaks: string }> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await poolOf(ctx.db).query(
    `SELECT t.peaks, t.duration_ms FROM recordings t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}`,
    p.values,
  );
  const row = res.rows[0] as { peaks: Buffer | null; duration_ms: number | null } | undefined;
  if (!row) throw notFound();
  return {
    peaks_per_second: PEAKS_PER_SECOND,
    duration_ms: row.duration_ms,
    peaks: row.peaks ? row.peaks.toString('base64') : '',
  };
}

/** The stored audio to serve: the normalised WAV once it exists, the upload as it came before. */
export async function recordingAudio(
  ctx: ActorContext,
  id: string,
): Promise<{ key: string; contentType: string; name: string } | null> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await poolOf(ctx.db).query(
    `SELECT t.title, t.audio_key, t.source_key, t.source_type FROM recordings t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}`,
    p.values,
  );
  const row = res.rows[0] as
    { title: string; audio_key: string | null; source_key: string | null; source_type: string | null } | undefined;
  if (!row) return null;
  if (row.audio_key) return { key: row.audio_key, contentType: 'audio/wav', name: `${row.title}.wav` };
  if (row.source_key)
    return { key: row.source_key, contentType: row.source_type ?? 'application/octet-stream', name: row.title };
  return null;
}

/** The editor's speakers and the CHAT codes and roles a transcript of ours is written with. */
const CHAT_OF: Record<string, { code: string; role: string; speaker: FileSpeaker }> = {
  STUDENT: { code: 'CHI', role: 'Target_Child', speaker: 'student' },
  THERAPIST: { code: 'INV', role: 'Investigator', speaker: 'therapist' },
  OTHER: { code: 'OTH', role: 'Participant', speaker: 'other' },
};
const SPEAKER_OF: Record<FileSpeaker, 'STUDENT' | 'THERAPIST' | 'OTHER'> = {
  student: 'STUDENT',
  therapist: 'THERAPIST',
  other: 'OTHER',
};
export const TRANSCRIPT_FORMATS = ['chat', 'text'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/**
 * The text before its trailing postcodes (`… . [+ IMP] [+ gram]`): what `/(\s*\[\+[^\]]*\])+$/`
 * removed, read backwards by position, since that expression took quadratic time on a long run of
 * spaces or `[+` (decision 005, "Text readers in linear time"). Each postcode is the first `[+` after
 * the `]` before it; each stretch of the text is read once.
 */
export function withoutPostcodes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ']') {
    const open = text.indexOf('[+', text.lastIndexOf(']', end - 2) + 1);
    if (open < 0 || open > end - 3) break;
    end = open;
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  }
  return text.slice(0, end);
}

/**
 * The transcript as a file: CHAT (`.cha`, with time bullets, and what an imported file carried: its
 * speaker codes, headers and dependent tiers) or plain text (`CODE: words` per line). Utterances
 * nobody has typed yet are left out: there is nothing in them to analyse.
 */
export async function exportTranscript(
  ctx: ActorContext,
  id: string,
  format: TranscriptFormat,
): Promise<{ name: string; body: string }> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await poolOf(ctx.db).query(
    `SELECT t.title, t.language, t.transcript_meta FROM recordings t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${recordingsScopeSql(ctx.actor, p)}`,
    p.values,
  );
  const rec = res.rows[0] as
    { title: string; language: 'en' | 'es'; transcript_meta: TranscriptMeta | null } | undefined;
  if (!rec) throw notFound();
  const rows = await utterancesOf(poolOf(ctx.db), id);
  const meta = rec.transcript_meta;
  const t: Transcript = {
    languages: meta?.languages?.length ? meta.languages : [rec.language === 'es' ? 'spa' : 'eng'],
    participants: meta?.participants ? [...meta.participants] : [],
    headers: meta?.headers ?? [],
    ids: meta?.ids ?? {},
    after: meta?.after ?? [],
    utterances: [],
  };
  const codes = new Set(t.participants.map((p) => p.code));
  for (const u of rows) {
    const text = u.text.trim();
    if (!text) continue;
    const ours = CHAT_OF[u.speaker] ?? CHAT_OF.OTHER!;
    const code = u.code ?? ours.code;
    if (!codes.has(code)) {
      codes.add(code);
      t.participants.push({ code, name: null, role: ours.role });
    }
    // A CHAT utterance ends with its terminator (postcodes such as [+ IMP] may follow it); one typed
    // here without a terminator gets the plain full stop. An imported one is written as it came.
    const ended = u.code !== null || /[.?!]$/.test(withoutPostcodes(text)) ? text : `${text} .`;
    t.utterances.push({
      speaker: ours.speaker,
      code,
      text: ended,
      startMs: u.start_ms,
      endMs: u.end_ms,
      tiers: u.tiers ?? {},
      before: u.before ?? [],
    });
  }
  const base = rec.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'transcript';
  return format === 'chat'
    ? { name: `${base}.cha`, body: writeChat(t) }
    : { name: `${base}.txt`, body: writeTextTranscript(t) };
}

/**
 * Replace the transcript with a CHAT or plain-text file's utterances (the editor's rules: the version
 * must be the current one, the recording ready for work). A line that cannot be read, or that holds
 * more than a save takes (`TRANSCRIPT_LIMITS`: a long utterance or tier, a time bullet out of range or
 * ending before it starts), answers 400 naming it (`text`: "Line 12: …"): nothing is cut short.
 */
export async function importTranscript(
  ctx: ActorContext,
  id: string,
  body: { format: TranscriptFormat; text: string; version: number },
) {
  const rec = await findRecording(ctx, id);
  if (!rec) throw notFound();
  // Read in the CPU pool (decision 020) with the save's limits (decision 005): a file of thousands
  // of lines is tens of milliseconds of parsing, and what the save would refuse is refused here.
  const t = await cpuOf(ctx).run('parseSample', {
    format: body.format,
    text: body.text,
    language: rec.language,
    field: 'text',
    limits: 'saved',
  });
  const utterances = t.utterances.map((u) => ({
    start_ms: u.startMs,
    end_ms: u.endMs,
    speaker: SPEAKER_OF[u.speaker],
    text: u.text,
    confidence: null,
    words: [],
    code: UTTERANCE_CODE.test(u.code) ? u.code : null,
    tiers: u.tiers,
    before: u.before,
  }));
  const meta: TranscriptMeta | undefined =
    body.format === 'chat'
      ? { languages: t.languages, participants: t.participants, headers: t.headers, ids: t.ids, after: t.after }
      : undefined;
  return saveTranscript(ctx, id, { version: body.version, utterances }, { meta, action: 'import' });
}
