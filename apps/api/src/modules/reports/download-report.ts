import { translate } from '@habla/shared';
import type { Readable } from 'node:stream';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage/index';
import { findReport } from './show-report';

/**
 * A done report's file, a PDF or a caseload summary's CSV (docs/decisions/029-reports.md): the
 * caller's own only, 404 until it is done (and for another user's or account's). Named after the
 * report (and its student) and its period, in the report's language.
 */
export async function downloadReport(
  ctx: ActorContext,
  storage: Storage,
  id: string,
): Promise<{ name: string; size: number | null; contentType: string; body: Readable }> {
  const row = await findReport(ctx, id);
  if (row.status !== 'done' || !row.storage_key) throw notFound();
  const body = await storage.getStream(row.storage_key);
  if (!body) throw notFound();
  const title =
    row.kind === 'caseload_summary'
      ? translate(row.language, 'caseloadSummary.fileName')
      : `${translate(row.language, 'progressReport.fileName')} - ${row.student_name ?? ''}`;
  const base = `${title} - ${row.period_from} ${row.period_to}`;
  const csv = row.format === 'csv';
  return {
    name: `${base.replace(/[\\/:*?"<>|]+/g, ' ').trim()}.${csv ? 'csv' : 'pdf'}`,
    size: row.file_size,
    contentType: csv ? 'text/csv; charset=utf-8' : 'application/pdf',
    body,
  };
}
