import type { Language } from '@habla/shared';
import type { CaseloadMeasure, ReportFormat, ReportKind, ReportStatus } from '@habla/shared/schemas/reports';
import { date, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id, tstz } from './common';
import { users } from './users';

/**
 * Reports a background job makes and keeps for download (docs/decisions/029-reports.md), made by
 * migrations 0020 and 0021; their checks and indexes live there only (decision 024).
 */
export const reports = pgTable('reports', {
  id: id(),
  kind: text('kind').$type<ReportKind>().notNull(),
  /** The requester's account (null for platform staff). */
  account_id: uuid('account_id').references(() => accounts.id),
  requested_by: uuid('requested_by')
    .notNull()
    .references(() => users.id),
  /** The student of a progress report; null for a caseload summary. */
  student_id: uuid('student_id').references(() => users.id),
  format: text('format').$type<ReportFormat>().notNull().default('pdf'),
  /** The measures a caseload summary lists, in order; null for the default set. */
  measures: text('measures').array().$type<CaseloadMeasure[]>(),
  /** The period, both days included (UTC days, as the analytics). */
  period_from: date('period_from').notNull(),
  period_to: date('period_to').notNull(),
  language: text('language').$type<Language>().notNull(),
  /** The therapist's note, at most 2,000 characters. */
  note: text('note'),
  status: text('status').$type<ReportStatus>().notNull().default('queued'),
  /** Percent of the job done. */
  progress: integer('progress').notNull().default(0),
  /** Where the PDF's bytes are (the storage layer) once done. */
  storage_key: text('storage_key'),
  file_size: integer('file_size'),
  /** The message key of a failure. */
  failure_reason: text('failure_reason'),
  finished_at: tstz('finished_at'),
  /** When the expiry job removes it and its file (set once done or failed). */
  expires_at: tstz('expires_at'),
  /** The saved definition it was made from, if any. */
  definition_id: uuid('definition_id').references((): AnyPgColumn => reportDefinitions.id),
  ...auditColumns(),
});

/** A saved report definition: what to make and over which period, run again by its owner. */
export const reportDefinitions = pgTable('report_definitions', {
  id: id(),
  account_id: uuid('account_id').references(() => accounts.id),
  owner_id: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  kind: text('kind').$type<ReportKind>().notNull(),
  student_id: uuid('student_id').references(() => users.id),
  format: text('format').$type<ReportFormat>().notNull().default('pdf'),
  measures: text('measures').array().$type<CaseloadMeasure[]>(),
  /** The last this many days up to the day it runs; or else the fixed days below. */
  period_days: integer('period_days'),
  period_from: date('period_from'),
  period_to: date('period_to'),
  language: text('language').$type<Language>().notNull(),
  note: text('note'),
  last_run_at: tstz('last_run_at'),
  ...auditColumns(),
});

export type DbReportRow = typeof reports.$inferSelect;
export type DbReportDefinitionRow = typeof reportDefinitions.$inferSelect;
