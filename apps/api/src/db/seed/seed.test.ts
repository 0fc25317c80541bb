import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import { verifyPassword } from '../../modules/auth/passwords';
import { accounts, rolePermissions, users } from '../schema/index';
import { DEMO_PASSWORD } from './demo';
import { seedAll } from './index';

const { db } = await useTestDatabase();
const log = pino({ level: 'silent' });

describe('seeding', () => {
  it('loads the docs/product.md §8 demo set exactly once', async () => {
    await seedAll(db, { demo: true, log });
    await seedAll(db, { demo: true, log });
    const rows = await db
      .select({
        username: users.username,
        email: users.email,
        role: users.role,
        account: accounts.name,
        relationship: users.relationship_to_student,
        hash: users.password_hash,
      })
      .from(users)
      .leftJoin(accounts, eq(accounts.id, users.account_id));
    expect(rows).toHaveLength(13);
    const by = Object.fromEntries(rows.map((r) => [r.username, r]));
    for (const u of ['superadmin', 'admin', 'support', 'editor', 'viewer']) expect(by[u]?.account).toBeNull();
    for (const u of ['accountadmin', 'supervisor', 'therapist', 'student', 'student2', 'student3'])
      expect(by[u]?.account).toBe('Demo Therapy Center');
    expect(by.parent).toMatchObject({
      account: 'Garcia Family',
      role: 'ACCOUNT_ADMIN',
      relationship: 'mother',
      email: 'parent@example.com',
    });
    expect(by.student4).toMatchObject({ account: 'Garcia Family', role: 'STUDENT' });
    expect(by.supervisor?.role).toBe('SUPERVISOR');
    expect(await verifyPassword(by.student!.hash, DEMO_PASSWORD)).toBe(true);
    const [center] = await db.select().from(accounts).where(eq(accounts.name, 'Demo Therapy Center'));
    expect(center).toMatchObject({ membership_type: 'therapist_center', type: 'legal_person', status: 'ACTIVE' });
  });

  it('loads a starter curriculum: levels in order, each with chapters at 1..n', async () => {
    await seedAll(db, { demo: true, log });
    const res = await db.execute<{ level: string; positions: number[]; count: number }>(
      sql`SELECT l.name AS level, array_agg(c.position ORDER BY c.position) AS positions, l.chapters_count AS count FROM levels l JOIN chapters c ON c.level_id = l.id GROUP BY l.id ORDER BY l.position`,
    );
    expect(res.rows.map((r) => r.level)).toEqual([
      'Foundations: single words',
      'Building sentences',
      'Telling what happened',
    ]);
    for (const r of res.rows) expect(r.positions).toEqual(Array.from({ length: r.count }, (_, i) => i + 1));
  });

  it('keeps edited role permissions across restarts', async () => {
    await db.delete(rolePermissions).where(eq(rolePermissions.permission, 'PERMISSION_READ_ANALYTICS'));
    await db.delete(rolePermissions).where(eq(rolePermissions.role, 'VIEWER'));
    await seedAll(db, { demo: false, log });
    const count = async (where: ReturnType<typeof eq>) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(rolePermissions)
          .where(where)
      )[0]?.n;
    // A role edited (some grants removed) stays edited; a role left with none gets its defaults back.
    expect(await count(eq(rolePermissions.permission, 'PERMISSION_READ_ANALYTICS'))).toBe(1);
    expect(await count(eq(rolePermissions.role, 'VIEWER'))).toBe(6);
  });
});
