import type { ReportDefinition } from '@habla/shared/schemas/reports';
import type { SqlParams } from '../../crud/sql';
import type { DbReportDefinitionRow, users } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';

/**
 * What the saved report definitions' verbs share (docs/decisions/029-reports.md): a row as its
 * owner reads it, and the condition that keeps everyone to their own definitions.
 */

/** A definition row with its student's name. */
export type DefinitionRead = DbReportDefinitionRow & {
  student_name: Pick<typeof users.$inferSelect, 'full_name'>['full_name'];
};

/** The columns a verb selects (the definitions table is `d`). */
export const DEFINITION_COLUMNS = `d.*, (SELECT s.full_name FROM users s WHERE s.id = d.student_id) AS student_name`;

/** The caller's own definitions, in their account; anyone else's answers 404. */
export function ownDefinitions(ctx: ActorContext, p: SqlParams): string {
  const account =
    ctx.actor.account_id === null ? 'd.account_id IS NULL' : `d.account_id = ${p.add(ctx.actor.account_id)}`;
  return `d.owner_id = ${p.add(ctx.actor.id)} AND ${account}`;
}

export function definitionOf(d: DefinitionRead): ReportDefinition {
  return {
    id: d.id,
    name: d.name,
    kind: d.kind,
    format: d.format,
    measures: d.measures,
    student: d.student_id ? { id: d.student_id, full_name: d.student_name } : null,
    period_days: d.period_days,
    from: d.period_from,
    to: d.period_to,
    language: d.language,
    note: d.note,
    last_run_at: d.last_run_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
  };
}
