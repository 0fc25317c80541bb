import {
  okEnvelope,
  PERMISSIONS,
  ROLE_VALUES,
  rolePermissionsBodySchema,
  rolePermissionsPolicy,
  rolePermissionsRowSchema,
  rolePermissionsSavedSchema,
  translate,
} from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requireRule, signedIn } from '../../plugins/access';
import { listRolePermissions, replaceRolePermissions } from './role-permissions.service';

const rolePermissionsList = z.array(rolePermissionsRowSchema);

/** Role → permissions as stored: read by the Role Permissions screen, edited by a SUPERADMIN only. */
export const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/role-permissions', {
    preValidation: requireRule(rolePermissionsPolicy.read),
    schema: {
      tags: ['role-permissions'],
      summary: 'Permissions granted to each role',
      response: { 200: okEnvelope(rolePermissionsList), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await listRolePermissions(contextOf(req)) }),
  });

  app.put('/role-permissions/:role', {
    preValidation: requireRule(rolePermissionsPolicy.edit),
    schema: {
      tags: ['role-permissions'],
      summary: "Replace a role's permissions (applies to every user of the role on their next request)",
      params: z.object({ role: z.enum(ROLE_VALUES, { error: 'validation.choice' }) }),
      body: rolePermissionsBodySchema,
      response: { 200: okEnvelope(rolePermissionsSavedSchema), ...errorResponses },
    },
    handler: async (req) => {
      const me = signedIn(req);
      // Nobody edits their own role; PERMISSION_FULL stays with SUPERADMIN.
      if (!rolePermissionsPolicy.editRole(me, req.params.role)) throw fieldError('role', 'validation.ownRecord');
      if (req.body.permissions.includes(PERMISSIONS.FULL) && !rolePermissionsPolicy.grantFull(me))
        throw fieldError('permissions', 'validation.roleNotAllowed');
      const permissions = await replaceRolePermissions(contextOf(req), req.params.role, req.body.permissions);
      return {
        status: true as const,
        data: { role: req.params.role, permissions },
        message: translate(requestLanguage(req), 'messages.updated'),
      };
    },
  });
};
