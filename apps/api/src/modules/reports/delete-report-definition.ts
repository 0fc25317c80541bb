import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { ownDefinitions } from './definition-rows';

/**
 * `DELETE /api/report-definitions/:id`: the owner removes a saved definition for good (it is a saved
 * choice, made again in a moment); the reports made from it stay, no longer linked to it.
 */
export async function deleteReportDefinition(ctx: ActorContext, id: string): Promise<void> {
  const p = new SqlParams();
  const res = await poolOf(ctx.db).query(
    `DELETE FROM report_definitions d WHERE d.id = ${p.add(id)} AND ${ownDefinitions(ctx, p)}`,
    p.values,
  );
  if (!res.rowCount) throw notFound();
}
