import type { ReportDefinition, ReportDefinitionsQuery } from '@habla/shared/schemas/reports';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { totalOf } from '../analytics/figures';
import { DEFINITION_COLUMNS, definitionOf, ownDefinitions, type DefinitionRead } from './definition-rows';

/**
 * `GET /api/report-definitions`: the caller's own saved definitions by name, a page at a time (the
 * walk of the index on (owner, lower(name), id) stops at the page).
 */
export async function listReportDefinitions(
  ctx: ActorContext,
  q: ReportDefinitionsQuery,
): Promise<{ definitions: ReportDefinition[]; total: number }> {
  const p = new SqlParams();
  const where = ownDefinitions(ctx, p);
  const count = [...p.values];
  const pool = poolOf(ctx.db);
  const res = await pool.query<DefinitionRead & { total: number }>(
    `SELECT ${DEFINITION_COLUMNS}, count(*) OVER ()::int AS total FROM report_definitions d WHERE ${where}
      ORDER BY lower(d.name), d.id LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)}`,
    p.values,
  );
  const total = await totalOf(res.rows, q.page, async () => {
    const n = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_definitions d WHERE ${where}`,
      count,
    );
    return n.rows[0]?.n ?? 0;
  });
  return { definitions: res.rows.map(definitionOf), total };
}
