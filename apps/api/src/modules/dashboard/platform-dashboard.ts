import { ACCOUNT_ADULT_ROLES, ACCOUNT_STATUSES, ROLE_VALUES, ROLES, type Role } from '@habla/shared';
import type { AccountDashboard, PlatformDashboard } from '@habla/shared/schemas/platform-dashboard';
import { genericPlanPool } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';

/**
 * The platform dashboard (docs/product.md §6 "Dashboards"): figures over every account for the
 * platform staff — accounts, users by role, active people per day and week, accounts near their
 * limits, jobs that failed for good, stored bytes. One statement: PostgreSQL counts and builds the
 * JSON, whatever the number of accounts or users (no query per account). The account dashboard is
 * the same statement kept to one account (its rows by their `account_id`), for that account's admins.
 *
 * Stored bytes: the files (uploads, synthesized speech), the gallery's images at full size and the
 * recordings as uploaded, in the trash or not (their bytes stay until purged). The images' medium
 * and thumbnail copies and the recordings' normalised WAV have no recorded size and are not counted.
 *
 * Active (docs/product.md §6): a user is active on a UTC day when they signed in that day (the audit
 * log's `login.success`, kept for good, unlike the sign-in sessions pruned a week after they end); a
 * student is active when they finished a game session that day (the per-student-day rollup of
 * decision 026).
 */

const DAY = 86_400_000;
/** An account is near its limit from 80 % of its students or adults (docs/product.md §6). */
const NEAR = 0.8;
/** The fullest accounts listed. */
const LISTED = 10;

/** `YYYY-MM-DD` of a UTC day. */
const ymd = (d: Date): string => d.toISOString().slice(0, 10);

type Count = { key: string; count: number };
/** The statement's one row, as PostgreSQL writes its JSON (times as its own text). */
type Row = {
  accounts: { total: number; new_30d: number; by_status: Count[] | null };
  users: { total: number; by_role: Count[] | null };
  activity: Omit<PlatformDashboard['activity'], 'days' | 'weeks'>;
  days: PlatformDashboard['activity']['days'];
  weeks: PlatformDashboard['activity']['weeks'];
  limits: { near: number; full: number };
  fullest: PlatformDashboard['limits']['accounts'];
  jobs: { failed_7d: number; last_failed_at: string | null; by_name: Count[] | null } | null;
  storage: {
    files: number;
    bytes: number | string;
    by_kind: { kind: string; files: number; bytes: number | string }[];
  };
};

/**
 * The statement's row: over every account, or one (`account`); `jobsSchema` is the job queue's
 * schema, or null for a reader the jobs policy keeps out (and for one account).
 */
async function figures(ctx: ActorContext, jobsSchema: string | null, account: string | null): Promise<Row> {
  const now = ctx.now;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // ISO weeks start on Monday (PostgreSQL's date_trunc('week') too); eight of them, this one included.
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  const firstWeek = new Date(monday.getTime() - 7 * 7 * DAY);
  const firstDay = new Date(today.getTime() - 29 * DAY);
  // The sign-ins read: from the earlier of the first day and the first week's Monday, up to now.
  const from = firstWeek < firstDay ? firstWeek : firstDay;
  // One account: every row read is that account's ($9).
  const only = (column: string) => (account ? `AND ${column} = $9` : '');
  const jobs =
    jobsSchema && !account
      ? `(SELECT json_build_object('failed_7d', COALESCE(sum(j.n), 0), 'last_failed_at', max(j.last),
          'by_name', json_agg(json_build_object('key', j.name, 'count', j.n) ORDER BY j.n DESC, j.name))
          FROM (SELECT name, count(*)::int AS n, max(completed_on) AS last FROM ${jobsSchema}.job
                 WHERE state = 'failed' AND completed_on > $1::timestamptz - interval '7 days' AND completed_on <= $1
                   AND name NOT LIKE '\\_\\_pgboss\\_\\_%' GROUP BY name) j)`
      : 'NULL::json';
  const text = `WITH
      live AS (SELECT a.id, a.name, a.status, a.created_at, a.max_students, a.max_adults FROM accounts a WHERE a.deleted_at IS NULL ${only('a.id')}),
      members AS (
        SELECT u.account_id, count(*) FILTER (WHERE u.role = '${ROLES.STUDENT}')::int AS students, count(*) FILTER (WHERE u.role <> '${ROLES.STUDENT}')::int AS adults
          FROM users u WHERE u.deleted_at IS NULL AND u.account_id IS NOT NULL ${only('u.account_id')} GROUP BY u.account_id),
      used AS (
        SELECT a.id, a.name, COALESCE(m.students, 0) AS students, a.max_students, COALESCE(m.adults, 0) AS adults, a.max_adults,
               GREATEST(CASE WHEN a.max_students > 0 THEN COALESCE(m.students, 0)::numeric / a.max_students ELSE 1 END,
                        CASE WHEN a.max_adults > 0 THEN COALESCE(m.adults, 0)::numeric / a.max_adults ELSE 1 END) AS ratio
          FROM live a LEFT JOIN members m ON m.account_id = a.id),
      signed AS (
        SELECT DISTINCT l.actor_user_id AS who, (l.at AT TIME ZONE 'UTC')::date AS day
          FROM audit_log l WHERE l.action = 'login.success' AND l.actor_user_id IS NOT NULL AND l.at >= $2 AND l.at <= $1 ${only('l.account_id')}),
      played AS (
        SELECT d.student_id AS who, d.day FROM student_day_stats d WHERE d.day >= $3::date AND d.day <= $4::date AND d.sessions > 0
           ${account ? 'AND d.student_id IN (SELECT s.id FROM users s WHERE s.account_id = $9)' : ''}),
      days AS (SELECT generate_series($5::date, $4::date, interval '1 day')::date AS day),
      weeks AS (SELECT generate_series($6::date, $7::date, interval '7 days')::date AS week)
    SELECT
      (SELECT json_build_object('total', count(*), 'new_30d', count(*) FILTER (WHERE a.created_at > $1::timestamptz - interval '30 days'),
          'by_status', (SELECT json_agg(json_build_object('key', s.status, 'count', s.n)) FROM (SELECT status, count(*)::int AS n FROM live GROUP BY status) s))
         FROM live a) AS accounts,
      (SELECT json_build_object('total', COALESCE(sum(r.n), 0), 'by_role', json_agg(json_build_object('key', r.role, 'count', r.n)))
         FROM (SELECT role, count(*)::int AS n FROM users WHERE deleted_at IS NULL ${only('account_id')} GROUP BY role) r) AS users,
      json_build_object(
        'users_7d', (SELECT count(DISTINCT who) FROM signed WHERE day >= $8::date),
        'users_30d', (SELECT count(DISTINCT who) FROM signed WHERE day >= $5::date),
        'students_7d', (SELECT count(DISTINCT who) FROM played WHERE day >= $8::date),
        'students_30d', (SELECT count(DISTINCT who) FROM played WHERE day >= $5::date)) AS activity,
      (SELECT json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'users', COALESCE(su.n, 0), 'students', COALESCE(sp.n, 0)) ORDER BY d.day DESC)
         FROM days d
         LEFT JOIN (SELECT day, count(DISTINCT who) AS n FROM signed GROUP BY day) su ON su.day = d.day
         LEFT JOIN (SELECT day, count(DISTINCT who) AS n FROM played GROUP BY day) sp ON sp.day = d.day) AS days,
      (SELECT json_agg(json_build_object('week', to_char(w.week, 'YYYY-MM-DD'), 'users', COALESCE(su.n, 0), 'students', COALESCE(sp.n, 0)) ORDER BY w.week DESC)
         FROM weeks w
         LEFT JOIN (SELECT date_trunc('week', day)::date AS week, count(DISTINCT who) AS n FROM signed GROUP BY 1) su ON su.week = w.week
         LEFT JOIN (SELECT date_trunc('week', day)::date AS week, count(DISTINCT who) AS n FROM played GROUP BY 1) sp ON sp.week = w.week) AS weeks,
      (SELECT json_build_object('near', count(*) FILTER (WHERE ratio >= ${NEAR} AND ratio < 1), 'full', count(*) FILTER (WHERE ratio >= 1)) FROM used) AS limits,
      (SELECT COALESCE(json_agg(json_build_object('id', f.id, 'name', f.name, 'students', f.students, 'max_students', f.max_students,
          'adults', f.adults, 'max_adults', f.max_adults) ORDER BY f.ratio DESC, f.name, f.id), '[]')
         FROM (SELECT * FROM used WHERE ratio >= ${account ? 0 : NEAR} ORDER BY ratio DESC, name, id LIMIT ${LISTED}) f) AS fullest,
      ${jobs} AS jobs,
      (SELECT json_build_object('files', COALESCE(sum(k.files), 0), 'bytes', COALESCE(sum(k.bytes), 0),
          'by_kind', COALESCE(json_agg(json_build_object('kind', k.kind, 'files', k.files, 'bytes', k.bytes) ORDER BY k.bytes DESC, k.kind), '[]'))
         FROM (SELECT kind, count(*)::int AS files, sum(size) AS bytes FROM (
                 SELECT CASE WHEN split_part(content_type, '/', 1) IN ('image', 'audio', 'video') THEN split_part(content_type, '/', 1) ELSE 'other' END AS kind, size
                   FROM files WHERE true ${only('account_id')}
                 UNION ALL SELECT 'image', size FROM images WHERE true ${only('account_id')}
                 UNION ALL SELECT 'audio', source_size FROM recordings WHERE source_size IS NOT NULL ${only('account_id')}) stored
               GROUP BY kind) k) AS storage`;
  const sevenDays = new Date(today.getTime() - 6 * DAY);
  const res = await genericPlanPool(ctx.db).query<Row>({
    // Named (one plan per connection): the text differs only by whether the jobs are read, or one account.
    name: account ? 'dashboard-account' : jobsSchema ? 'dashboard-platform-jobs' : 'dashboard-platform',
    text,
    values: [
      now,
      from,
      ymd(from),
      ymd(today),
      ymd(firstDay),
      ymd(firstWeek),
      ymd(monday),
      ymd(sevenDays),
      ...(account ? [account] : []),
    ],
  });
  return res.rows[0]!;
}

/** What both dashboards show alike: users by each of `roles`, activity, stored bytes. */
function shared(row: Row, roles: readonly Role[]) {
  const counts = new Map((row.users.by_role ?? []).map((c) => [c.key, c.count]));
  return {
    users: {
      total: Number(row.users.total),
      by_role: roles.map((role) => ({ role, count: counts.get(role) ?? 0 })),
    },
    activity: { ...row.activity, days: row.days, weeks: row.weeks },
    storage: {
      files: Number(row.storage.files),
      bytes: Number(row.storage.bytes),
      by_kind: row.storage.by_kind.map((k) => ({ kind: k.kind, files: k.files, bytes: Number(k.bytes) })),
    },
  };
}

/** The platform's figures, over every account. */
export async function platformDashboard(ctx: ActorContext, jobsSchema: string | null): Promise<PlatformDashboard> {
  const row = await figures(ctx, jobsSchema, null);
  const statuses = new Map((row.accounts.by_status ?? []).map((c) => [c.key, c.count]));
  // Known statuses in their declared order, then any other the data holds.
  const statusOrder = [
    ...ACCOUNT_STATUSES,
    ...[...statuses.keys()].filter((s) => !ACCOUNT_STATUSES.some((k) => k === s)),
  ];
  return {
    as_of: ctx.now.toISOString(),
    accounts: {
      total: row.accounts.total,
      new_30d: row.accounts.new_30d,
      by_status: statusOrder.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    },
    ...shared(row, ROLE_VALUES),
    limits: { ...row.limits, accounts: row.fullest },
    jobs: row.jobs
      ? {
          failed_7d: Number(row.jobs.failed_7d),
          last_failed_at: row.jobs.last_failed_at ? new Date(row.jobs.last_failed_at).toISOString() : null,
          by_name: (row.jobs.by_name ?? []).map((j) => ({ name: j.key, count: j.count })),
        }
      : null,
  };
}

/** The caller's own account's figures (docs/product.md §6); a deleted account has none (404). */
export async function accountDashboard(ctx: ActorContext): Promise<AccountDashboard> {
  const id = ctx.actor.account_id;
  if (!id) throw notFound();
  const row = await figures(ctx, null, id);
  const account = row.fullest[0];
  if (!account) throw notFound();
  // An account's people hold its roles only (platform roles have no account).
  return { as_of: ctx.now.toISOString(), account, ...shared(row, [...ACCOUNT_ADULT_ROLES, ROLES.STUDENT]) };
}
