import type { Language } from '@habla/shared';
import type { Report, ReportsListQuery } from '@habla/shared/schemas/reports';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { totalOf } from '../analytics/figures';
import { ownReports, REPORT_COLUMNS, reportOf, type ReportRead } from './rows';

/**
 * The caller's own reports, newest first, a page at a time (docs/decisions/029-reports.md): the walk
 * of the index on (requester, created_at DESC, id DESC) stops at the page.
 */
export async function listReports(
  ctx: ActorContext,
  q: ReportsListQuery,
  lang: Language,
): Promise<{ reports: Report[]; total: number }> {
  const p = new SqlParams();
  const where = ownReports(ctx, p);
  const count = [...p.values];
  const pool = poolOf(ctx.db);
  const res = await pool.query<ReportRead & { total: number }>(
    `SELECT ${REPORT_COLUMNS}, count(*) OVER ()::int AS total FROM reports r WHERE ${where}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)}`,
    p.values,
  );
  const total = await totalOf(res.rows, q.page, async () => {
    const n = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports r WHERE ${where}`, count);
    return n.rows[0]?.n ?? 0;
  });
  return { reports: res.rows.map((r) => reportOf(r, lang)), total };
}
