import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { loginAttempts, sessions } from '../../db/schema/index';
import { pruneAuthTables } from './housekeeping';

const { app, clock } = await buildTestApp();
const count = async (table: typeof sessions | typeof loginAttempts) => (await app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('pruneAuthTables', () => {
  it('drops long-expired sessions and old attempts, keeps live ones', async () => {
    await loginAs(app, 'THERAPIST');
    expect(await count(sessions)).toBe(1);
    await pruneAuthTables(app.db, clock.now());
    expect(await count(sessions)).toBe(1);
    expect(await count(loginAttempts)).toBe(1);
    await pruneAuthTables(app.db, new Date(clock.now().getTime() + 8 * 86_400_000));
    expect(await count(sessions)).toBe(0);
    expect(await count(loginAttempts)).toBe(0);
  });
});
