import type { Language } from '@habla/shared';
import type { Report, RequestReportBody } from '@habla/shared/schemas/reports';
import { SqlParams } from '../../crud/sql';
import { withTransaction } from '../../jobs/transaction';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { periodOf, scopedStudents } from '../analytics/figures';
import { REPORT_COLUMNS, reportOf, type ReportRead } from './rows';
import { REPORT_JOB } from './make-report';

/**
 * Ask for a report (docs/product.md §6, docs/decisions/029-reports.md): the student must be in the
 * caller's analytics scope (the students analytics' `scopedStudents`; outside it, 404 as if they did
 * not exist). The row (queued, who asked, which account) and its job are written in one transaction,
 * so a report is never left without the job that makes it. The period defaults to the last 30 days
 * and the language to the caller's.
 */
export async function requestReport(
  ctx: ActorContext,
  body: RequestReportBody,
  callerLanguage: Language,
): Promise<Report> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('requesting a report needs the job queue');
  const { from, to } = periodOf(ctx, body);
  const row = await withTransaction(ctx.db, async (_tx, client) => {
    const p = new SqlParams();
    const inScope = await client.query(`SELECT 1 FROM (${scopedStudents(ctx, p, body.student_id)}) x`, p.values);
    if (!inScope.rowCount) throw notFound();
    const q = new SqlParams();
    const inserted = await client.query<ReportRead>(
      `WITH r AS (
         INSERT INTO reports (kind, account_id, requested_by, student_id, period_from, period_to, language, note, created_at, updated_at, created_by, updated_by)
         VALUES (${q.add(body.kind)}, ${q.add(ctx.actor.account_id)}::uuid, ${q.add(ctx.actor.id)}, ${q.add(body.student_id)}, ${q.add(from)}::date,
                 ${q.add(to)}::date, ${q.add(body.language ?? callerLanguage)}, ${q.add(body.note || null)}, ${q.add(ctx.now)}, ${q.add(ctx.now)},
                 ${q.add(ctx.actor.id)}, ${q.add(ctx.actor.id)})
         RETURNING *)
       SELECT ${REPORT_COLUMNS} FROM r`,
      q.values,
    );
    const made = inserted.rows[0]!;
    await jobs.enqueue(client, REPORT_JOB, { report_id: made.id });
    return made;
  });
  jobs.wake(REPORT_JOB);
  ctx.log.info({ report: row.id, kind: row.kind }, 'report requested');
  return reportOf(row, callerLanguage);
}
