import { RECORDING_RESOURCES, recordingsPolicy, type TranscriptionEngineName } from '@habla/shared';
import type { ActionChanges, CrudUser, OwnedResource } from '../../crud/contract';
import type { SqlParams } from '../../crud/sql';
import { AppError } from '../../lib/errors';
import { accountsScope, studentsScope } from '../tenancy/scopes';
import { AUDIO_JOB, jobOfStep, queuedStatus, stepOf } from './pipeline';

/**
 * Recordings on the resource engine: list, show, rename, delete, restore, export, and the
 * declared actions `retry` and `complete`. A recording is seen by whoever sees its student (the
 * students' scope of docs/product.md §2); rows outside answer 404 like missing ones.
 */
export function recordingsScopeSql(u: CrudUser, p: SqlParams): string {
  if (recordingsPolicy.scope(u).kind === 'none') return 'false';
  // The subquery's own alias `t` is the users table; the outer `t.student_id` is the recording's.
  return `t.student_id IN (SELECT t.id FROM users t WHERE ${studentsScope(u, p)})`;
}

/** What the upload route stored, handed over by it (never from a body). */
export type StoredRecording = {
  key: string;
  name: string;
  contentType: string;
  size: number;
  /** The engine the upload asked for; none: the account's choice, else the server's default. */
  engine: TranscriptionEngineName | undefined;
};

export const recordingsResource: OwnedResource<StoredRecording> = {
  def: RECORDING_RESOURCES.recordings,
  table: 'recordings',
  entity: 'recordings',
  tenantColumn: 'account_id',
  relations: {
    student_id: { targetTable: 'users', targetTitle: 'full_name', scope: studentsScope },
    consent_by: { targetTable: 'users', targetTitle: 'full_name' },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: recordingsScopeSql,
  present: (row) => {
    if (row.consent_at instanceof Date) row.consent_at = row.consent_at.toISOString();
  },
  // Only the upload route creates recordings: it hands over the stored audio and the consent.
  ownedCreate: async (client, ctx, body, stored) => {
    // The recording belongs to its student's account (the relation's scope has checked the student).
    const student = await client.query(
      `SELECT u.account_id, a.transcription_engine FROM users u LEFT JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
      [body.student_id],
    );
    const found = student.rows[0] as
      { account_id: string | null; transcription_engine: TranscriptionEngineName | null } | undefined;
    const accountId = found?.account_id;
    if (!accountId)
      throw new AppError(400, 'VALIDATION', 'validation.invalid', {}, { student_id: 'validation.invalid' });
    return {
      account_id: accountId,
      session_status: 'RECORDED',
      engine: stored.engine ?? found?.transcription_engine ?? ctx.config.transcription.defaultEngine,
      consent_by: ctx.actor.id,
      consent_at: ctx.now,
      source_key: stored.key,
      source_name: stored.name,
      source_type: stored.contentType,
      source_size: stored.size,
    };
  },
  hooks: {
    // A sample stays the sample of the student it was recorded with (and of that student's account).
    beforeUpdate: async (_c, _ctx, body, before) => {
      if (body.student_id !== undefined && body.student_id !== before.student_id)
        throw new AppError(400, 'VALIDATION', 'recordings.studentFixed', {}, { student_id: 'recordings.studentFixed' });
    },
    // The audio step is queued with the row, in its transaction: a row that is not written never runs it.
    afterWrite: async (client, ctx, id, _body, before) => {
      if (before || !ctx.jobs) return;
      await ctx.jobs.enqueue(client, AUDIO_JOB, { recording_id: id });
      const jobs = ctx.jobs;
      (ctx.afterCommit ??= []).push(async () => jobs.wake(AUDIO_JOB));
    },
  },
  actions: {
    /** The failed step again, from the status it waits in; the reason is cleared. */
    async retry({ client, ctx, rows }) {
      const jobs = ctx.jobs;
      if (!jobs) throw new Error('retry needs the job queue');
      const changes: ActionChanges = {};
      for (const row of rows) {
        const step = stepOf(String(row.session_status)) ?? 'audio';
        const status = queuedStatus(step);
        await client.query(
          `UPDATE recordings SET session_status = $2, failure_step = NULL, failure_reason = NULL, failed_at = NULL, progress = 0 WHERE id = $1`,
          [row.id, status],
        );
        await jobs.enqueue(client, jobOfStep(step) as typeof AUDIO_JOB, { recording_id: String(row.id) });
        (ctx.afterCommit ??= []).push(async () => jobs.wake(jobOfStep(step)));
        changes[String(row.id)] = {
          session_status: { from: row.session_status, to: status },
          failure_reason: { from: row.failure_reason, to: null },
        };
      }
      return { changes };
    },
    /** The transcript is finished: read-only from now on. */
    async complete({ client, ctx, rows }) {
      await client.query(
        `UPDATE recordings SET session_status = 'COMPLETED', completed_at = $2 WHERE id = ANY($1::uuid[])`,
        [rows.map((r) => r.id), ctx.now],
      );
      return {
        changes: Object.fromEntries(
          rows.map((r) => [String(r.id), { session_status: { from: r.session_status, to: 'COMPLETED' } }]),
        ),
      };
    },
  },
};
