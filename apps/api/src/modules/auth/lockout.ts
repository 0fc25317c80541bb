import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { loginAttempts } from '../../db/schema/index';

/** Brute-force limits (decisions 002 and 005): 10 failures per login or 30 per IP within 15 minutes. */
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
  const until = Math.max(
    byLogin ? byLogin.getTime() + LOCKOUT.windowMs : 0,
    byIp ? byIp.getTime() + LOCKOUT.windowMs : 0,
  );
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

export async function recordAttempt(
  db: DbOrTx,
  opts: { login: string; ip: string; now: Date; success: boolean },
): Promise<void> {
  await db.insert(loginAttempts).values({
    login: opts.login,
    ip: opts.ip,
    at: opts.now,
    success: opts.success,
    created_at: opts.now,
    updated_at: opts.now,
  });
}

/** Sign-in requests whose attempt the sign-in itself recorded (success or wrong password). */
const counted = new WeakSet<FastifyRequest>();
export const markAttemptCounted = (req: FastifyRequest): void => void counted.add(req);

/**
 * onRequest of the sign-in route: an address over the per-IP limit is refused before anything else
 * is read, whatever it sends (a malformed body included).
 */
export async function refuseLockedAddress(req: FastifyRequest): Promise<void> {
  const since = new Date(req.server.now().getTime() - LOCKOUT.windowMs);
  const nth = await nthFailure(req.server.db, eq(loginAttempts.ip, req.ip), since, LOCKOUT.perIp);
  const wait = nth ? Math.ceil((nth.getTime() + LOCKOUT.windowMs - req.server.now().getTime()) / 1000) : 0;
  if (wait > 0) throw tooManyRequests(wait, 'errors.tooManyAttempts');
}

/**
 * onSend of the sign-in route: every answer but a success and a refusal for the limit itself counts
 * as a failure of the address: a flood of malformed bodies or of requests that
 * fail on the server is throttled like a flood of wrong passwords. Under no login, since none was read.
 */
export async function countRefusedSignIn(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (counted.has(req) || reply.statusCode < 400 || reply.statusCode === 429) return;
  await recordAttempt(req.server.db, { login: '', ip: req.ip, now: req.server.now(), success: false }).catch(
    (err: unknown) => req.log.error({ err }, 'could not count a refused sign-in'),
  );
}
