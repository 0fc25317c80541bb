import type { SqlParams } from '../../crud/sql';
import type { AuthUser } from '../auth/sessions';

/**
 * Who sees which tenant rows (PRODUCT.md §2), as SQL conditions on alias `t`. Every list, export,
 * read, write, restore and bulk of a tenant-owned resource goes through one of these, so a row
 * outside them is answered exactly like a missing row.
 */

/** SUPERADMIN, ADMIN and SUPPORT run every account; EDITOR and VIEWER see shared content only. */
export const seesAllAccounts = (u: AuthUser): boolean => u.account_id === null && (u.role === 'SUPERADMIN' || u.role === 'ADMIN' || u.role === 'SUPPORT');

/** Therapists and supervisors see only the students of workspaces they belong to or supervise. */
export const isCaseloadRole = (u: AuthUser): boolean => u.role === 'THERAPIST' || u.role === 'SUPERVISOR';

const NOTHING = 'false';

/** Workspaces the user is a member of or supervises (ids), as a subquery. */
function myWorkspaces(u: AuthUser, p: SqlParams): string {
  const me = p.add(u.id);
  return `(SELECT mw.id FROM workspaces mw WHERE mw.deleted_at IS NULL AND (mw.supervisor_id = ${me} OR EXISTS (SELECT 1 FROM workspace_members mm WHERE mm.workspace_id = mw.id AND mm.user_id = ${me})))`;
}

/** Rows of a table with an account_id column. */
export function accountRows(u: AuthUser, p: SqlParams, column = 't.account_id'): string | null {
  if (seesAllAccounts(u)) return null;
  if (!u.account_id) return NOTHING;
  return `${column} = ${p.add(u.account_id)}`;
}

/** The accounts table itself: platform staff see all; members their own account. */
export function accountsScope(u: AuthUser, p: SqlParams): string | null {
  if (seesAllAccounts(u)) return null;
  if (!u.account_id) return NOTHING;
  return `t.id = ${p.add(u.account_id)}`;
}

/** Students (users with role STUDENT) the caller may see. */
export function studentsScope(u: AuthUser, p: SqlParams): string {
  const base = `t.role = 'STUDENT'`;
  if (seesAllAccounts(u)) return base;
  if (!u.account_id) return NOTHING;
  // Parameters are added only when used: an unused $n has no type and PostgreSQL refuses the query.
  if (u.role === 'STUDENT') return `${base} AND t.id = ${p.add(u.id)}`;
  if (u.role !== 'ACCOUNT_ADMIN' && !isCaseloadRole(u)) return NOTHING;
  const account = `t.account_id = ${p.add(u.account_id)}`;
  if (u.role === 'ACCOUNT_ADMIN') return `${base} AND ${account}`;
  // ANY(ARRAY(…)) is computed once (an init plan) and then read through the primary key, so a caseload
  // of a few students among thousands costs a few index probes, not a walk through the account.
  const mine = `t.id = ANY(ARRAY(SELECT w2.student_id FROM workspaces w2 WHERE w2.id IN ${myWorkspaces(u, p)}))`;
  // A therapist who just added a student keeps seeing them until a workspace is built.
  return `${base} AND ${account} AND (${mine} OR t.created_by = ${p.add(u.id)})`;
}

/** Adult users (everyone but students): platform staff see all, account admins their account. */
export function adultsScope(u: AuthUser, p: SqlParams): string {
  const base = `t.role <> 'STUDENT'`;
  if (seesAllAccounts(u)) return base;
  if (!u.account_id) return NOTHING;
  return `${base} AND t.account_id = ${p.add(u.account_id)}`;
}

/** Workspaces: the whole account for its admin; members and supervisors their own; a student theirs. */
export function workspacesScope(u: AuthUser, p: SqlParams, a = 't'): string | null {
  if (seesAllAccounts(u)) return null;
  if (!u.account_id) return NOTHING;
  if (u.role !== 'ACCOUNT_ADMIN' && u.role !== 'STUDENT' && !isCaseloadRole(u)) return NOTHING;
  const account = `${a}.account_id = ${p.add(u.account_id)}`;
  if (u.role === 'ACCOUNT_ADMIN') return account;
  if (u.role === 'STUDENT') return `${account} AND ${a}.student_id = ${p.add(u.id)}`;
  return `${account} AND ${a}.id IN ${myWorkspaces(u, p)}`;
}
