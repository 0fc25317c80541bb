import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key every table uses: a server-generated uuid. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/**
 * Bookkeeping columns every table carries. `created_by`/`updated_by` are plain uuids (no foreign key)
 * so that audit history survives the deletion of a user and seeding can run before any user exists.
 */
export const auditColumns = () => ({
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  created_by: uuid('created_by'),
  updated_by: uuid('updated_by'),
});

export const tstz = (name: string) => timestamp(name, { withTimezone: true });
