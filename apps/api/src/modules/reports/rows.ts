import { translate, type Language } from '@habla/shared';
import type { Report } from '@habla/shared/schemas/reports';
import type { DbReportRow, users } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import type { SqlParams } from '../../crud/sql';

/**
 * What the reports' verbs share (docs/decisions/029-reports.md): a report row as its requester reads
 * it, and the condition that keeps every reader to their own reports.
 */

/** A report row with its student's name, as the verbs read it. */
export type ReportRead = DbReportRow & { student_name: Pick<typeof users.$inferSelect, 'full_name'>['full_name'] };

/** The columns a verb selects: the report and its student's name (the reports table is `r`). */
export const REPORT_COLUMNS = `r.*, (SELECT s.full_name FROM users s WHERE s.id = r.student_id) AS student_name`;

/**
 * The caller's own reports: asked by them, in their account (docs/product.md §2). Another user's or
 * another account's report does not exist for the caller (404).
 */
export function ownReports(ctx: ActorContext, p: SqlParams): string {
  const account =
    ctx.actor.account_id === null ? 'r.account_id IS NULL' : `r.account_id = ${p.add(ctx.actor.account_id)}`;
  return `r.requested_by = ${p.add(ctx.actor.id)} AND ${account}`;
}

/** The row as the contract's report, its failure translated into the reader's language. */
export function reportOf(r: ReportRead, lang: Language): Report {
  return {
    id: r.id,
    kind: r.kind,
    format: r.format,
    measures: r.measures,
    status: r.status,
    progress: r.progress,
    student: r.student_id ? { id: r.student_id, full_name: r.student_name } : null,
    from: r.period_from,
    to: r.period_to,
    language: r.language,
    note: r.note,
    failure: r.status === 'failed' && r.failure_reason ? translate(lang, r.failure_reason) : null,
    size: r.file_size,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    expires_at: r.expires_at?.toISOString() ?? null,
    definition_id: r.definition_id,
  };
}
