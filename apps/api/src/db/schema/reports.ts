import type { Language } from '@habla/shared';
import type { ReportKind, ReportStatus } from '@habla/shared/schemas/reports';
import { date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id, tstz } from './common';
import { users } from './users';

/**
 * Reports a background job makes and keeps for download (docs/decisions/029-reports.md), made by
 * migration 0020; its checks and its index (requester, newest first) live there only (decision 024).
 */
export const reports = pgTable('reports', {
  id: id(),
  kind: text('kind').$type<ReportKind>().notNull(),
  /** The requester's account (null for platform staff). */
  account_id: uuid('account_id').references(() => accounts.id),
  requested_by: uuid('requested_by')
    .notNull()
    .references(() => users.id),
  student_id: uuid('student_id')
    .notNull()
    .references(() => users.id),
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
  ...auditColumns(),
});

export type DbReportRow = typeof reports.$inferSelect;
