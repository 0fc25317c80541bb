import { ROLES, type Policy, type Scope } from '@habla/shared';
import { describe, expect, it } from 'vitest';
import type { CrudUser } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { accountRows, accountsScope, adultsScope, studentsScope, workspacesScope } from './scopes';

/**
 * The scope kinds of the shared policies as conditions on alias `t` (docs/product.md §2): null is
 * every row, 'false' none. What they select on real data, role by role: tenancy.test.ts.
 */
const actor = (role: string, account_id: string | null = 'acc-1') =>
  ({ id: 'user-1', role, account_id, permissions: [] }) as unknown as CrudUser;
const policyWith = (scope: Scope) => ({ scope: () => scope }) as unknown as Policy;

describe('accountRows', () => {
  it('gives every row for all and shared, none for none and library, one account otherwise', () => {
    const u = actor(ROLES.THERAPIST);
    expect(accountRows(u, new SqlParams(), 't.account_id', policyWith({ kind: 'all' }))).toBeNull();
    expect(accountRows(u, new SqlParams(), 't.account_id', policyWith({ kind: 'shared' }))).toBeNull();
    expect(accountRows(u, new SqlParams(), 't.account_id', policyWith({ kind: 'none' }))).toBe('false');
    expect(accountRows(u, new SqlParams(), 't.account_id', policyWith({ kind: 'library' }))).toBe('false');
    const p = new SqlParams();
    expect(accountRows(u, p, 'b.account_id', policyWith({ kind: 'account', accountId: 'acc-9' }))).toBe(
      'b.account_id = $1',
    );
    expect(p.values).toEqual(['acc-9']);
  });
});

describe('a user without an account who does not run accounts (an editor, a viewer)', () => {
  it('sees no account, adult, student or workspace', () => {
    for (const role of [ROLES.EDITOR, ROLES.VIEWER]) {
      const u = actor(role, null);
      const p = new SqlParams();
      expect(accountsScope(u, p)).toBe('false');
      expect(adultsScope(u, p)).toBe(`t.role <> 'STUDENT' AND false`);
      expect(studentsScope(u, p)).toBe(`t.role = 'STUDENT' AND false`);
      expect(workspacesScope(u, p)).toBe('false');
      expect(p.values).toEqual([]);
    }
  });
});
