import type { Language } from '@habla/shared';
import {
  inListOrder,
  type CaseloadMeasure,
  type Report,
  type ReportFormat,
  type ReportKind,
  type RequestReportBody,
} from '@habla/shared/schemas/reports';
import type pg from 'pg';
import { SqlParams } from '../../crud/sql';
import { withTransaction } from '../../jobs/transaction';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { periodOf, scopedStudents } from '../analytics/figures';
import { REPORT_COLUMNS, reportOf, type ReportRead } from './rows';
import { REPORT_JOB } from './make-report';

/** What a report is to be, its period already worked out. */
export type ReportOrder = {
  kind: ReportKind;
  student_id: string | null;
  format: ReportFormat;
  /** A caseload summary's measures; null for the default set. */
  measures: CaseloadMeasure[] | null;
  from: string;
  to: string;
  language: Language;
  note: string | null;
  definition_id: string | null;
};

/**
 * Write a report's row (queued, who asked, which account) and queue its job through `client`, inside
 * the caller's transaction (decision 006), so a report is never left without the job that makes it.
 * A progress report's student must be in the caller's analytics scope (the students analytics'
 * `scopedStudents`; outside it, 404 as if they did not exist).
 */
export async function queueReport(ctx: ActorContext, client: pg.PoolClient, order: ReportOrder): Promise<ReportRead> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('requesting a report needs the job queue');
  if (order.student_id) {
    const p = new SqlParams();
    const inScope = await client.query(`SELECT 1 FROM (${scopedStudents(ctx, p, order.student_id)}) x`, p.values);
    if (!inScope.rowCount) throw notFound();
  }
  const q = new SqlParams();
  const inserted = await client.query<ReportRead>(
    `WITH r AS (
       INSERT INTO reports (kind, format, measures, account_id, requested_by, student_id, period_from, period_to, language, note, definition_id,
                            created_at, updated_at, created_by, updated_by)
       VALUES (${q.add(order.kind)}, ${q.add(order.format)}, ${q.add(order.measures)}::text[], ${q.add(ctx.actor.account_id)}::uuid, ${q.add(ctx.actor.id)},
               ${q.add(order.student_id)}::uuid, ${q.add(order.from)}::date, ${q.add(order.to)}::date, ${q.add(order.language)},
               ${q.add(order.note || null)}, ${q.add(order.definition_id)}::uuid, ${q.add(ctx.now)}, ${q.add(ctx.now)},
               ${q.add(ctx.actor.id)}, ${q.add(ctx.actor.id)})
       RETURNING *)
     SELECT ${REPORT_COLUMNS} FROM r`,
    q.values,
  );
  const made = inserted.rows[0]!;
  await jobs.enqueue(client, REPORT_JOB, { report_id: made.id });
  return made;
}

/**
 * Ask for a report (docs/product.md §6, docs/decisions/029-reports.md): a student's progress (a PDF)
 * or the caseload summary of every student in the caller's scope (a PDF or a CSV). The period
 * defaults to the last 30 days and the language to the caller's.
 */
export async function requestReport(
  ctx: ActorContext,
  body: RequestReportBody,
  callerLanguage: Language,
): Promise<Report> {
  const { from, to } = periodOf(ctx, body);
  const row = await withTransaction(ctx.db, (_tx, client) =>
    queueReport(ctx, client, {
      kind: body.kind,
      student_id: body.kind === 'student_progress' ? (body.student_id ?? null) : null,
      format: body.format ?? 'pdf',
      measures: body.kind === 'caseload_summary' && body.measures ? inListOrder(body.measures) : null,
      from,
      to,
      language: body.language ?? callerLanguage,
      note: body.note || null,
      definition_id: null,
    }),
  );
  ctx.jobs?.wake(REPORT_JOB);
  ctx.log.info({ report: row.id, kind: row.kind }, 'report requested');
  return reportOf(row, callerLanguage);
}
