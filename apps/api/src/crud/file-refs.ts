import { acceptsType, fileScope, type FileFieldDef } from '@habla/shared';
import type pg from 'pg';
import { fieldError } from '../lib/errors';
import type { CrudUser, ServerResource } from './contract';
import { ident, SqlParams } from './sql';

/**
 * The resources served by the engine that hold files (a `file` field), registered by
 * `resourceRoutes`: a file belongs to the rows that point at it and is read with them. The
 * declarations are constants, so the set is the same for every app of the process.
 */
const holders = new Map<string, { table: string; columns: string[]; scope: ServerResource['scope'] }>();

export function registerFileHolder(r: ServerResource): void {
  const columns = r.def.fields.filter((f) => f.kind === 'file').map((f) => f.name);
  if (columns.length) holders.set(r.table, { table: r.table, columns, scope: r.scope });
}

/** Whether some row of a holder, live or deleted, points at the file aliased `f`: it then belongs to a record. */
function attached(f: string): string {
  const uses = [...holders.values()].flatMap((h) =>
    h.columns.map((c) => `EXISTS (SELECT 1 FROM ${ident(h.table)} h WHERE h.${ident(c)} = ${f}.id)`),
  );
  return uses.length ? `(${uses.join(' OR ')})` : 'false';
}

/**
 * The files a caller reads, as a condition on `files` aliased `f` (null: all), by the shared files
 * policy (decision 007): platform staff who run accounts, all; anyone else the files they uploaded,
 * those a live row they may read points at (the holder's own scope, e.g. an activity's with its
 * game), and an account's admin the account's files that belong to no record. The files module
 * adds a student's assigned prompts (files.policy.ts); this is the engine's part, also the rule for
 * which files a file field may point at.
 */
export function fileRows(u: CrudUser, p: SqlParams, f = 'f'): string | null {
  const s = fileScope(u);
  if (s.kind === 'all') return null;
  const conds = [`${f}.created_by = ${p.add(s.userId)}`];
  if (s.accountFiles) conds.push(`(${f}.account_id = ${p.add(s.accountFiles)} AND NOT ${attached(f)})`);
  for (const h of holders.values()) {
    // The holder's scope is written on alias `t`, the holder's own rows.
    const scope = h.scope?.(u, p);
    for (const c of h.columns)
      conds.push(
        `EXISTS (SELECT 1 FROM ${ident(h.table)} t WHERE t.${ident(c)} = ${f}.id AND t.deleted_at IS NULL${scope ? ` AND ${scope}` : ''})`,
      );
  }
  return `(${conds.join(' OR ')})`;
}

/**
 * A file field's value must be a file the caller may read, still there (a deleted file has no row),
 * of an accepted type as detected from its bytes at upload (never its name) and within the size
 * limit. Runs in the write's transaction and locks the file row (FOR SHARE) so it cannot be deleted
 * before the write commits. A file outside the caller's scope answers like a missing one.
 */
export async function checkFileReference(
  client: pg.PoolClient,
  f: FileFieldDef,
  id: string,
  user: CrudUser,
): Promise<void> {
  const p = new SqlParams();
  const conds = [`f.id = ${p.add(id)}`];
  const scope = fileRows(user, p);
  if (scope) conds.push(scope);
  const res = await client.query<{ content_type: string; size: string }>(
    `SELECT f.content_type, f.size FROM files f WHERE ${conds.join(' AND ')} FOR SHARE OF f`,
    p.values,
  );
  const file = res.rows[0];
  if (!file) throw fieldError(f.name, 'validation.missingReference');
  if (!acceptsType(f.accept, file.content_type))
    throw fieldError(f.name, 'validation.fileType', { types: f.accept.join(', ') });
  if (f.maxBytes !== undefined && Number(file.size) > f.maxBytes)
    throw fieldError(f.name, 'validation.fileTooLarge', { maximum: f.maxBytes });
}
