import { boolean, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './common';

/** A subscriber (parent, school, therapist, therapist center): the tenant every account-owned row points to. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    name: text('name').notNull(),
    /** ACTIVE | ON-HOLD | INACTIVE | CANCELED; only ACTIVE accounts can sign in. */
    status: text('status').notNull().default('ACTIVE'),
    /** natural_person | legal_person */
    type: text('type').notNull().default('natural_person'),
    membership_type: text('membership_type').notNull(),
    membership_length: text('membership_length').notNull().default('free_trial'),
    payment_method: text('payment_method'),
    start_date: date('start_date', { mode: 'string' }).notNull().defaultNow(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
    max_students: integer('max_students').notNull().default(5),
    max_adults: integer('max_adults').notNull().default(5),
    ...auditColumns(),
  },
  (t) => [index('accounts_status_idx').on(t.status)],
);

/** Legal-entity details of an account (one per account). */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    entity_type: text('entity_type').notNull(),
    tax_code: text('tax_code'),
    license_code: text('license_code'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('organizations_account_idx').on(t.account_id)],
);

/** Subscription plans offered by the platform (reference data). */
export const plans = pgTable('plans', {
  id: id(),
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  is_calculated: boolean('is_calculated').notNull().default(false),
  price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  ...auditColumns(),
});
