import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { buildUser, loginAs } from '../../../test/factories';
import { loginAttempts, passwordResetTokens, sessions } from '../../db/schema/index';
import { pruneAuthTables } from './housekeeping';

const { app, clock } = await buildTestApp();
const count = async (table: typeof sessions | typeof loginAttempts) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

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

  it('keeps attempts for a day, ended sessions for a week, unused reset links for a day after they expire (to the minute)', async () => {
    const now = clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const user = await buildUser(app.db, { now });
    const stamps = { created_at: now, updated_at: now };

    // Attempts: the lockout window (15 min) and anything under a day stay.
    const attempts: [string, Date][] = [
      ['attempt-14-min', ago(14 * MIN)],
      ['attempt-23h59', ago(DAY - MIN)],
      ['attempt-24h01', ago(DAY + MIN)],
      ['attempt-6-days', ago(6 * DAY)],
    ];
    await app.db
      .insert(loginAttempts)
      .values(attempts.map(([login, at]) => ({ login, ip: '203.0.113.9', at, success: false, ...stamps })));

    // Sessions: ended (expired or revoked) less than a week ago stay; live ones always.
    const inADay = new Date(now.getTime() + DAY);
    const sessionRows: [string, Date, Date | null][] = [
      ['session-live', inADay, null],
      ['session-expired-6d23h59', ago(7 * DAY - MIN), null],
      ['session-expired-7d00h01', ago(7 * DAY + MIN), null],
      ['session-expired-6d', ago(6 * DAY), null],
      ['session-expired-8d', ago(8 * DAY), null],
      // Revoked long ago but with an absolute end still ahead: the revocation alone decides.
      ['session-revoked-6d23h59', inADay, ago(7 * DAY - MIN)],
      ['session-revoked-7d00h01', inADay, ago(7 * DAY + MIN)],
      ['session-revoked-6d', inADay, ago(6 * DAY)],
      ['session-revoked-8d', inADay, ago(8 * DAY)],
    ];
    await app.db.insert(sessions).values(
      sessionRows.map(([token_hash, expires_at, revoked_at]) => ({
        token_hash,
        user_id: user.id,
        last_seen_at: ago(8 * DAY),
        expires_at,
        revoked_at,
        ...stamps,
      })),
    );

    // Reset links: a used one goes at once; an unused one a day after it expired.
    const links: [string, Date, Date | null][] = [
      ['link-live', new Date(now.getTime() + 30 * MIN), null],
      ['link-used-a-minute-ago', new Date(now.getTime() + 30 * MIN), ago(MIN)],
      ['link-expired-23h59', ago(DAY - MIN), null],
      ['link-expired-24h01', ago(DAY + MIN), null],
    ];
    await app.db.insert(passwordResetTokens).values(
      links.map(([token_hash, expires_at, used_at]) => ({
        token_hash,
        user_id: user.id,
        expires_at,
        used_at,
        ...stamps,
      })),
    );

    await pruneAuthTables(app.db, now);

    const left = async (rows: Promise<{ key: string }[]>) => (await rows).map((r) => r.key).sort();
    expect(
      await left(
        app.db
          .select({ key: loginAttempts.login })
          .from(loginAttempts)
          .where(
            inArray(
              loginAttempts.login,
              attempts.map(([k]) => k),
            ),
          ),
      ),
    ).toEqual(['attempt-14-min', 'attempt-23h59']);
    expect(
      await left(
        app.db
          .select({ key: sessions.token_hash })
          .from(sessions)
          .where(
            inArray(
              sessions.token_hash,
              sessionRows.map(([k]) => k),
            ),
          ),
      ),
    ).toEqual([
      'session-expired-6d',
      'session-expired-6d23h59',
      'session-live',
      'session-revoked-6d',
      'session-revoked-6d23h59',
    ]);
    expect(
      await left(
        app.db
          .select({ key: passwordResetTokens.token_hash })
          .from(passwordResetTokens)
          .where(
            inArray(
              passwordResetTokens.token_hash,
              links.map(([k]) => k),
            ),
          ),
      ),
    ).toEqual(['link-expired-23h59', 'link-live']);
  });
});
