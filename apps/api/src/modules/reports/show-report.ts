import type { Language } from '@habla/shared';
import type { Report } from '@habla/shared/schemas/reports';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { ownReports, REPORT_COLUMNS, reportOf, type ReportRead } from './rows';

/** One of the caller's reports, as stored now; another user's or account's answers 404. */
export async function findReport(ctx: ActorContext, id: string): Promise<ReportRead> {
  const p = new SqlParams();
  const res = await poolOf(ctx.db).query<ReportRead>(
    `SELECT ${REPORT_COLUMNS} FROM reports r WHERE r.id = ${p.add(id)} AND ${ownReports(ctx, p)}`,
    p.values,
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  return row;
}

/** `GET /api/reports/:id`: its status and progress (what the list polls while it is being made). */
export async function showReport(ctx: ActorContext, id: string, lang: Language): Promise<Report> {
  return reportOf(await findReport(ctx, id), lang);
}
