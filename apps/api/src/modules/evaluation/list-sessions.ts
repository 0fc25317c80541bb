import type { SessionRow } from '@habla/shared/schemas/evaluation';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { presentRow, sessionScope, type ListedRow, type SessionQuery } from './session-rows';

/** Played sessions of the students in the caller's scope, newest first, a page at a time. */
export async function listSessions(ctx: ActorContext, q: SessionQuery): Promise<{ data: SessionRow[]; total: number }> {
  const p = new SqlParams();
  const conds = [sessionScope(ctx.actor, p)];
  if (q.student_id) conds.push(`s.student_id = ${p.add(q.student_id)}`);
  if (q.game_id) conds.push(`x.game_id = ${p.add(q.game_id)}`);
  if (q.status) conds.push(`s.status = ${p.add(q.status)}`);
  if (q.evaluated !== undefined)
    conds.push(
      q.evaluated ? 's.evaluated_at IS NOT NULL' : `s.evaluated_at IS NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')`,
    );
  const where = conds.join(' AND ');
  const from = `FROM game_sessions s JOIN assignments x ON x.id = s.assignment_id WHERE ${where}`;
  const values = [...p.values];
  const limit = p.add(q.max);
  const offset = p.add(q.page * q.max);
  const pool = poolOf(ctx.db);
  const [rows, total] = await Promise.all([
    pool.query(
      `SELECT s.id, s.assignment_id, s.student_id, s.status, s.attempt, s.started_at, s.finished_at, s.points, s.score, s.passed, s.total_right, s.total_wrong, s.duration_ms, s.evaluated_at,
              x.game_id, x.name AS game_name, x.type AS game_type, (SELECT u.full_name FROM users u WHERE u.id = s.student_id) AS student_name
         ${from} ORDER BY s.started_at DESC, s.id LIMIT ${limit} OFFSET ${offset}`,
      p.values,
    ),
    pool.query(`SELECT count(*)::int AS n ${from}`, values),
  ]);
  return {
    data: (rows.rows as ListedRow[]).map(presentRow),
    total: (total.rows[0] as { n: number }).n,
  };
}
