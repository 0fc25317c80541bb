import { translate, type ForgotPasswordBody, type Language, type ResetPasswordBody } from '@habla/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type pg from 'pg';
import { passwordResetTokens, users } from '../../db/schema/index';
import { emailPayload } from '../../jobs/email-send';
import { withTransaction } from '../../jobs/transaction';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { loginCondition } from '../users/users.service';
import { assertAcceptablePassword } from './auth.service';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

export const RESET_LINK_MS = 60 * 60_000;

/**
 * Mail a single-use reset link to the user, if the login names one with an e-mail. The caller answers
 * the same whatever happens here, so the endpoint does not reveal which logins exist.
 */
export async function requestPasswordReset(ctx: ServiceContext, body: ForgotPasswordBody): Promise<void> {
  const { db, config, jobs, now } = ctx;
  if (!jobs) throw new Error('requestPasswordReset needs a context with the job queue');
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      language: users.language,
      status: users.status,
      account_id: users.account_id,
      first_name: users.first_name,
    })
    .from(users)
    .where(loginCondition(body.login))
    .limit(1);
  if (!user?.email || user.status !== 'ACTIVE') {
    ctx.log.info('password reset asked for a login with no usable e-mail');
    return;
  }
  const email = user.email;
  // The link, its audit entry and the job that mails it commit together: a rolled-back write sends
  // nothing, and a crash after the commit still sends it (the job waits in PostgreSQL). The mail goes
  // out in the background, so "user exists" is not measurably slower (enumeration) and a mail failure
  // does not change the answer: it is retried, then shown with its reason on the Jobs screen.
  await withTransaction(db, async (tx, client) => {
    await issueResetLink(client, { config, jobs }, { ...user, email }, now, user.id);
    await audit(tx, ctx, {
      action: 'password.reset_requested',
      entity: 'users',
      entityId: user.id,
      actorUserId: user.id,
      accountId: user.account_id,
    });
  });
  jobs.wake('email.send');
}

/** Who a reset link is for. */
export type ResetLinkUser = {
  id: string;
  email: string;
  username: string;
  language: string | null;
  first_name: string | null;
};

/**
 * Store a new single-use link for `user` and queue the e-mail that carries it, on the caller's
 * transaction `client` (both commit with the caller's write, or neither). `createdBy` is the user who
 * asked (the user themself, or an administrator's "send password link"). The caller wakes the
 * `email.send` queue after the commit.
 */
export async function issueResetLink(
  client: pg.PoolClient,
  ctx: { config: ServiceContext['config']; jobs: NonNullable<ServiceContext['jobs']> },
  user: ResetLinkUser,
  now: Date,
  createdBy: string,
): Promise<void> {
  const token = newToken();
  const lang: Language = user.language === 'es' ? 'es' : 'en';
  const link = `${ctx.config.appUrl}/resetPassword?token=${encodeURIComponent(token)}`;
  const t = (key: string, params = {}) => translate(lang, key, params);
  const text = [
    t('email.resetGreeting', { name: user.first_name ?? user.username }),
    '',
    t('email.resetBody', { username: user.username }),
    link,
    '',
    t('email.resetIgnore'),
    '',
    t('email.signature'),
  ].join('\n');
  await client.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, created_at, updated_at, created_by, updated_by) VALUES ($1, $2, $3, $4, $4, $5, $5)`,
    [hashToken(token), user.id, new Date(now.getTime() + RESET_LINK_MS), now, createdBy],
  );
  await ctx.jobs.enqueue(
    client,
    'email.send',
    emailPayload(
      ctx.config,
      { to: user.email, subject: t('email.resetSubject'), text },
      { kind: 'password-reset', userId: user.id },
    ),
  );
}

/** Set a new password with a reset link: once, within the hour; every session of the user ends. */
export async function resetPassword(ctx: ServiceContext, body: ResetPasswordBody): Promise<void> {
  const { db, now } = ctx;
  assertAcceptablePassword(body.password, 'password');
  const hash = await hashPassword(body.password);
  const done = await db.transaction(async (tx) => {
    // Claiming the token with one UPDATE makes two simultaneous uses impossible.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ used_at: now, updated_at: now })
      .where(
        and(
          eq(passwordResetTokens.token_hash, hashToken(body.token)),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, now),
        ),
      )
      .returning({ user_id: passwordResetTokens.user_id });
    if (!claimed) return false;
    await tx
      .update(users)
      .set({ password_hash: hash, updated_at: now, updated_by: claimed.user_id })
      .where(eq(users.id, claimed.user_id));
    await revokeUserSessions(tx, claimed.user_id, now);
    await audit(tx, ctx, {
      action: 'password.reset',
      entity: 'users',
      entityId: claimed.user_id,
      actorUserId: claimed.user_id,
    });
    return true;
  });
  if (!done) throw badRequest('errors.resetLinkInvalid');
}
