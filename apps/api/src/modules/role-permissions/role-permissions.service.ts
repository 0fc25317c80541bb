import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rolePermissions, roles } from '../../db/schema/index';

/** Every role with its granted permissions, roles in code order. */
export async function listRolePermissions(db: DbOrTx): Promise<{ role: string; name: string; permissions: string[] }[]> {
  const rows = await db
    .select({ role: roles.code, name: roles.name, permission: rolePermissions.permission })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.role, roles.code))
    .orderBy(asc(roles.code), asc(rolePermissions.permission));
  const byRole = new Map<string, { role: string; name: string; permissions: string[] }>();
  for (const r of rows) {
    const entry = byRole.get(r.role) ?? { role: r.role, name: r.name, permissions: [] };
    if (r.permission) entry.permissions.push(r.permission);
    byRole.set(r.role, entry);
  }
  return [...byRole.values()];
}
