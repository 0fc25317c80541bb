import { ROLES } from '@habla/shared';
import { starsFor } from '@habla/shared/play';
import type { CrudUser } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { studentsScope } from '../tenancy/scopes';

/**
 * The dashboards of the MLA loop (issue 12): a student's own (games to play, recent results and
 * stars, progress per chapter) and, for whoever has students in scope (therapist, supervisor, an
 * account's admin, a parent), their caseload with the last played time and score trend, the
 * sessions waiting for an evaluation and the assignments ending within a day. Read from sessions
 * and assignments (indexed by student and time), never by walking the tries.
 */

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const DAY = 86_400_000;

export async function studentDashboard(ctx: ActorContext, studentId: string): Promise<Record<string, unknown>> {
  const pool = poolOf(ctx.db);
  const now = ctx.now;
  const [games, recent, chapters] = await Promise.all([
    pool.query(
      `SELECT count(*) FILTER (WHERE x.attempts = 0 AND x.end_time > $2)::int AS new,
              count(*) FILTER (WHERE x.end_time > $2 AND EXISTS (SELECT 1 FROM game_sessions s WHERE s.assignment_id = x.id AND s.status IN ('NEW', 'PLAYING')))::int AS in_progress,
              count(*) FILTER (WHERE x.end_time > $2 AND x.end_time <= $3 AND x.attempts < x.max_attempts)::int AS expiring_soon,
              count(*) FILTER (WHERE x.assign_status = 'PLAYED')::int AS played
         FROM assignments x WHERE x.student_id = $1 AND x.assign_status <> 'UNASSIGNED'`,
      [studentId, now, new Date(now.getTime() + DAY)],
    ),
    pool.query(
      `SELECT s.id, s.finished_at, s.score, s.passed, x.name, (x.rules->>'min_rate')::int AS min_rate
         FROM game_sessions s JOIN assignments x ON x.id = s.assignment_id
        WHERE s.student_id = $1 AND s.status = 'COMPLETED' ORDER BY s.started_at DESC LIMIT 8`,
      [studentId],
    ),
    pool.query(
      `SELECT c.id, c.name, count(x.id)::int AS assigned, count(x.best_score)::int AS played, round(avg(x.best_score), 1) AS average
         FROM assignments x JOIN chapters c ON c.id = x.chapter_id
        WHERE x.student_id = $1 AND x.assign_status <> 'UNASSIGNED' GROUP BY c.id, c.name, c.position ORDER BY c.position, c.name LIMIT 20`,
      [studentId],
    ),
  ]);
  const results = (recent.rows as Record<string, unknown>[]).map((r) => {
    const score = num(r.score) ?? 0;
    return {
      id: r.id,
      name: r.name,
      score,
      passed: r.passed,
      stars: starsFor(score, Number(r.min_rate ?? 50)),
      finished_at: (r.finished_at as Date | null)?.toISOString() ?? null,
    };
  });
  return {
    games: games.rows[0],
    recent: results,
    stars: results.reduce((n, r) => n + r.stars, 0),
    chapters: (chapters.rows as Record<string, unknown>[]).map((c) => ({ ...c, average: num(c.average) })),
  };
}

/** The caseload's view: students in the caller's scope (at most 100, by name) and what needs attention. */
export async function caseloadDashboard(ctx: ActorContext, u: CrudUser): Promise<Record<string, unknown>> {
  const pool = poolOf(ctx.db);
  const p = new SqlParams();
  const scope = studentsScope(u, p);
  const values = p.values;
  const students = await pool.query(
    `SELECT t.id, t.full_name,
            (SELECT max(s.started_at) FROM game_sessions s WHERE s.student_id = t.id) AS last_played,
            ARRAY(SELECT s.score FROM game_sessions s WHERE s.student_id = t.id AND s.status = 'COMPLETED' ORDER BY s.started_at DESC LIMIT 8) AS scores
       FROM users t WHERE ${scope} AND t.deleted_at IS NULL ORDER BY t.full_name, t.id LIMIT 100`,
    values,
  );
  const ids = (students.rows as { id: string }[]).map((s) => s.id);
  const [waiting, expiring] = await Promise.all([
    pool.query(
      `SELECT s.id, s.student_id, s.finished_at, s.score, x.name, (SELECT u.full_name FROM users u WHERE u.id = s.student_id) AS student_name,
              count(*) OVER ()::int AS total
         FROM game_sessions s JOIN assignments x ON x.id = s.assignment_id
        WHERE s.student_id = ANY($1::uuid[]) AND s.evaluated_at IS NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')
        ORDER BY s.finished_at DESC NULLS LAST LIMIT 5`,
      [ids],
    ),
    pool.query(
      `SELECT x.id, x.name, x.end_time, x.student_id, (SELECT u.full_name FROM users u WHERE u.id = x.student_id) AS student_name
         FROM assignments x
        WHERE x.student_id = ANY($1::uuid[]) AND x.assign_status = 'ASSIGNED' AND x.end_time > $2 AND x.end_time <= $3 AND x.attempts < x.max_attempts
        ORDER BY x.end_time LIMIT 10`,
      [ids, ctx.now, new Date(ctx.now.getTime() + DAY)],
    ),
  ]);
  return {
    students: (students.rows as Record<string, unknown>[]).map((s) => ({
      id: s.id,
      full_name: s.full_name,
      last_played: (s.last_played as Date | null)?.toISOString() ?? null,
      // Oldest first: the trend reads left to right.
      scores: (s.scores as unknown[]).map((x) => Number(x)).reverse(),
    })),
    waiting: {
      total: (waiting.rows[0] as { total?: number } | undefined)?.total ?? 0,
      sessions: (waiting.rows as Record<string, unknown>[]).map(({ total: _t, ...r }) => ({
        ...r,
        score: num(r.score),
        finished_at: (r.finished_at as Date | null)?.toISOString() ?? null,
      })),
    },
    expiring: (expiring.rows as Record<string, unknown>[]).map((r) => ({ ...r, end_time: (r.end_time as Date).toISOString() })),
  };
}

/** What the signed-in user's dashboard shows of the MLA loop. */
export async function myDashboard(ctx: ActorContext, u: CrudUser): Promise<Record<string, unknown>> {
  if (u.role === ROLES.STUDENT) return { kind: 'student', ...(await studentDashboard(ctx, u.id)) };
  if (!u.account_id) return { kind: 'none' };
  return { kind: 'caseload', ...(await caseloadDashboard(ctx, u)) };
}
