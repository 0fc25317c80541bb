import { PERMISSIONS as P } from '../permissions';
import { accountScope, definePolicy } from './policy';

/** Those who administer accounts or their users: they open an account and see what it pays. */
export const ACCOUNT_READERS = [P.ADMIN_ACCOUNTS, P.ADMIN_USERS] as const;

/**
 * Accounts. Seed §6 leaves the account list open to all who reach it, and gates add, edit and show
 * behind PERMISSION_ADMIN_USERS: every signed-in user lists the accounts they see (their own), but
 * only account readers open one, export the list or see its amount and payment method; changing
 * accounts is for PERMISSION_ADMIN_ACCOUNTS (platform staff).
 */
export const accountsPolicy = definePolicy({
  resource: 'accounts',
  rules: {
    list: 'signedIn',
    read: ACCOUNT_READERS,
    export: ACCOUNT_READERS,
    create: [P.ADMIN_ACCOUNTS],
    update: [P.ADMIN_ACCOUNTS],
    delete: [P.ADMIN_ACCOUNTS],
    restore: [P.ADMIN_ACCOUNTS],
  },
  // Platform staff see every account; a member their own (on the accounts table itself: its `id`).
  scope: accountScope,
  hidden: { fields: ['amount', 'payment_method'], readers: (a) => accountsPolicy.can(a, 'read') },
});
