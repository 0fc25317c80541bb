import type { Language, Role } from '@habla/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { poolOf, type Db, type DbOrTx } from '../../db/client';
import { accounts, sessions, users, type ViewOptionRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';

/** The signed-in principal every protected handler sees as `request.user`. */
export type AuthUser = {
  id: string;
  email: string | null;
  username: string;
  first_name: string;
  last_name: string;
  role: Role;
  account_id: string | null;
  language: Language;
  permissions: string[];
  view_options: ViewOptionRow[];
};

type SessionPolicy = Pick<Config, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;

/** Start a session; only the token's hash is stored, the token goes back to the client once. */
export async function createSession(
  db: DbOrTx,
  opts: { userId: string; now: Date; policy: SessionPolicy; ip?: string; userAgent?: string },
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      token_hash: hashToken(token),
      user_id: opts.userId,
      last_seen_at: opts.now,
      expires_at: new Date(opts.now.getTime() + opts.policy.sessionAbsoluteHours * 3_600_000),
      ip: opts.ip,
      user_agent: opts.userAgent?.slice(0, 500),
      created_at: opts.now,
      updated_at: opts.now,
      created_by: opts.userId,
      updated_by: opts.userId,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, sessionId: row.id };
}

/** The user with profile names and current role permissions, read fresh so permission edits apply at once. */
export const userWithPermissions = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  status: users.status,
  account_id: users.account_id,
  language: users.language,
  view_options: users.view_options,
  first_name: users.first_name,
  last_name: users.last_name,
  account_status: sql<
    string | null
  >`case when ${accounts.deleted_at} is not null then 'DELETED' else ${accounts.status} end`,
  deleted_at: users.deleted_at,
  permissions: sql<
    string[]
  >`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role = ${users.role}), '{}')`,
};

type UserRow = {
  id: string;
  email: string | null;
  username: string;
  role: string;
  status: string;
  account_id: string | null;
  language: string;
  view_options: ViewOptionRow[];
  first_name: string;
  last_name: string;
  account_status: string | null;
  deleted_at: Date | null;
  permissions: string[];
};

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role as Role,
    account_id: row.account_id,
    language: row.language === 'es' ? 'es' : 'en',
    permissions: row.permissions,
    view_options: row.view_options,
  };
}

/** Why a known user may not use the app (disabled, or an account that is not ACTIVE), as a message key. */
export function blockedReason(
  row: Pick<UserRow, 'status' | 'account_id' | 'account_status' | 'deleted_at'>,
): string | undefined {
  if (row.status !== 'ACTIVE' || row.deleted_at) return 'errors.userDisabled';
  if (row.account_id && row.account_status !== 'ACTIVE') return 'errors.accountInactive';
  return undefined;
}

const expired = (key = 'errors.sessionExpired') => new AppError(401, 'SESSION_EXPIRED', key);

type SessionRow = UserRow & { session_id: string; last_seen_at: Date; expires_at: Date; revoked_at: Date | null };

/**
 * The session row of a token hash, checked: revoked, past the absolute or the idle limit, a disabled
 * user or an account not ACTIVE → 401. `touch` says last_seen_at is a minute old or more and should be
 * written (at most once a minute, so that a busy client does not write on every call).
 */
export function checkSessionRow(
  row: SessionRow | undefined,
  now: Date,
  policy: SessionPolicy,
): { user: AuthUser; sessionId: string; touch: boolean } {
  if (!row) throw expired();
  const idleMs = policy.sessionIdleMinutes * 60_000;
  if (row.revoked_at || now >= row.expires_at || now.getTime() - row.last_seen_at.getTime() > idleMs) throw expired();
  const blocked = blockedReason(row);
  if (blocked) throw expired(blocked);
  return {
    user: toAuthUser(row),
    sessionId: row.session_id,
    touch: now.getTime() - row.last_seen_at.getTime() >= 60_000,
  };
}

/** Write last_seen_at of a session that was used (see `checkSessionRow`). */
export async function touchSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ last_seen_at: now, updated_at: now }).where(eq(sessions.id, sessionId));
}

/**
 * The session lookup as SQL text, the token hash in parameter `hashParam`: `resolveSession` runs it on
 * its own, and a statement that checks the session in the round trip that does its own work (the
 * engine's list, crud/service.ts) wraps it. One row or none; `sessionRowFromJson` reads it back from `to_json`.
 */
export function sessionRowSql(hashParam: string): string {
  return (
    'SELECT s.id AS session_id, s.last_seen_at, s.expires_at, s.revoked_at, u.id, u.email, u.username, u.role, u.status, u.account_id, u.language, ' +
    "u.view_options, u.first_name, u.last_name, CASE WHEN a.deleted_at IS NOT NULL THEN 'DELETED' ELSE a.status END AS account_status, u.deleted_at, " +
    "coalesce((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role = u.role), '{}') AS permissions " +
    `FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN accounts a ON a.id = u.account_id WHERE s.token_hash = ${hashParam} LIMIT 1`
  );
}

/** A `sessionRowSql` row as `to_json` wrote it: its instants back to Dates. */
export function sessionRowFromJson(json: Record<string, unknown>): SessionRow {
  const at = (v: unknown) => (v == null ? null : new Date(String(v)));
  return {
    ...(json as Omit<SessionRow, 'last_seen_at' | 'expires_at' | 'revoked_at' | 'deleted_at'>),
    view_options: (json.view_options ?? []) as ViewOptionRow[],
    permissions: (json.permissions ?? []) as string[],
    last_seen_at: at(json.last_seen_at)!,
    expires_at: at(json.expires_at)!,
    revoked_at: at(json.revoked_at),
    deleted_at: at(json.deleted_at),
  };
}

/**
 * Resolve a bearer token to its user, enforcing revocation, the absolute and the idle limits.
 * last_seen_at is written at most once a minute so that a busy client does not write on every call.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<{ user: AuthUser; sessionId: string }> {
  // Every authenticated request runs this: a named statement, planned once per connection.
  const res = await poolOf(db).query({
    name: 'resolve_session',
    text: sessionRowSql('$1'),
    values: [hashToken(token)],
  });
  const { user, sessionId, touch } = checkSessionRow(res.rows[0] as SessionRow | undefined, now, policy);
  if (touch) await touchSession(db, sessionId, now);
  return { user, sessionId };
}

/** Revoke one session (logout). */
export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/**
 * Revoke every live session of a user except `keepSessionId` (a password change and "sign out
 * everywhere else" keep the current one). @returns how many ended.
 */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const conditions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const ended = await db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now, updated_by: userId })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}

export type LiveSession = {
  id: string;
  current: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
};

/** A user's sessions that still work (not revoked, expired or idle), the current one first. */
export async function listLiveSessions(
  db: DbOrTx,
  userId: string,
  currentId: string | null,
  now: Date,
  policy: SessionPolicy,
): Promise<LiveSession[]> {
  const idleSince = new Date(now.getTime() - policy.sessionIdleMinutes * 60_000);
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
        gt(sessions.last_seen_at, idleSince),
      ),
    )
    .orderBy(desc(sessions.last_seen_at))
    .limit(50);
  return rows
    .map((r) => ({
      ...r,
      current: r.id === currentId,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
