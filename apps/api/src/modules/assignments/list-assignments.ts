import type { Assignment, AssignmentsQuery } from '@habla/shared/schemas/assignments';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { presentAssignment, type AssignmentRow } from './rows';
import { assignmentScope } from './scope';

/** The assignments of the students in the caller's scope, newest first, a page at a time. */
export async function listAssignments(
  ctx: ActorContext,
  q: AssignmentsQuery,
): Promise<{ data: Assignment[]; total: number }> {
  const p = new SqlParams();
  const conds = [assignmentScope(ctx.actor, p)];
  if (q.student_id) conds.push(`x.student_id = ${p.add(q.student_id)}`);
  if (q.game_id) conds.push(`x.game_id = ${p.add(q.game_id)}`);
  if (q.assign_status) conds.push(`x.assign_status = ${p.add(q.assign_status)}`);
  const where = conds.join(' AND ');
  const pool = poolOf(ctx.db);
  const [rows, total] = await Promise.all([
    pool.query(
      `SELECT x.id, x.game_id, x.student_id, x.account_id, x.name, x.type, x.chapter_id, x.activities_count, x.rules, x.max_attempts, x.attempts, x.start_time, x.end_time, x.assign_status, x.best_score, x.last_score, x.last_played_at, x.created_at, x.created_by,
              (SELECT s.full_name FROM users s WHERE s.id = x.student_id) AS student_name
         FROM assignments x WHERE ${where} ORDER BY x.created_at DESC, x.id LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)}`,
      p.values,
    ),
    pool.query(`SELECT count(*)::int AS n FROM assignments x WHERE ${where}`, p.values.slice(0, p.values.length - 2)),
  ]);
  return {
    data: (
      rows.rows as (Omit<AssignmentRow, 'activities' | 'updated_at' | 'updated_by'> & { student_name: string | null })[]
    ).map(presentAssignment),
    total: (total.rows[0] as { n: number }).n,
  };
}
