import { usersPolicy } from '@habla/shared';
import type { UserFigures, UsersAnalytics, UsersAnalyticsQuery } from '@habla/shared/schemas/user-analytics';
import { likeEscape, SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { adultsScope } from '../tenancy/scopes';
import { periodOf, totalOf } from './figures';

/** A user's line as PostgreSQL returns it: the counts as integers, the last request as a time. */
type Row = Omit<UserFigures, 'last_active'> & { last_active: Date | null; total: number };

/**
 * The adults in the caller's scope with what they did over the period (decision 028): games given,
 * sessions evaluated, recordings and assessments made, and now their students and the sessions waiting
 * for an evaluation. Those who manage users read their scope's adults (docs/product.md §2); anyone else
 * reads their own line. A page at a time by last name, each figure an index range scan (migration 0019).
 */
export async function userFigures(ctx: ActorContext, q: UsersAnalyticsQuery): Promise<UsersAnalytics> {
  const { from, to } = periodOf(ctx, q);
  const p = new SqlParams();
  const conds = [
    usersPolicy.can(ctx.actor, 'list') ? adultsScope(ctx.actor, p) : `t.id = ${p.add(ctx.actor.id)}`,
    't.deleted_at IS NULL',
  ];
  if (q.role) conds.push(`t.role = ${p.add(q.role)}`);
  if (q.q) conds.push(`t.full_name ILIKE ${p.add(`%${likeEscape(q.q)}%`)}`);
  const f = p.add(from);
  const t = p.add(to);
  const period = (column: string) => `${column} >= ${f}::date AND ${column} < ${t}::date + 1`;
  // The students of the workspaces a user belongs to or supervises (the caseload of docs/product.md §2).
  const caseload = `SELECT w.student_id FROM workspaces w
     WHERE w.deleted_at IS NULL AND (w.supervisor_id = l.id OR w.id IN (SELECT m.workspace_id FROM workspace_members m WHERE m.user_id = l.id))`;
  const sql = `WITH listed AS (
         SELECT t.id, t.full_name, t.role, t.last_name, count(*) OVER ()::int AS total FROM users t
          WHERE ${conds.join(' AND ')}
          ORDER BY t.last_name, t.id LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)})
  SELECT l.id, l.full_name, l.role, l.total,
         (SELECT count(DISTINCT c.student_id)::int FROM (${caseload}) c) AS students,
         (SELECT count(*)::int FROM assignments x WHERE x.created_by = l.id AND ${period('x.created_at')}) AS assigned,
         (SELECT count(*)::int FROM game_sessions s WHERE s.evaluator_id = l.id AND ${period('s.evaluated_at')}) AS evaluated,
         (SELECT count(*)::int FROM game_sessions s
           WHERE s.student_id IN (${caseload}) AND s.evaluated_at IS NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')) AS waiting,
         (SELECT count(*)::int FROM recordings r WHERE r.created_by = l.id AND r.deleted_at IS NULL AND ${period('r.created_at')}) AS recordings,
         (SELECT count(*)::int FROM assessments a WHERE a.created_by = l.id AND a.deleted_at IS NULL AND ${period('a.created_at')}) AS assessments,
         (SELECT max(x.last_seen_at) FROM sessions x WHERE x.user_id = l.id) AS last_active
    FROM listed l ORDER BY l.last_name, l.id`;
  const rows = (await poolOf(ctx.db).query(sql, p.values)).rows as Row[];
  const total = await totalOf(rows, q.page, async () => (await userFigures(ctx, { ...q, page: 0, max: 1 })).total);
  return {
    from,
    to,
    users: rows.map(({ total: _total, last_active, ...r }) => ({
      ...r,
      last_active: last_active ? last_active.toISOString() : null,
    })),
    total,
  };
}
