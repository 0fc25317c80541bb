import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage/index';
import { ownReports } from './rows';

/**
 * `DELETE /api/reports/:id` (docs/decisions/029-reports.md): the caller removes one of their own
 * reports and its file for good (a report is a made document: its definition or the same request
 * makes it again). A report still being made is removed too; the job then finds no row to finish
 * and drops the file it made. Another user's or account's report answers 404.
 */
export async function deleteReport(ctx: ActorContext, storage: Storage, id: string): Promise<void> {
  const p = new SqlParams();
  const res = await poolOf(ctx.db).query<{ storage_key: string | null }>(
    `DELETE FROM reports r WHERE r.id = ${p.add(id)} AND ${ownReports(ctx, p)} RETURNING r.storage_key`,
    p.values,
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  if (row.storage_key) await storage.delete(row.storage_key);
  ctx.log.info({ report: id }, 'report deleted');
}
