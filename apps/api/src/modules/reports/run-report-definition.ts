import type { Language } from '@habla/shared';
import type { Report } from '@habla/shared/schemas/reports';
import { SqlParams } from '../../crud/sql';
import { withTransaction } from '../../jobs/transaction';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { periodOf } from '../analytics/figures';
import { DEFINITION_COLUMNS, ownDefinitions, type DefinitionRead } from './definition-rows';
import { REPORT_JOB } from './make-report';
import { queueReport } from './request-report';
import { reportOf } from './rows';

/**
 * `POST /api/report-definitions/:id/run`: make the report a saved definition describes, now
 * (docs/decisions/029-reports.md). A relative period is the last `period_days` days up to today
 * (UTC); a fixed one its own days. The student is checked against the caller's scope again, the
 * definition's last run is noted and the report queued in one transaction.
 */
export async function runReportDefinition(ctx: ActorContext, id: string, callerLanguage: Language): Promise<Report> {
  const row = await withTransaction(ctx.db, async (_tx, client) => {
    const p = new SqlParams();
    const found = await client.query<DefinitionRead>(
      `SELECT ${DEFINITION_COLUMNS} FROM report_definitions d WHERE d.id = ${p.add(id)} AND ${ownDefinitions(ctx, p)} FOR UPDATE`,
      p.values,
    );
    const d = found.rows[0];
    if (!d) throw notFound();
    // Fixed days as saved, or the last `period_days` days up to today.
    const period =
      d.period_days !== null
        ? periodOf(ctx, {}, d.period_days)
        : periodOf(ctx, { from: d.period_from ?? undefined, to: d.period_to ?? undefined });
    await client.query(`UPDATE report_definitions SET last_run_at = $2 WHERE id = $1`, [d.id, ctx.now]);
    return queueReport(ctx, client, {
      kind: d.kind,
      student_id: d.student_id,
      format: d.format,
      measures: d.measures,
      ...period,
      language: d.language,
      note: d.note,
      definition_id: d.id,
    });
  });
  ctx.jobs?.wake(REPORT_JOB);
  ctx.log.info({ report: row.id, definition: id }, 'report requested from its definition');
  return reportOf(row, callerLanguage);
}
