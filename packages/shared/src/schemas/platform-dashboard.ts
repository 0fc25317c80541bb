import { z } from 'zod';
import { ROLE_VALUES } from '../roles';

/**
 * `GET /api/dashboards/platform` (docs/product.md §6 "Dashboards"): the platform staff's figures over
 * every account. Counts are made by PostgreSQL; days and weeks are UTC (`YYYY-MM-DD`, a week by its
 * Monday), as the analytics rollup's days are (decision 026).
 */

const count = z.number().int().nonnegative();

/** Distinct people active in one day or week (docs/product.md §6 defines "active"). */
const activity = z.object({ users: count, students: count });

export const platformDashboardSchema = z.object({
  /** The server's clock when the figures were read (ISO 8601). */
  as_of: z.string(),
  accounts: z.object({
    /** Live accounts (not in the trash). */
    total: count,
    /** Of those, made in the last 30 days. */
    new_30d: count,
    by_status: z.array(z.object({ status: z.string(), count })),
  }),
  users: z.object({
    /** Live users of every role, students included. */
    total: count,
    by_role: z.array(z.object({ role: z.enum(ROLE_VALUES), count })),
  }),
  activity: z.object({
    /** Distinct people over the last 7 and 30 days (today included). */
    users_7d: count,
    users_30d: count,
    students_7d: count,
    students_30d: count,
    /** The last 30 days, newest first. */
    days: z.array(activity.extend({ day: z.string() })),
    /** The last 8 weeks (this one so far included), newest first. */
    weeks: z.array(activity.extend({ week: z.string() })),
  }),
  /**
   * The accounts' limits (docs/product.md §2: maximum students and adults; plans carry none): how
   * many accounts are near (80 % or more) or at their limit, and the fullest ones.
   */
  limits: z.object({
    near: count,
    full: count,
    accounts: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        students: count,
        max_students: count,
        adults: count,
        max_adults: count,
      }),
    ),
  }),
  /** Jobs that failed for good in the last 7 days, by job name; null for those the jobs policy keeps out. */
  jobs: z
    .object({
      failed_7d: count,
      last_failed_at: z.string().nullable(),
      by_name: z.array(z.object({ name: z.string(), count })),
    })
    .nullable(),
  /**
   * Stored bytes by kind of file (image, audio, video, other): uploads and synthesized speech, the
   * gallery's images at full size, recordings as uploaded.
   */
  storage: z.object({
    files: count,
    bytes: count,
    by_kind: z.array(z.object({ kind: z.string(), files: count, bytes: count })),
  }),
});
export type PlatformDashboard = z.infer<typeof platformDashboardSchema>;

/**
 * `GET /api/dashboards/account` (docs/product.md §6 "Dashboards"): the same figures for one account,
 * read by its own administrators: its users by role, its active users and students per day and
 * week, how much of its limits it uses, and its stored bytes.
 */
export const accountDashboardSchema = platformDashboardSchema
  .pick({ as_of: true, users: true, activity: true, storage: true })
  .extend({
    account: z.object({
      id: z.string(),
      name: z.string(),
      /** Live students and adults against the account's maximums (docs/product.md §2). */
      students: count,
      max_students: count,
      adults: count,
      max_adults: count,
    }),
  });
export type AccountDashboard = z.infer<typeof accountDashboardSchema>;
