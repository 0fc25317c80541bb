import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './common';

/** System roles (reference data; codes match ROLES in @habla/shared). */
export const roles = pgTable('roles', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  ...auditColumns(),
});

/** Role → permission grants; seeded from the defaults, then edited by a SUPERADMIN. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    id: id(),
    role: text('role')
      .notNull()
      .references(() => roles.code),
    permission: text('permission').notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('role_permissions_role_permission_idx').on(t.role, t.permission)],
);
