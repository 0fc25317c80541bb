import { acceptsType, fileScope, type FileFieldDef } from '@habla/shared';
import type pg from 'pg';
import { fieldError } from '../lib/errors';
import type { CrudUser } from './contract';
import { SqlParams } from './sql';

/**
 * The files a caller may point a file field at, as a condition on alias `t` of `files`: the shared
 * files policy's scope (`fileScope`, the same rule as reading them through `/api/files`).
 */
export function fileRows(u: CrudUser, p: SqlParams): string | null {
  const s = fileScope(u);
  if (s.kind === 'all') return null;
  if (s.kind === 'shared') return 't.account_id IS NULL';
  return s.uploadedBy ? `t.account_id = ${p.add(s.accountId)} AND t.created_by = ${p.add(s.uploadedBy)}` : `t.account_id = ${p.add(s.accountId)}`;
}

/**
 * A file field's value must be a file the caller may read, still there (a deleted file has no row),
 * of an accepted type as detected from its bytes at upload (never its name) and within the size
 * limit. Runs in the write's transaction and locks the file row (FOR SHARE) so it cannot be deleted
 * before the write commits. A file outside the caller's scope answers like a missing one.
 */
export async function checkFileReference(client: pg.PoolClient, f: FileFieldDef, id: string, user: CrudUser): Promise<void> {
  const p = new SqlParams();
  const conds = [`t.id = ${p.add(id)}`];
  const scope = fileRows(user, p);
  if (scope) conds.push(scope);
  const res = await client.query<{ content_type: string; size: string }>(`SELECT t.content_type, t.size FROM files t WHERE ${conds.join(' AND ')} FOR SHARE`, p.values);
  const file = res.rows[0];
  if (!file) throw fieldError(f.name, 'validation.missingReference');
  if (!acceptsType(f.accept, file.content_type)) throw fieldError(f.name, 'validation.fileType', { types: f.accept.join(', ') });
  if (f.maxBytes !== undefined && Number(file.size) > f.maxBytes) throw fieldError(f.name, 'validation.fileTooLarge', { maximum: f.maxBytes });
}
