import { hasPermission, PERMISSIONS as P } from '../permissions';
import { ROLES } from '../roles';
import type { Actor } from './policy';

/**
 * The Role Permissions screen and its routes: the customer's specification §6 gates the screen by
 * PERMISSION_ADMIN_WORKSPACES; only PERMISSION_FULL edits; nobody edits their own role; and
 * PERMISSION_FULL itself is given only by a SUPERADMIN. The API's routes and the web's screen ask
 * these same functions.
 */
export const rolePermissionsPolicy = {
  read: (a: Actor | null | undefined): boolean => !!a && hasPermission(a, `${P.FULL}|${P.ADMIN_WORKSPACES}`),
  edit: (a: Actor | null | undefined): boolean => !!a && hasPermission(a, P.FULL),
  editRole: (a: Actor | null | undefined, role: string): boolean => rolePermissionsPolicy.edit(a) && a!.role !== role,
  grantFull: (a: Actor | null | undefined): boolean => rolePermissionsPolicy.edit(a) && a!.role === ROLES.SUPERADMIN,
};
