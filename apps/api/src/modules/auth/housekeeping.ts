import { isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts, passwordResetTokens, sessions } from '../../db/schema/index';

const DAY = 86_400_000;

/**
 * Drop auth rows that can no longer matter: attempts older than a day (the lockout window is 15 min),
 * sessions ended or expired over a week ago, reset links used or expired over a day ago. Run at start.
 */
export async function pruneAuthTables(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY);
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  await db.delete(loginAttempts).where(lt(loginAttempts.at, dayAgo));
  await db.delete(sessions).where(or(lt(sessions.expires_at, weekAgo), lt(sessions.revoked_at, weekAgo)));
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expires_at, dayAgo), isNotNull(passwordResetTokens.used_at)));
}
