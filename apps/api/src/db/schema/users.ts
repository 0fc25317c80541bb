import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    view_options: jsonb('view_options')
      .$type<ViewOptionRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Profile (seed §3 "User profile"); clients are users with role STUDENT plus client_status.
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    full_name: text('full_name').generatedAlwaysAs(sql`btrim(first_name || ' ' || last_name)`),
    /** AES-256-GCM ciphertext (see lib/secrets.ts); the key is configuration, never in the database. */
    ssn: text('ssn'),
    ssn_last4: text('ssn_last4'),
    license: text('license'),
    gender: text('gender'),
    sex: text('sex'),
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
    address: text('address'),
    notify_by_email: boolean('notify_by_email').notNull().default(true),
    client_status: text('client_status'),
    total_workspaces: integer('total_workspaces').notNull().default(0),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    // Case-insensitive uniqueness, whatever casing reaches the database.
    uniqueIndex('users_email_unique_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique_idx').on(sql`lower(${t.username})`),
    index('users_account_idx').on(t.account_id),
    index('users_status_sort_idx')
      .on(t.status, t.id)
      .where(sql`deleted_at IS NULL`),
    index('users_total_workspaces_sort_idx')
      .on(t.total_workspaces, t.id)
      .where(sql`deleted_at IS NULL`),
    index('users_client_status_sort_idx')
      .on(t.client_status, t.id)
      .where(sql`deleted_at IS NULL`),
  ],
);
