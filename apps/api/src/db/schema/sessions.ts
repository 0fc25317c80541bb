import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, tstz } from './common';
import { users } from './users';

/** Sign-in sessions. Only the SHA-256 of the bearer token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_seen_at: tstz('last_seen_at').notNull(),
    /** Absolute end, whatever the activity. */
    expires_at: tstz('expires_at').notNull(),
    revoked_at: tstz('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    ...auditColumns(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Single-use password-reset links; the token itself only travels in the e-mail. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: tstz('expires_at').notNull(),
    used_at: tstz('used_at'),
    ...auditColumns(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/** Every sign-in attempt, for the brute-force windows (per login and per IP). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** The lower-cased login as typed (e-mail or username), known or not. */
    login: text('login').notNull(),
    ip: text('ip').notNull(),
    at: tstz('at').notNull(),
    success: boolean('success').notNull(),
    ...auditColumns(),
  },
  (t) => [index('login_attempts_login_at_idx').on(t.login, t.at), index('login_attempts_ip_at_idx').on(t.ip, t.at)],
);
