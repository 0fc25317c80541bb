import type { Language, TranscriptionEngineName } from '@habla/shared';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './common';

const live = sql`deleted_at IS NULL`;

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
    /** The engine its new recordings are transcribed by (manual | local | hosted); none: the server's default
     * (migration 0013). */
    transcription_engine: text('transcription_engine').$type<TranscriptionEngineName>(),
    /** The language of its reports, such as an assessment's PDF (en | es; migration 0015). */
    language: text('language').$type<Language>().notNull().default('en'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    index('accounts_status_idx').on(t.status),
    // Every sortable column leads an index (test: crud/sortable-indexes.test.ts).
    index('accounts_type_sort_idx').on(t.type, t.id).where(live),
    index('accounts_membership_type_sort_idx').on(t.membership_type, t.id).where(live),
    index('accounts_membership_length_sort_idx').on(t.membership_length, t.id).where(live),
    index('accounts_start_date_sort_idx').on(t.start_date, t.id).where(live),
    index('accounts_amount_sort_idx').on(t.amount, t.id).where(live),
    index('accounts_max_students_sort_idx').on(t.max_students, t.id).where(live),
    index('accounts_max_adults_sort_idx').on(t.max_adults, t.id).where(live),
  ],
);

/** Legal-entity details of an account (one per account). */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull().default(''),
    account_id: uuid('account_id').references(() => accounts.id),
    entity_type: text('entity_type').notNull(),
    tax_code: text('tax_code'),
    license_code: text('license_code'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    index('organizations_entity_type_sort_idx').on(t.entity_type, t.id).where(live),
    index('organizations_tax_code_sort_idx').on(t.tax_code, t.id).where(live),
    index('organizations_license_code_sort_idx').on(t.license_code, t.id).where(live),
  ],
);

/** Subscription plans offered by the platform (reference data). */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    is_calculated: boolean('is_calculated').notNull().default(false),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    index('plans_code_sort_idx').on(t.code, t.id).where(live),
    index('plans_description_sort_idx').on(t.description, t.id).where(live),
    index('plans_price_sort_idx').on(t.price, t.id).where(live),
  ],
);

/** What an account pays for, and how often a statement is drawn up (seed §3 "Billing"). */
export const billings = pgTable(
  'billings',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    product: text('product').notNull(),
    plan_id: uuid('plan_id').references(() => plans.id),
    statement_frequency: text('statement_frequency').notNull(),
    payment_method: text('payment_method').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    index('billings_product_sort_idx').on(t.product, t.id).where(live),
    index('billings_statement_frequency_sort_idx').on(t.statement_frequency, t.id).where(live),
    index('billings_amount_sort_idx').on(t.amount, t.id).where(live),
    index('billings_start_date_sort_idx').on(t.start_date, t.id).where(live),
  ],
);

/** One statement per completed period of a billing (migration 0004); made idempotently when listed. */
export const billingStatements = pgTable('billing_statements', {
  id: id(),
  billing_id: uuid('billing_id')
    .notNull()
    .references(() => billings.id),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  period_start: date('period_start', { mode: 'string' }).notNull(),
  period_end: date('period_end', { mode: 'string' }).notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  ...auditColumns(),
});
