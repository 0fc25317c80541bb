import { PERMISSIONS as P } from '../permissions';
import { grantableRoles, type Role } from '../roles';
import { accountScope, definePolicy, passes, type Actor, type PolicyRow, type RowAction } from './policy';

/** Nobody acts on a user more powerful than themself (a role they may not grant). */
const mayManage = (a: Actor, row: PolicyRow): boolean => grantableRoles(a).includes(row.role as Role);

/**
 * Adult users (everyone but students). Their administrators (PERMISSION_ADMIN_USERS) manage them in
 * their scope; a user edits their own record but never deletes it (role, status and account of
 * one's own record are refused by the write rules).
 */
export const usersPolicy = definePolicy({
  resource: 'users',
  rules: {
    list: [P.ADMIN_USERS],
    read: [P.ADMIN_USERS],
    export: [P.ADMIN_USERS],
    create: [P.ADMIN_USERS],
    update: [P.ADMIN_USERS],
    delete: [P.ADMIN_USERS],
    restore: [P.ADMIN_USERS],
  },
  scope: accountScope,
  row: (a: Actor, action: RowAction, row: PolicyRow) => {
    if (action === 'read') return true;
    if (action === 'update') return row.id === a.id || mayManage(a, row);
    return row.id !== a.id && mayManage(a, row);
  },
  actions: {
    /**
     * E-mail a link to set a new password (decision 010), to users the caller manages (themself
     * included: the link goes to their own address); only an active user with an e-mail can use one.
     */
    'send-password-link': {
      rule: [P.ADMIN_USERS],
      row: (a, row) => row.id === a.id || mayManage(a, row),
      when: (row) => typeof row.email === 'string' && row.email !== '' && row.status === 'ACTIVE',
    },
  },
});

/** Actions on users beyond the generic ones (custom routes). */
export const userActions = {
  resetPassword: (a: Actor | null | undefined) => usersPolicy.can(a, 'send-password-link'),
  readPermissions: (a: Actor | null | undefined) => usersPolicy.can(a, 'read'),
  /** The full SSN (masked otherwise); every reveal is audited. */
  revealSsn: (a: Actor | null | undefined) => passes(a, [P.REVEAL_SSN]),
};
