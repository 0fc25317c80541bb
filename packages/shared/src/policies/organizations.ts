import { PERMISSIONS as P } from '../permissions';
import { accountScope, definePolicy } from './policy';

/** Who reads an account's legal-entity details: its administrators, entity readers and user admins (support). */
const READERS = [P.ADMIN_ACCOUNTS, P.ADMIN_ENTITIES, P.READ_ENTITIES, P.ADMIN_USERS] as const;

/**
 * Organizations (the legal-entity details of an account). The menu, the screen and the API all read
 * these rules; before decision 009 the menu asked for two of the four reading permissions.
 */
export const organizationsPolicy = definePolicy({
  resource: 'organizations',
  rules: {
    list: READERS,
    read: READERS,
    export: READERS,
    create: [P.ADMIN_ACCOUNTS, P.ADMIN_ENTITIES, P.CREATE_ENTITIES],
    update: [P.ADMIN_ACCOUNTS, P.ADMIN_ENTITIES, P.EDIT_ENTITIES],
    delete: [P.ADMIN_ACCOUNTS, P.ADMIN_ENTITIES],
    restore: [P.ADMIN_ACCOUNTS, P.ADMIN_ENTITIES],
  },
  scope: accountScope,
});
