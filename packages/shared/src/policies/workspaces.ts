import { PERMISSIONS as P } from '../permissions';
import { caseloadScope, definePolicy, type Actor } from './policy';

/**
 * Workspaces: members read the ones they belong to or supervise (the header selector, a student
 * their own); PERMISSION_ADMIN_WORKSPACES builds them and manages their members.
 */
export const workspacesPolicy = definePolicy({
  resource: 'workspaces',
  rules: {
    list: 'signedIn',
    read: 'signedIn',
    export: 'signedIn',
    create: [P.ADMIN_WORKSPACES],
    update: [P.ADMIN_WORKSPACES],
    delete: [P.ADMIN_WORKSPACES],
    restore: [P.ADMIN_WORKSPACES],
  },
  scope: caseloadScope,
});

/** Actions on workspaces beyond the generic ones (custom routes). */
export const workspaceActions = {
  manageMembers: (a: Actor | null | undefined) => workspacesPolicy.can(a, 'update'),
  readMembers: (a: Actor | null | undefined) => workspacesPolicy.can(a, 'read'),
};
