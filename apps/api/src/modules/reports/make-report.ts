import { Readable } from 'node:stream';
import { z } from 'zod';
import type { DbReportRow } from '../../db/schema/index';
import { defineJob, type JobContext } from '../../jobs/types';
import { systemContext, systemRequestId } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage/index';
import { cpuOf } from '../../workers/pool';
import { studentDays } from '../analytics/student-days';
import { studentFigures } from '../analytics/student-figures';
import { studentMeasures } from '../analytics/student-measures';
import { requesterOf } from './requester';

/**
 * `report.make` (docs/decisions/029-reports.md): the worker's side of a report. It takes the queued
 * (or, after a crash, running) report, reads the student's figures, days and language-sample
 * measures through the students analytics' own verbs as the requester (their scope, read again
 * now), draws the PDF in the CPU pool (decision 020), stores it and marks the report done, moving
 * `progress` on at each step. A refusal (the student no longer in the requester's scope, the
 * requester disabled) ends it as failed at once; any other failure is retried and, on the last
 * attempt, ends it as failed.
 */
export const REPORT_JOB = 'report.make';

/** The reason a report shows when it failed for good (a message key). */
const FAILED = 'progressReport.failed';

async function setProgress(ctx: JobContext, id: string, progress: number): Promise<void> {
  await ctx.pool.query(
    `UPDATE reports SET progress = $2, updated_at = now() WHERE id = $1 AND status = 'running' AND progress < $2`,
    [id, progress],
  );
}

async function markFailed(ctx: JobContext, id: string): Promise<void> {
  await ctx.pool.query(
    `UPDATE reports SET status = 'failed', failure_reason = $2, finished_at = now(), updated_at = now() WHERE id = $1 AND status <> 'done'`,
    [id, FAILED],
  );
}

async function makeReport(ctx: JobContext, report: DbReportRow): Promise<void> {
  const requester = await requesterOf(ctx, report.requested_by);
  if (!requester) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  const service = systemContext(ctx, { requestId: systemRequestId(`job:${REPORT_JOB}`), actor: requester.actor });
  const period = { from: report.period_from, to: report.period_to };
  // The same reads as GET /api/analytics/students and the student's page (decisions 026, 027).
  const [figures, days, measures] = await Promise.all([
    studentFigures(service, { ...period, student_id: report.student_id, page: 0, max: 1 }),
    studentDays(service, report.student_id, period),
    studentMeasures(service, report.student_id, period),
  ]);
  const student = figures.students[0];
  if (!student) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  await setProgress(ctx, report.id, 40);
  const pdf = await cpuOf(ctx).run('progressReport', {
    lang: report.language,
    student: days.student.full_name ?? '',
    preparedBy: requester.name,
    account: requester.account,
    ...period,
    figures: student,
    days: days.days,
    measures: measures.assessments,
    note: report.note,
    now: service.now,
  });
  await setProgress(ctx, report.id, 80);
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const key = newStorageKey(report.account_id);
  await ctx.storage.putStream(key, Readable.from([bytes]), { contentType: 'application/pdf' });
  const stored = await ctx.pool.query(
    `UPDATE reports SET status = 'done', progress = 100, storage_key = $2, file_size = $3, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [report.id, key, bytes.byteLength],
  );
  // Done meanwhile by another attempt: this copy is not needed.
  if (!stored.rowCount) await ctx.storage.delete(key);
}

export const reportMakeJob = defineJob({
  name: REPORT_JOB,
  schema: z.object({ report_id: z.uuid() }),
  summary: (data) => `report ${data.report_id}`,
  run: async (ctx, { report_id }) => {
    const claimed = await ctx.pool.query<DbReportRow>(
      `UPDATE reports SET status = 'running', progress = GREATEST(progress, 10), updated_at = now()
        WHERE id = $1 AND status IN ('queued', 'running') RETURNING *`,
      [report_id],
    );
    const report = claimed.rows[0];
    // Done or failed already (a job run again after a crash): nothing to do.
    if (!report) return;
    try {
      await makeReport(ctx, report);
      ctx.log.info({ report: report_id }, 'report made');
    } catch (err) {
      const refused = err instanceof AppError && err.statusCode < 500;
      if (refused || ctx.attempt.last) await markFailed(ctx, report_id);
      if (refused) {
        ctx.log.warn({ report: report_id, reason: err.messageKey }, 'report refused');
        return;
      }
      throw err;
    }
  },
});
