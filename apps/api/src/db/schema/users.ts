import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id } from './common';
import { roles } from './roles';

/** A saved column layout of one list screen (seed §3 "view_options"). */
export type ViewOptionRow = { controller: string; view: string; columns: string[] };

/** Anyone who signs in. Platform roles have no account; everyone else belongs to exactly one. */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-case; students may have none. */
    email: text('email'),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.code),
    /** ACTIVE | DISABLED */
    status: text('status').notNull().default('ACTIVE'),
    account_id: uuid('account_id').references(() => accounts.id),
    language: text('language').notNull().default('en'),
    view_options: jsonb('view_options').$type<ViewOptionRow[]>().notNull().default(sql`'[]'::jsonb`),
    ...auditColumns(),
  },
  (t) => [
    // Case-insensitive uniqueness, whatever casing reaches the database.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_account_idx').on(t.account_id),
  ],
);

/** Personal details of a user (seed §3 "User profile"); SSN and licence arrive with a later issue. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: uuid('account_id').references(() => accounts.id),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    gender: text('gender'),
    birthday: date('birthday', { mode: 'string' }),
    occupation: text('occupation'),
    job_title: text('job_title'),
    relationship_to_student: text('relationship_to_student'),
    phone: text('phone'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    street: text('street'),
    apt: text('apt'),
    zipcode: text('zipcode'),
    notify_by_email: boolean('notify_by_email').notNull().default(true),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('user_profiles_user_idx').on(t.user_id), index('user_profiles_account_idx').on(t.account_id)],
);
