import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, tstz } from './common';

/** Who did what, when, from where. `changes` never holds secrets (passwords, tokens, hashes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    account_id: uuid('account_id'),
    actor_user_id: uuid('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    request_id: text('request_id'),
    ip: text('ip'),
    at: tstz('at').notNull(),
    ...auditColumns(),
  },
  (t) => [
    index('audit_log_account_at_idx').on(t.account_id, t.at),
    index('audit_log_actor_idx').on(t.actor_user_id),
    index('audit_log_at_idx').on(t.at, t.id),
  ],
);

/** Key/value facts about the database itself, e.g. which one-time seeds already ran. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>(),
  ...auditColumns(),
});
