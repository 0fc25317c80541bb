import { Readable } from 'node:stream';
import { z } from 'zod';
import type { DbReportRow } from '../../db/schema/index';
import { defineJob, type JobContext } from '../../jobs/types';
import { systemContext, systemRequestId, type ActorContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage/index';
import { cpuOf } from '../../workers/pool';
import { studentDays } from '../analytics/student-days';
import { studentFigures } from '../analytics/student-figures';
import { studentMeasures } from '../analytics/student-measures';
import { exportFigures, STUDENT_COLUMNS } from '../analytics/export-figures';
import { CASELOAD_PDF_MEASURES, CASELOAD_SUMMARY_MAX, REPORT_KEEP_DAYS } from '@habla/shared/schemas/reports';
import type { StudentFigures } from '@habla/shared/schemas/analytics';
import { requesterOf, type Requester } from './requester';

/**
 * `report.make` (docs/decisions/029-reports.md): the worker's side of a report. It takes the queued
 * (or, after a crash, running) report, reads its figures through the students analytics' own verbs
 * as the requester (their scope, read again now): for a student's progress their figures, days and
 * language-sample measures; for the caseload summary every student's figures, a page at a time. It
 * draws the PDF in the CPU pool (decision 020) or writes the CSV of the students analytics' export,
 * stores it and marks the report done, moving `progress` on at each step; a made or failed report
 * expires REPORT_KEEP_DAYS later. A refusal (the student no longer in the requester's scope, the
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
    `UPDATE reports SET status = 'failed', failure_reason = $2, finished_at = now(), updated_at = now(),
            expires_at = now() + make_interval(days => $3) WHERE id = $1 AND status <> 'done'`,
    [id, FAILED, REPORT_KEEP_DAYS],
  );
}

/** Students read per statement for the caseload summary's PDF. */
const CASELOAD_BATCH = 500;

type Made = { bytes: Buffer; contentType: string };

/** A student's progress as a PDF: their figures, days and language samples over the period. */
async function progressPdf(ctx: JobContext, report: DbReportRow, service: ActorContext, by: Requester): Promise<Made> {
  const studentId = report.student_id;
  if (!studentId) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  const period = { from: report.period_from, to: report.period_to };
  // The same reads as GET /api/analytics/students and the student's page (decisions 026, 027).
  const [figures, days, measures] = await Promise.all([
    studentFigures(service, { ...period, student_id: studentId, page: 0, max: 1 }),
    studentDays(service, studentId, period),
    studentMeasures(service, studentId, period),
  ]);
  const student = figures.students[0];
  if (!student) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  await setProgress(ctx, report.id, 40);
  const pdf = await cpuOf(ctx).run('progressReport', {
    lang: report.language,
    student: days.student.full_name ?? '',
    preparedBy: by.name,
    account: by.account,
    ...period,
    figures: student,
    days: days.days,
    measures: measures.assessments,
    note: report.note,
    now: service.now,
  });
  return { bytes: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), contentType: 'application/pdf' };
}

/**
 * The caseload summary: every student of the requester's scope by last name, with the students
 * analytics' figures: the measures chosen, or by default every one in a CSV (exactly that screen's
 * export) and CASELOAD_PDF_MEASURES in a PDF, which lists the first CASELOAD_SUMMARY_MAX students.
 */
async function caseloadSummary(
  ctx: JobContext,
  report: DbReportRow,
  service: ActorContext,
  by: Requester,
): Promise<Made> {
  const period = { from: report.period_from, to: report.period_to };
  const read = async (page: number, max: number) => {
    const { students, total } = await studentFigures(service, { ...period, page, max });
    return { rows: students, total };
  };
  if (report.format === 'csv') {
    const chosen = report.measures;
    const columns = chosen
      ? STUDENT_COLUMNS.filter(([key]) => key === 'student' || chosen.some((m) => m === key))
      : STUDENT_COLUMNS;
    const csv = await exportFigures(read, columns, report.language);
    await setProgress(ctx, report.id, 80);
    return { bytes: Buffer.from(csv, 'utf8'), contentType: 'text/csv; charset=utf-8' };
  }
  const students: StudentFigures[] = [];
  let total = 0;
  for (let page = 0; students.length < CASELOAD_SUMMARY_MAX; page += 1) {
    const batch = await read(page, CASELOAD_BATCH);
    total = batch.total;
    students.push(...batch.rows.slice(0, CASELOAD_SUMMARY_MAX - students.length));
    await setProgress(
      ctx,
      report.id,
      10 + Math.round((30 * students.length) / Math.max(1, Math.min(total, CASELOAD_SUMMARY_MAX))),
    );
    if (batch.rows.length < CASELOAD_BATCH || students.length >= total) break;
  }
  const pdf = await cpuOf(ctx).run('caseloadSummary', {
    lang: report.language,
    preparedBy: by.name,
    account: by.account,
    ...period,
    measures: report.measures ?? [...CASELOAD_PDF_MEASURES],
    students,
    total,
    now: service.now,
  });
  return { bytes: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), contentType: 'application/pdf' };
}

async function makeReport(ctx: JobContext, report: DbReportRow): Promise<void> {
  const requester = await requesterOf(ctx, report.requested_by);
  if (!requester) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
  const service = systemContext(ctx, { requestId: systemRequestId(`job:${REPORT_JOB}`), actor: requester.actor });
  const made =
    report.kind === 'caseload_summary'
      ? await caseloadSummary(ctx, report, service, requester)
      : await progressPdf(ctx, report, service, requester);
  await setProgress(ctx, report.id, 80);
  const key = newStorageKey(report.account_id);
  await ctx.storage.putStream(key, Readable.from([made.bytes]), { contentType: made.contentType });
  const stored = await ctx.pool.query(
    `UPDATE reports SET status = 'done', progress = 100, storage_key = $2, file_size = $3, finished_at = now(), updated_at = now(),
            expires_at = now() + make_interval(days => $4)
      WHERE id = $1 AND status = 'running'`,
    [report.id, key, made.bytes.byteLength, REPORT_KEEP_DAYS],
  );
  // Done meanwhile by another attempt, or deleted by its requester: this copy is not needed.
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
