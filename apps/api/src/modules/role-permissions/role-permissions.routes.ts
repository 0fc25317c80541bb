import { okEnvelope, PERMISSIONS } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/responses';
import { requirePermission } from '../../plugins/access';
import { listRolePermissions } from './role-permissions.service';

const rolePermissionsList = z.array(z.object({ role: z.string(), name: z.string(), permissions: z.array(z.string()) }));

/** Role → permissions as stored (the Role Permissions screen reads this); SUPERADMIN only. */
export const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/role-permissions', {
    // Read by the Role Permissions screen (seed §6 gates it by PERMISSION_ADMIN_WORKSPACES); only PERMISSION_FULL edits.
    preValidation: requirePermission(`${PERMISSIONS.FULL}|${PERMISSIONS.ADMIN_WORKSPACES}`),
    schema: { tags: ['role-permissions'], summary: 'Permissions granted to each role', response: { 200: okEnvelope(rolePermissionsList), ...errorResponses } },
    handler: async () => ({ status: true as const, data: await listRolePermissions(app.db) }),
  });
};
