import { asc, eq } from 'drizzle-orm';
import { rolePermissions, roles } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';

/** Every role with its granted permissions, roles in code order. */
export async function listRolePermissions(
  ctx: Pick<ServiceContext, 'db'>,
): Promise<{ role: string; name: string; permissions: string[] }[]> {
  const rows = await ctx.db
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

/** The permissions one role grants, sorted. */
export async function permissionsOfRole(ctx: Pick<ServiceContext, 'db'>, role: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.role, role))
    .orderBy(asc(rolePermissions.permission));
  return rows.map((r) => r.permission);
}

/**
 * Replace a role's permissions in one transaction, audited with what was added and removed. The
 * session query reads permissions on every request, so the change applies to each affected user's
 * next request. The caller checks who may do this.
 */
export async function replaceRolePermissions(
  ctx: ServiceContext,
  role: string,
  permissions: readonly string[],
): Promise<string[]> {
  const next = [...new Set(permissions)].sort();
  const { now } = ctx;
  const actor = ctx.actor?.id ?? null;
  await ctx.db.transaction(async (tx) => {
    const before = (
      await tx
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.role, role))
        .for('update')
    ).map((r) => r.permission);
    const added = next.filter((x) => !before.includes(x));
    const removed = before.filter((x) => !next.includes(x));
    if (!added.length && !removed.length) return;
    await tx.delete(rolePermissions).where(eq(rolePermissions.role, role));
    if (next.length)
      await tx.insert(rolePermissions).values(
        next.map((permission) => ({
          role,
          permission,
          created_at: now,
          updated_at: now,
          created_by: actor,
          updated_by: actor,
        })),
      );
    await audit(tx, ctx, {
      action: 'role_permissions.update',
      entity: 'role_permissions',
      entityId: role,
      changes: { added, removed },
    });
  });
  return next;
}
