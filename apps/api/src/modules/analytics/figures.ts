import type { SqlParams } from '../../crud/sql';
import type { ActorContext } from '../../lib/context';
import { studentsScope } from '../tenancy/scopes';

/**
 * What every analytics answer shares (decisions 026, 028): the period read and how a rate is shown.
 */

/** The default period: the 30 days up to today (UTC), both included. */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The period asked, or by default the 30 days up to today (UTC). */
export function periodOf(ctx: ActorContext, q: { from?: string | undefined; to?: string | undefined }) {
  const to = q.to ?? dayOf(ctx.now);
  const from = q.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS));
  return { from, to };
}

/** A share as a percent with one decimal, or null when nothing counts. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** A mean with `digits` decimals, or null when nothing counts. */
export const mean = (sum: number, n: number, digits = 1): number | null =>
  n > 0 ? Math.round((sum / n) * 10 ** digits) / 10 ** digits : null;

/**
 * The ids of the students whose plays the caller's figures may count (docs/product.md §2: the same
 * scope as the students list, deleted students left out), optionally one of them, as a subquery.
 */
export function scopedStudents(ctx: ActorContext, p: SqlParams, studentId?: string): string {
  const conds = [studentsScope(ctx.actor, p), 't.deleted_at IS NULL'];
  if (studentId) conds.push(`t.id = ${p.add(studentId)}`);
  return `SELECT t.id FROM users t WHERE ${conds.join(' AND ')}`;
}

/**
 * The total a page's rows carry (`count(*) OVER ()`); a page past the end has no row to carry it, so
 * then it is counted again from the first page.
 */
export async function totalOf(rows: { total: number }[], page: number, firstPage: () => Promise<number>) {
  return rows.length > 0 || page === 0 ? (rows[0]?.total ?? 0) : firstPage();
}
