import {
  ROLES,
  type ChangePasswordBody,
  type Language,
  type LoginBody,
  type RegisterBody,
  type SessionUser,
  type ViewOption,
} from '@habla/shared';
import { eq } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { conflict, fieldError, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import { createAccount, createUser, loginCondition, takenField } from '../users/users.service';
import { lockedForSeconds, loginKey, recordAttempt } from './lockout';
import { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import {
  blockedReason,
  createSession,
  revokeSession,
  revokeUserSessions,
  toAuthUser,
  userWithPermissions,
  type AuthUser,
} from './sessions';

/** The wire form of the signed-in user (sessionUser schema of @habla/shared). */
export const toSessionUser = (u: AuthUser): SessionUser => ({ ...u });

/** 400 on one field, with the same envelope as schema validation. */

export function assertAcceptablePassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldError(field, 'validation.passwordCommon');
}

async function findLoginUser(ctx: ServiceContext, where: ReturnType<typeof loginCondition>) {
  const [row] = await ctx.db
    .select({ ...userWithPermissions, password_hash: users.password_hash })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(where)
    .limit(1);
  return row;
}

/**
 * Sign in by e-mail or username. Unknown user and wrong password give the same 401 after the same work;
 * while a login or an IP is locked out even the right password is refused with 429.
 */
export async function loginUser(
  ctx: ServiceContext,
  body: LoginBody,
  client: { userAgent?: string; counted?: () => void } = {},
): Promise<{ user: SessionUser; token: string }> {
  const { db, config, now } = ctx;
  const ip = ctx.ip ?? 'unknown';
  const typed = loginKey(body.login);
  const row = await findLoginUser(ctx, loginCondition(typed));
  // Failures of a known user count under the user, so switching between e-mail and username does not reset them.
  const login = row ? `user:${row.id}` : typed;
  const wait = await lockedForSeconds(db, { login, ip, now });
  if (wait > 0) {
    // The typed login stays out of the log: people type passwords into the wrong field.
    ctx.log.warn({ userId: row?.id, ip, wait }, 'sign-in refused: locked out');
    throw tooManyRequests(wait, 'errors.tooManyAttempts');
  }
  const ok = row
    ? await verifyPassword(row.password_hash, body.password)
    : (await burnVerifyTime(body.password), false);
  await recordAttempt(db, { login, ip, now, success: ok });
  client.counted?.();
  if (!row || !ok) {
    await audit(db, ctx, {
      action: 'login.failure',
      entity: 'users',
      entityId: row?.id,
      actorUserId: row?.id,
      accountId: row?.account_id,
      changes: { login: typed },
    });
    throw unauthorized('errors.invalidCredentials');
  }
  const blocked = blockedReason(row);
  if (blocked) {
    await audit(db, ctx, {
      action: 'login.refused',
      entity: 'users',
      entityId: row.id,
      actorUserId: row.id,
      accountId: row.account_id,
      changes: { reason: blocked },
    });
    throw forbidden(blocked);
  }
  const { token } = await createSession(db, { userId: row.id, now, policy: config, ip, userAgent: client.userAgent });
  await audit(db, ctx, {
    action: 'login.success',
    entity: 'users',
    entityId: row.id,
    actorUserId: row.id,
    accountId: row.account_id,
  });
  return { user: toSessionUser(toAuthUser(row)), token };
}

/** Sign-up: a free-trial account of the chosen membership type, its ACCOUNT_ADMIN user and profile, in one transaction.
 * */
export async function registerAccount(
  ctx: ServiceContext,
  body: RegisterBody,
  fallbackLanguage: Language = 'en',
): Promise<{ userId: string; accountId: string }> {
  assertAcceptablePassword(body.password, 'password');
  const { now } = ctx;
  try {
    return await ctx.db.transaction(async (tx) => {
      const taken = await takenField(tx, body.email, body.username);
      if (taken) throw conflict(taken);
      const name = body.account_name?.trim() || `${body.first_name} ${body.last_name}`;
      const accountId = await createAccount(tx, { name, membership_type: body.membership_type, now });
      const userId = await createUser(tx, {
        email: body.email,
        username: body.username,
        password: body.password,
        role: ROLES.ACCOUNT_ADMIN,
        account_id: accountId,
        first_name: body.first_name,
        last_name: body.last_name,
        language: body.language ?? fallbackLanguage,
        now,
      });
      const changes = {
        email: body.email,
        username: body.username,
        membership_type: body.membership_type,
        account_name: name,
      };
      await audit(tx, ctx, {
        action: 'register',
        entity: 'users',
        entityId: userId,
        actorUserId: userId,
        accountId,
        changes,
      });
      return { userId, accountId };
    });
  } catch (err) {
    // Two sign-ups racing past the check: the unique index decides, answer as the check would have.
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const pgErr = e.code ? e : e.cause;
    if (pgErr?.code === '23505') throw conflict(pgErr.constraint?.includes('email') ? 'email' : 'username');
    throw err;
  }
}

export async function logoutSession(ctx: ServiceContext, sessionId: string | null): Promise<void> {
  if (!sessionId || !ctx.actor) return;
  await revokeSession(ctx.db, sessionId, ctx.now);
  await audit(ctx.db, ctx, { action: 'logout', entity: 'sessions', entityId: sessionId });
}

/** Change the password after checking the current one; every other session of the user ends. */
export async function changePassword(
  ctx: ServiceContext,
  sessionId: string | null,
  body: ChangePasswordBody,
): Promise<void> {
  const user = ctx.actor;
  if (!user) throw unauthorized();
  const { db, now } = ctx;
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.hash, body.current_password)))
    throw fieldError('current_password', 'errors.wrongCurrentPassword');
  assertAcceptablePassword(body.new_password, 'new_password');
  const hash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: hash, updated_at: now, updated_by: user.id })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now, sessionId ?? undefined);
    await audit(tx, ctx, { action: 'password.change', entity: 'users', entityId: user.id });
  });
}

/** Save one column layout (controller + view) in the user's view_options, replacing an earlier one. */
export async function saveViewOption(
  ctx: ServiceContext,
  current: readonly ViewOption[],
  option: ViewOption,
): Promise<ViewOption[]> {
  const user = ctx.actor;
  if (!user) throw unauthorized();
  const { now } = ctx;
  const next = [...current.filter((v) => v.controller !== option.controller || v.view !== option.view), option];
  await ctx.db
    .update(users)
    .set({ view_options: next, updated_at: now, updated_by: user.id })
    .where(eq(users.id, user.id));
  return next;
}

export type ProfileChange = Partial<{
  first_name: string;
  last_name: string;
  language: 'en' | 'es';
  notify_by_email: boolean;
  phone: string | null;
  job_title: string | null;
}>;

/** The signed-in user's own profile (General Profile, Settings), with the account's name. */
export async function ownProfile(ctx: ServiceContext) {
  const user = ctx.actor;
  if (!user) throw unauthorized();
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      first_name: users.first_name,
      last_name: users.last_name,
      language: users.language,
      notify_by_email: users.notify_by_email,
      phone: users.phone,
      job_title: users.job_title,
      account: accounts.name,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(eq(users.id, user.id));
  if (!row) throw unauthorized();
  return row;
}

/** Change one's own names, language, notifications, phone and job title (never role, status or account), audited. */
export async function changeOwnProfile(ctx: ServiceContext, change: ProfileChange): Promise<void> {
  const user = ctx.actor;
  if (!user) throw unauthorized();
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as ProfileChange;
  if (!Object.keys(set).length) return;
  const { now } = ctx;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...set, updated_at: now, updated_by: user.id })
      .where(eq(users.id, user.id));
    await audit(tx, ctx, { action: 'profile.update', entity: 'users', entityId: user.id, changes: set });
  });
}

/** "Sign out everywhere else": every session of the user but this one ends. @returns how many. */
export async function signOutOtherSessions(ctx: ServiceContext, sessionId: string | null): Promise<number> {
  const user = ctx.actor;
  if (!user) throw unauthorized();
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const count = await revokeUserSessions(tx, user.id, now, sessionId ?? undefined);
    await audit(tx, ctx, {
      action: 'sessions.sign_out_others',
      entity: 'users',
      entityId: user.id,
      changes: { count },
    });
    return count;
  });
}
