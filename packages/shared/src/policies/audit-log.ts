import { PERMISSIONS as P } from '../permissions';

/** Who reads the audit log (it has no other action): the API's route and the menu entry ask this rule. */
export const AUDIT_LOG_READ_RULE = `${P.ADMIN_USERS}|${P.ADMIN_ACCOUNTS}`;
