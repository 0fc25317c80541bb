import { acceptsType, seesAllAccounts, type FileFieldDef } from '@habla/shared';
import type pg from 'pg';
import { fieldError } from '../lib/errors';
import type { CrudUser } from './contract';
import { SqlParams } from './sql';

/**
 * The files a caller may point a file field at, as a condition on alias `t` of `files`: the same
 * rule as reading them (modules/files/files.policy.ts `filesScope`, docs/product.md §2). Platform staff
 * who run accounts see all; account members their account's (a student only their own uploads);
 * EDITOR and VIEWER shared content, i.e. files without an account.
 */
export function fileRows(u: CrudUser, p: SqlParams): string | null {
  if (seesAllAccounts(u)) return null;
  if (u.account_id) return u.role === 'STUDENT' ? `t.account_id = ${p.add(u.account_id)} AND t.created_by = ${p.add(u.id)}` : `t.account_id = ${p.add(u.account_id)}`;
  return 't.account_id IS NULL';
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
