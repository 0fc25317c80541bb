import { z } from 'zod';
import { ALL_PERMISSIONS } from '../permissions';

/** `/api/role-permissions`: one contract for the API's validation and the Role Permissions screen. */
export const rolePermissionsRowSchema = z.object({
  role: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
});
export type RolePermissionsRow = z.infer<typeof rolePermissionsRowSchema>;

export const rolePermissionsBodySchema = z.strictObject({
  permissions: z
    .array(z.enum(ALL_PERMISSIONS as [string, ...string[]], { error: 'validation.choice' }), {
      error: 'validation.invalid',
    })
    .max(200, { error: 'validation.tooMany' }),
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBodySchema>;

export const rolePermissionsSavedSchema = z.object({ role: z.string(), permissions: z.array(z.string()) });
export type RolePermissionsSaved = z.infer<typeof rolePermissionsSavedSchema>;
