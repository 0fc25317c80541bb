import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema/index';

/** Brute-force limits of issue 2: 10 failures per login or 30 per IP within 15 minutes. */
export const LOCKOUT = { windowMs: 15 * 60_000, perLogin: 10, perIp: 30 } as const;

/** Lower-cased, trimmed: how a login that matches no user is counted. */
export const loginKey = (login: string): string => login.trim().toLowerCase();

/**
 * Seconds until the next attempt is allowed, or 0 when not locked. The lock lasts until the oldest of
 * the last N failures leaves the window. A success resets the per-login count (failures before it are
 * ignored); the per-IP count does not reset, since one attacker may own a valid account.
 */
export async function lockedForSeconds(db: DbOrTx, opts: { login: string; ip: string; now: Date }): Promise<number> {
  const since = new Date(opts.now.getTime() - LOCKOUT.windowMs);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.login, opts.login), eq(loginAttempts.success, true), gt(loginAttempts.at, since)))
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  const loginSince = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const byLogin = await nthFailure(db, eq(loginAttempts.login, opts.login), loginSince, LOCKOUT.perLogin);
  const byIp = await nthFailure(db, eq(loginAttempts.ip, opts.ip), since, LOCKOUT.perIp);
  const until = Math.max(byLogin ? byLogin.getTime() + LOCKOUT.windowMs : 0, byIp ? byIp.getTime() + LOCKOUT.windowMs : 0);
  return until > opts.now.getTime() ? Math.ceil((until - opts.now.getTime()) / 1000) : 0;
}

/** The time of the n-th most recent failure after `since`, if there are that many. */
async function nthFailure(db: DbOrTx, match: ReturnType<typeof eq>, since: Date, n: number): Promise<Date | undefined> {
  const rows = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(match, eq(loginAttempts.success, false), gt(loginAttempts.at, since)))
    .orderBy(desc(loginAttempts.at))
    .offset(n - 1)
    .limit(1);
  return rows[0]?.at;
}

export async function recordAttempt(db: DbOrTx, opts: { login: string; ip: string; now: Date; success: boolean }): Promise<void> {
  await db.insert(loginAttempts).values({ login: opts.login, ip: opts.ip, at: opts.now, success: opts.success, created_at: opts.now, updated_at: opts.now });
}
