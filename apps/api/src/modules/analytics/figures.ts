import { clientsPolicy } from '@habla/shared';
import type pg from 'pg';
import { ident, SqlParams } from '../../crud/sql';
import type { ActorContext } from '../../lib/context';
import { studentsScope } from '../tenancy/scopes';

/**
 * What every analytics answer shares (decisions 026, 028): the period read and how a rate is shown.
 */

/** The default period: the 30 days up to today (UTC), both included. */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** The period asked, or by default the `days` (30) days up to today (UTC). */
export function periodOf(
  ctx: ActorContext,
  q: { from?: string | undefined; to?: string | undefined },
  days = DEFAULT_DAYS,
) {
  const to = q.to ?? dayOf(ctx.now);
  const from = q.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS));
  return { from, to };
}

/** A share as a percent with one decimal, or null when nothing counts. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** A mean with `digits` decimals, or null when nothing counts. */
export const mean = (sum: number, n: number, digits = 1): number | null =>
  n > 0 ? Math.round((sum / n) * 10 ** digits) / 10 ** digits : null;

/**
 * What a query may narrow its students to, within the caller's scope (docs/product.md §7): one
 * student, one account (platform staff), a therapist's caseload (the students of the workspaces they
 * belong to or supervise), one workspace's student. A filter only ever narrows: another account's
 * therapist or workspace leaves nobody.
 */
export type Narrowing = {
  student_id?: string | undefined;
  account_id?: string | undefined;
  therapist_id?: string | undefined;
  workspace_id?: string | undefined;
};

/** The narrowing's conditions on users alias `t` (none for no filter); their parameters added when written. */
export function narrowedTo(p: SqlParams, q: Narrowing): string[] {
  const conds: string[] = [];
  if (q.student_id) conds.push(`t.id = ${p.add(q.student_id)}`);
  if (q.account_id) conds.push(`t.account_id = ${p.add(q.account_id)}`);
  if (q.therapist_id) {
    const who = p.add(q.therapist_id);
    conds.push(`t.id IN (SELECT w.student_id FROM workspaces w WHERE w.deleted_at IS NULL
      AND (w.supervisor_id = ${who} OR w.id IN (SELECT m.workspace_id FROM workspace_members m WHERE m.user_id = ${who})))`);
  }
  if (q.workspace_id)
    conds.push(
      `t.id IN (SELECT w.student_id FROM workspaces w WHERE w.id = ${p.add(q.workspace_id)} AND w.deleted_at IS NULL)`,
    );
  return conds;
}

/**
 * The ids of the students whose plays the caller's figures may count (docs/product.md §2: the same
 * scope as the students list, deleted students left out), narrowed as the query asks, as a subquery.
 */
export function scopedStudents(ctx: ActorContext, p: SqlParams, studentId?: string, narrow: Narrowing = {}): string {
  const conds = [
    studentsScope(ctx.actor, p),
    't.deleted_at IS NULL',
    ...narrowedTo(p, { ...narrow, student_id: studentId }),
  ];
  return `SELECT t.id FROM users t WHERE ${conds.join(' AND ')}`;
}

/**
 * The total a page's rows carry (`count(*) OVER ()`); a page past the end has no row to carry it, so
 * then it is counted again from the first page.
 */
export async function totalOf(rows: { total: number }[], page: number, firstPage: () => Promise<number>) {
  return rows.length > 0 || page === 0 ? (rows[0]?.total ?? 0) : firstPage();
}

/**
 * The students an account-wide reader counts (decision 028): an account's admin counts every student
 * of the account, platform staff every student. Such a reader, unless they asked for one student, may
 * read the month rollups (migration 0022); null for anyone else (a caseload, a student, nobody), who
 * reads the day rollups of their scope's students.
 */
export type AccountWide = {
  /** The month rollups' rows counted: a condition on alias `m`. */
  months: () => string;
  /** Who the month rollups hold of them: a condition on users alias `t` (the scope, not deleted, in an account). */
  held: () => string;
  /** Who they count the month rollups do not hold (students in no account), or null: a condition on `t`. */
  unheld: (() => string) | null;
  /** Every student they count: a condition on `t`. */
  counted: () => string;
  /** One account's rows (one per key), or every account's (summed per key). */
  oneAccount: boolean;
};

/**
 * Each condition adds its parameters when written: an unused `$n` has no type and PostgreSQL refuses
 * it. A query narrowed to one student, a therapist's caseload or a workspace is not account-wide; one
 * narrowed to an account reads that account's month rows (platform staff), or nothing (another
 * account's admin: null, and the narrowed caseload path finds nobody).
 */
export function accountWide(ctx: ActorContext, p: SqlParams, narrow: Narrowing = {}): AccountWide | null {
  if (narrow.student_id || narrow.therapist_id || narrow.workspace_id) return null;
  const scope = clientsPolicy.scope(ctx.actor);
  const counted = () => `${studentsScope(ctx.actor, p)} AND t.deleted_at IS NULL`;
  const account = narrow.account_id ?? (scope.kind === 'account' ? scope.accountId : null);
  if (scope.kind === 'account' && account !== scope.accountId) return null;
  if (account && (scope.kind === 'account' || scope.kind === 'all' || scope.kind === 'shared')) {
    const held = () => `${counted()} AND t.account_id = ${p.add(account)}`;
    return {
      months: () => `m.account_id = ${p.add(account)}`,
      held: scope.kind === 'account' ? counted : held,
      unheld: null,
      counted: scope.kind === 'account' ? counted : held,
      oneAccount: true,
    };
  }
  if (scope.kind === 'all' || scope.kind === 'shared')
    return {
      months: () => 'true',
      held: () => `${counted()} AND t.account_id IS NOT NULL`,
      unheld: () => `${counted()} AND t.account_id IS NULL`,
      counted,
      oneAccount: false,
    };
  return null;
}

/**
 * Keeps the rows of alias `rows` whose student (users alias `t`) meets `who`, looking each up by
 * primary key: the day rows an account-wide reader reads at once are few (edge days, one game's), and
 * PostgreSQL would otherwise hash the account's students (7 ms for 10,000 against 2 ms for a day's
 * 274 rows on the bench's database); the OFFSET keeps it from doing so.
 */
export const counting = (rows: string, who: string): string =>
  `CROSS JOIN LATERAL (SELECT 1 FROM users t WHERE t.id = ${rows}.student_id AND ${who} OFFSET 0) t`;

/** Month k of a day, as migration 0022's `analytics_month`: year × 12 + month − 1. */
export const monthOf = (day: string): number => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthStart = (k: number) => `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`;
const monthEnd = (k: number) => dayOf(new Date(Date.UTC(Math.floor(k / 12), (k % 12) + 1, 0)));
const plusDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** Days added to (1) or taken from (−1) what the month totals give. */
export type DayRange = { from: string; to: string; sign: 1 | -1 };
/** How a period is read from the month rollups: months `from`–`to` whole (or none), and the edge days. */
export type MonthPlan = { months: { from: number; to: number } | null; days: DayRange[] };

/**
 * The ways to read a period from month totals and day rows (decision 028): its first and last months
 * either whole with the days outside the period taken off, or left out with the period's days in them
 * added; or days only (the last way).
 */
export function monthPlans(from: string, to: string): MonthPlan[] {
  const plans: MonthPlan[] = [];
  const [first, last] = [monthOf(from), monthOf(to)];
  for (const lo of [first, first + 1])
    for (const hi of [last, last - 1]) {
      if (lo > hi) continue;
      const days: DayRange[] = [];
      if (lo > first) days.push({ from, to: monthEnd(first), sign: 1 });
      else if (from > monthStart(first)) days.push({ from: monthStart(first), to: plusDays(from, -1), sign: -1 });
      if (hi < last) days.push({ from: monthStart(last), to, sign: 1 });
      else if (to < monthEnd(last)) days.push({ from: plusDays(to, 1), to: monthEnd(last), sign: -1 });
      plans.push({ months: { from: lo, to: hi }, days });
    }
  plans.push({ months: null, days: [{ from, to, sign: 1 }] });
  return plans;
}

/** Days of a range up to today: those after today hold nothing yet (but are still read). */
const daysUpTo = (today: string) => (d: DayRange) => {
  const end = d.to < today ? d.to : today;
  return end < d.from ? 0 : (Date.parse(end) - Date.parse(d.from)) / DAY_MS + 1;
};

/** The plan whose edge days weigh least (`weigh`: a range's cost), months over days when equal. */
export function monthPlan(from: string, to: string, weigh: (d: DayRange) => number): MonthPlan {
  const cost = (plan: MonthPlan) => plan.days.reduce((n, d) => n + weigh(d), 0);
  return monthPlans(from, to).reduce((best, plan) => (cost(plan) < cost(best) ? plan : best));
}

/** Rows counted per range, at most this many: enough to tell a quiet range from a busy one. */
const WEIGHED_ROWS = 2_000;

/**
 * The cheapest plan by the rows its edge days hold (decision 028): each candidate range's students'
 * days are counted (up to WEIGHED_ROWS, by the days index), days up to today breaking ties. A young
 * account's year, whose first month has nothing before the period, then reads no edge day at all.
 */
export async function weighedMonthPlan(pool: pg.Pool, from: string, to: string, today: string): Promise<MonthPlan> {
  const ranges = new Map<string, DayRange>();
  for (const plan of monthPlans(from, to)) for (const d of plan.days) ranges.set(`${d.from} ${d.to}`, d);
  const listed = [...ranges.values()];
  const p = new SqlParams();
  const counts = listed.map(
    (d, i) =>
      `(SELECT count(*)::int FROM (SELECT 1 FROM student_day_stats s WHERE s.day BETWEEN ${p.add(d.from)}::date AND ${p.add(d.to)}::date LIMIT ${WEIGHED_ROWS}) x) AS "${i}"`,
  );
  const row = (await pool.query<Record<string, number>>(`SELECT ${counts.join(', ')}`, p.values)).rows[0] ?? {};
  const rows = new Map(listed.map((d, i) => [`${d.from} ${d.to}`, row[String(i)] ?? 0]));
  const days = daysUpTo(today);
  return monthPlan(from, to, (d) => (rows.get(`${d.from} ${d.to}`) ?? 0) * 1_000 + days(d));
}

/** A month rollup and its day rollup, and the key they share (decision 028). */
export type Rollups = { months: string; days: string; keys: readonly string[] };

/**
 * The month totals of a plan's whole months, one row per key of the reader's accounts (decision 028):
 * each column's running total at the last month less the one before the first (`arr[k]`; its last
 * element after its last month; 0 before its first). Null when the plan reads days only.
 */
export function monthTotals(
  p: SqlParams,
  wide: AccountWide,
  plan: MonthPlan,
  rollups: Rollups,
  names: readonly string[],
  where = 'true',
): string | null {
  if (!plan.months) return null;
  const hi = p.add(plan.months.to);
  const before = p.add(plan.months.from - 1);
  const at = (c: string, k: string) => `COALESCE(m.${ident(c)}[LEAST(${k}::int, array_upper(m.${ident(c)}, 1))], 0)`;
  const keys = rollups.keys.map((k) => `m.${k}`).join(', ');
  // OFFSET 0: each total is computed once here, not again wherever the outer query names it.
  if (wide.oneAccount)
    return `SELECT ${keys}, ${names.map((c) => `${at(c, hi)} - ${at(c, before)} AS ${ident(c)}`).join(', ')}
              FROM ${rollups.months} m WHERE ${wide.months()} AND ${where} OFFSET 0`;
  // Every account's row of a key, summed.
  return `SELECT ${keys}, ${names.map((c) => `sum(${at(c, hi)} - ${at(c, before)}) AS ${ident(c)}`).join(', ')}
            FROM ${rollups.months} m WHERE ${wide.months()} AND ${where} GROUP BY ${keys}`;
}

/**
 * What the month totals leave out of a period, summed per key (decision 028): the edge days' rows of
 * the students the months hold, signed, and every day of the period of the students they do not hold
 * (platform staff: students in no account). `columns` maps each name to its day rollup's expression
 * on `d`. Null when nothing is left out.
 */
export function edgeDays(
  p: SqlParams,
  wide: AccountWide,
  plan: MonthPlan,
  period: { from: string; to: string },
  rollups: Rollups,
  columns: Readonly<Record<string, string>>,
): string | null {
  const keys = rollups.keys.map((k) => `d.${k}`).join(', ');
  const days = (range: DayRange, sign: 1 | -1, who: string) =>
    `SELECT ${keys}, ${Object.entries(columns)
      .map(([c, day]) => `${sign < 0 ? '-' : ''}${day} AS ${ident(c)}`)
      .join(', ')}
       FROM ${rollups.days} d ${counting('d', who)}
      WHERE d.day BETWEEN ${p.add(range.from)}::date AND ${p.add(range.to)}::date`;
  const parts = plan.days.map((range) => days(range, range.sign, wide.held()));
  // The students in no account (few, if any), each with their days through the primary key.
  if (wide.unheld)
    parts.push(`SELECT ${keys}, ${Object.entries(columns)
      .map(([c, day]) => `${day} AS ${ident(c)}`)
      .join(', ')}
       FROM users t JOIN ${rollups.days} d ON d.student_id = t.id
            AND d.day BETWEEN ${p.add(period.from)}::date AND ${p.add(period.to)}::date
      WHERE ${wide.unheld()}`);
  if (parts.length === 0) return null;
  const names = Object.keys(columns);
  return `SELECT ${rollups.keys.join(', ')}, ${names.map((c) => `sum(${ident(c)}) AS ${ident(c)}`).join(', ')}
            FROM (${parts.join(' UNION ALL ')}) d GROUP BY ${rollups.keys.join(', ')}`;
}

/**
 * The month totals (`months`, a SELECT) and the edges (a relation's name, e.g. a CTE) as one row per
 * key with each column summed; one of them may be null (a plan always reads months or days). The
 * edges of the students the months hold are keys the months have (their days are in them): the
 * months are joined to the few edge rows; only students the months do not hold need a full join.
 */
export function combined(
  wide: AccountWide,
  keys: readonly string[],
  names: readonly string[],
  months: string | null,
  edges: string | null,
): string {
  if (!months || !edges) return months ?? `SELECT * FROM ${edges ?? 'nothing'}`;
  return `SELECT ${keys.map((k) => `${wide.unheld ? `COALESCE(m.${k}, e.${k})` : `m.${k}`} AS ${k}`).join(', ')},
                 ${names.map((c) => `COALESCE(m.${ident(c)}, 0) + COALESCE(e.${ident(c)}, 0) AS ${ident(c)}`).join(', ')}
            FROM (${months}) m ${wide.unheld ? 'FULL' : 'LEFT'} JOIN ${edges} e ON ${keys.map((k) => `e.${k} = m.${k}`).join(' AND ')}`;
}
