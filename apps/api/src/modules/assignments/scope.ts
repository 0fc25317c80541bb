import type pg from 'pg';
import type { CrudUser } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { studentsScope } from '../tenancy/scopes';

/** The students (ids) among `ids` the caller may see, with their account. */
export async function studentsInScope(c: pg.PoolClient, u: CrudUser, ids: string[]): Promise<Map<string, string>> {
  const p = new SqlParams();
  const list = p.add(ids);
  const res = await c.query(
    `SELECT t.id, t.account_id FROM users t WHERE t.id = ANY(${list}::uuid[]) AND t.deleted_at IS NULL AND ${studentsScope(u, p)}`,
    p.values,
  );
  return new Map((res.rows as { id: string; account_id: string }[]).map((r) => [r.id, r.account_id]));
}

/** Assignments the caller may see: those of students in their scope. */
export function assignmentScope(u: CrudUser, p: SqlParams, a = 'x'): string {
  return `${a}.student_id IN (SELECT t.id FROM users t WHERE ${studentsScope(u, p)})`;
}
