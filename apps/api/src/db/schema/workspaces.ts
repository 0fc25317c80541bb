import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id } from './common';
import { users } from './users';

/** One student's care team inside an account (docs/product.md §2). Totals are kept by triggers (migration 0003). */
export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    student_id: uuid('student_id')
      .notNull()
      .references(() => users.id),
    supervisor_id: uuid('supervisor_id').references(() => users.id),
    summary_period: text('summary_period'),
    total_users: integer('total_users').notNull().default(0),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    index('workspaces_type_sort_idx')
      .on(t.type, t.id)
      .where(sql`deleted_at IS NULL`),
    index('workspaces_total_users_sort_idx')
      .on(t.total_users, t.id)
      .where(sql`deleted_at IS NULL`),
  ],
);

/** A member of a workspace with their workspace role and relationship to the student. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    workspace_role: text('workspace_role').notNull(),
    relationship_to_student: text('relationship_to_student'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_user_idx').on(t.workspace_id, t.user_id),
    index('workspace_members_user_idx').on(t.user_id, t.workspace_id),
  ],
);
