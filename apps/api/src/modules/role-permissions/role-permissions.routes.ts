import { ALL_PERMISSIONS, okEnvelope, PERMISSIONS, ROLE_VALUES, ROLES, translate } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requirePermission, signedIn } from '../../plugins/access';
import { listRolePermissions, replaceRolePermissions } from './role-permissions.service';

const rolePermissionsList = z.array(z.object({ role: z.string(), name: z.string(), permissions: z.array(z.string()) }));

/** Role → permissions as stored: read by the Role Permissions screen, edited by a SUPERADMIN only. */
export const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/role-permissions', {
    // Seed §6 gates the screen by PERMISSION_ADMIN_WORKSPACES; only PERMISSION_FULL edits.
    preValidation: requirePermission(`${PERMISSIONS.FULL}|${PERMISSIONS.ADMIN_WORKSPACES}`),
    schema: { tags: ['role-permissions'], summary: 'Permissions granted to each role', response: { 200: okEnvelope(rolePermissionsList), ...errorResponses } },
    handler: async (req) => ({ status: true as const, data: await listRolePermissions(contextOf(req)) }),
  });

  app.put('/role-permissions/:role', {
    preValidation: requirePermission(PERMISSIONS.FULL),
    schema: {
      tags: ['role-permissions'],
      summary: "Replace a role's permissions (applies to every user of the role on their next request)",
      params: z.object({ role: z.enum(ROLE_VALUES, { error: 'validation.choice' }) }),
      body: z.strictObject({ permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]], { error: 'validation.choice' }), { error: 'validation.invalid' }).max(200, { error: 'validation.tooMany' }) }),
      response: { 200: okEnvelope(z.object({ role: z.string(), permissions: z.array(z.string()) })), ...errorResponses },
    },
    handler: async (req) => {
      const me = signedIn(req);
      // Nobody edits their own role; PERMISSION_FULL stays with SUPERADMIN.
      if (req.params.role === me.role) throw fieldError('role', 'validation.ownRecord');
      if (req.body.permissions.includes(PERMISSIONS.FULL) && me.role !== ROLES.SUPERADMIN) throw fieldError('permissions', 'validation.roleNotAllowed');
      const permissions = await replaceRolePermissions(contextOf(req), req.params.role, req.body.permissions);
      return { status: true as const, data: { role: req.params.role, permissions }, message: translate(requestLanguage(req), 'messages.updated') };
    },
  });
};
