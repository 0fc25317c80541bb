import { PERMISSIONS as P } from '../permissions';
import { ACCOUNT_READERS } from './accounts';
import { accountScope, definePolicy } from './policy';

/** Billings: read by account readers in their scope, written by those who administer accounts. */
export const billingsPolicy = definePolicy({
  resource: 'billings',
  rules: {
    list: ACCOUNT_READERS,
    read: ACCOUNT_READERS,
    export: ACCOUNT_READERS,
    create: [P.ADMIN_ACCOUNTS],
    update: [P.ADMIN_ACCOUNTS],
    delete: [P.ADMIN_ACCOUNTS],
    restore: [P.ADMIN_ACCOUNTS],
  },
  scope: accountScope,
});
