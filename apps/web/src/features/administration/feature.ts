import { PERMISSIONS as P } from '@habla/shared/permissions';
import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen, wildcard } from '@/app/route-kit';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';

const page = {
  rolePermissions: load(
    () => import('./role-permissions-page'),
    (m) => m.RolePermissionsPage,
  ),
  generalProfile: load(
    () => import('@/components/profile/general-profile-page'),
    (m) => m.GeneralProfilePage,
  ),
  auditLog: load(
    () => import('./audit-log-page'),
    (m) => m.AuditLogPage,
  ),
};

/** The administration's own screens: role permissions, the general profile, the audit log. */
export const administrationFeature: FeatureManifest = {
  id: 'administration',
  routes: {
    administration: [
      wildcard(
        'rolePermissions',
        handle('crumbs.rolePermissions', 'crumbs.rolePermissions'),
        page.rolePermissions,
        P.ADMIN_WORKSPACES,
      ),
      wildcard(
        'generalProfile',
        handle('crumbs.generalProfile', 'crumbs.generalProfile'),
        page.generalProfile,
        P.ADMIN_WORKSPACES,
      ),
      screen('auditLog', handle('crumbs.auditLog', 'crumbs.auditLog'), page.auditLog, G.auditLog),
    ],
  },
};
