import {
  accountsPolicy,
  clientsPolicy,
  ROLES,
  usersPolicy,
  workspacesPolicy,
  type Policy,
  type Scope,
} from '@habla/shared';
import type { CrudUser } from '../../crud/contract';
import type { SqlParams } from '../../crud/sql';

/**
 * The SQL side of the tenancy policies (docs/product.md §2; decision 009). Who sees what is decided by
 * each entity's policy (`packages/shared/src/policies`), as a scope kind; these functions turn that
 * kind into a condition on alias `t`. Every list, export, read, write, restore and bulk of a
 * tenant-owned resource goes through one of them, so a row outside is answered like a missing row.
 */

const NOTHING = 'false';
const STUDENT = `'${ROLES.STUDENT}'`;

/** Workspaces the user is a member of or supervises (ids), as a subquery. */
function myWorkspaces(userId: string, p: SqlParams): string {
  const me = p.add(userId);
  return `(SELECT mw.id FROM workspaces mw WHERE mw.deleted_at IS NULL AND (mw.supervisor_id = ${me} OR EXISTS (SELECT 1 FROM workspace_members mm WHERE mm.workspace_id = mw.id AND mm.user_id = ${me})))`;
}

/** A scope that is all, none or one account, as a condition on `column`. */
function byAccount(scope: Scope, p: SqlParams, column: string): string | null {
  switch (scope.kind) {
    case 'all':
    case 'shared':
      return null;
    case 'none':
    case 'library':
      return NOTHING;
    default:
      return `${column} = ${p.add(scope.accountId)}`;
  }
}

/** Rows of a table with an account_id column (organizations, billings), by that table's policy. */
export function accountRows(u: CrudUser, p: SqlParams, column: string, policy: Policy): string | null {
  return byAccount(policy.scope(u), p, column);
}

/** The accounts table itself: platform staff see all; members their own account. */
export function accountsScope(u: CrudUser, p: SqlParams): string | null {
  return byAccount(accountsPolicy.scope(u), p, 't.id');
}

/** Students (users with role STUDENT) the caller may see. */
export function studentsScope(u: CrudUser, p: SqlParams): string {
  const base = `t.role = ${STUDENT}`;
  const scope = clientsPolicy.scope(u);
  if (scope.kind === 'self') return `${base} AND t.id = ${p.add(scope.userId)}`;
  if (scope.kind === 'caseload') {
    // Parameters are added only when used: an unused $n has no type and PostgreSQL refuses the query.
    const account = `t.account_id = ${p.add(scope.accountId)}`;
    // ANY(ARRAY(…)) is computed once (an init plan) and then read through the primary key, so a caseload
    // of a few students among thousands costs a few index probes, not a walk through the account.
    const mine = `t.id = ANY(ARRAY(SELECT w2.student_id FROM workspaces w2 WHERE w2.id IN ${myWorkspaces(scope.userId, p)}))`;
    // A therapist who just added a student keeps seeing them until a workspace is built.
    return `${base} AND ${account} AND (${mine} OR t.created_by = ${p.add(scope.userId)})`;
  }
  const cond = byAccount(scope, p, 't.account_id');
  return cond ? `${base} AND ${cond}` : base;
}

/** Adult users (everyone but students): platform staff see all, account members their account. */
export function adultsScope(u: CrudUser, p: SqlParams): string {
  const base = `t.role <> ${STUDENT}`;
  const cond = byAccount(usersPolicy.scope(u), p, 't.account_id');
  return cond ? `${base} AND ${cond}` : base;
}

/** Workspaces: the whole account for its admin; members and supervisors their own; a student theirs. */
export function workspacesScope(u: CrudUser, p: SqlParams, a = 't'): string | null {
  const scope = workspacesPolicy.scope(u);
  if (scope.kind === 'self')
    return `${a}.account_id = ${p.add(scope.accountId)} AND ${a}.student_id = ${p.add(scope.userId)}`;
  if (scope.kind === 'caseload')
    return `${a}.account_id = ${p.add(scope.accountId)} AND ${a}.id IN ${myWorkspaces(scope.userId, p)}`;
  return byAccount(scope, p, `${a}.account_id`);
}

/** Platform staff who run every account (the audit log's scope too). */
export { seesAllAccounts } from '@habla/shared';
