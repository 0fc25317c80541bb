import { createHash } from 'node:crypto';
import { ROLES } from '@habla/shared';
import { starsFor } from '@habla/shared/play';
import type { CaseloadBoard, Dashboard, NamedStudentBoard, StudentBoard } from '@habla/shared/schemas/dashboards';
import type { CrudUser } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { genericPlanPool } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { studentsScope } from '../tenancy/scopes';

/**
 * The dashboards of the MLA loop: a student's own (games to play, recent results and
 * stars, progress per chapter) and, for whoever has students in scope (therapist, supervisor, an
 * account's admin, a parent), their caseload with the last played time and score trend, the
 * sessions waiting for an evaluation and the assignments ending within a day. Read from sessions
 * and assignments (indexed by student and time), never by walking the tries; each board is one
 * statement whose JSON PostgreSQL builds.
 */

/** A numeric column inside PostgreSQL's JSON: a number, or null. */
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const DAY = 86_400_000;

/** A time inside PostgreSQL's JSON (its own text form) as ISO 8601, or null. */
const iso = (v: string | null): string | null => (v === null ? null : new Date(v).toISOString());

/**
 * A student's board in one statement (one round trip, JSON built by PostgreSQL): counts of their
 * games, what to play next, the last eight results and progress by chapter.
 */
export async function studentDashboard(ctx: ActorContext, studentId: string): Promise<StudentBoard> {
  const now = ctx.now;
  const res = await genericPlanPool(ctx.db).query({
    // Named, on connections that keep its generic plan: planning it cost more than running it.
    name: 'dashboard-student',
    text: `WITH mine AS (SELECT x.id, x.name, x.chapter_id, x.attempts, x.max_attempts, x.end_time, x.assign_status, x.best_score FROM assignments x WHERE x.student_id = $1 AND x.assign_status <> 'UNASSIGNED'),
          recent AS (
            SELECT s.id, s.started_at, s.finished_at, s.score, s.passed, x.name, (x.rules->>'min_rate')::int AS min_rate
              FROM game_sessions s JOIN assignments x ON x.id = s.assignment_id
             WHERE s.student_id = $1 AND s.status = 'COMPLETED' ORDER BY s.started_at DESC LIMIT 8),
          chapters AS (
            SELECT c.id, c.name, c.position, count(x.id)::int AS assigned, count(x.best_score)::int AS played, round(avg(x.best_score), 1) AS average
              FROM mine x JOIN chapters c ON c.id = x.chapter_id GROUP BY c.id, c.name, c.position ORDER BY c.position, c.name LIMIT 20),
          open AS (
            SELECT x.id, x.name, x.end_time, x.attempts, x.max_attempts, EXISTS (SELECT 1 FROM game_sessions s WHERE s.assignment_id = x.id AND s.status IN ('NEW', 'PLAYING')) AS playing
              FROM mine x WHERE x.end_time > $2),
          next AS (
            SELECT o.id, o.name, o.end_time, CASE WHEN o.playing THEN 'in_progress' WHEN o.attempts = 0 THEN 'new' ELSE 'played' END AS state,
                   row_number() OVER (ORDER BY o.playing DESC, (o.attempts = 0) DESC, o.end_time, o.id) AS ord
              FROM open o WHERE o.playing OR o.attempts < o.max_attempts ORDER BY ord LIMIT 4)
     SELECT (SELECT json_build_object(
               'new', count(*) FILTER (WHERE x.attempts = 0 AND x.end_time > $2),
               'in_progress', count(*) FILTER (WHERE x.end_time > $2 AND EXISTS (SELECT 1 FROM game_sessions s WHERE s.assignment_id = x.id AND s.status IN ('NEW', 'PLAYING'))),
               'expiring_soon', count(*) FILTER (WHERE x.end_time > $2 AND x.end_time <= $3 AND x.attempts < x.max_attempts),
               'played', count(*) FILTER (WHERE x.assign_status = 'PLAYED')) FROM mine x) AS games,
            (SELECT COALESCE(json_agg(r ORDER BY r.started_at DESC), '[]') FROM recent r) AS recent,
            (SELECT COALESCE(json_agg(json_build_object('id', n.id, 'name', n.name, 'state', n.state, 'end_time', n.end_time) ORDER BY n.ord), '[]')
               FROM next n) AS next,
            (SELECT COALESCE(json_agg(json_build_object('id', c.id, 'name', c.name, 'assigned', c.assigned, 'played', c.played, 'average', c.average) ORDER BY c.position, c.name), '[]') FROM chapters c) AS chapters`,
    values: [studentId, now, new Date(now.getTime() + DAY)],
  });
  // The statement's JSON, as PostgreSQL writes it (times as its text, numeric as numbers).
  const row = res.rows[0] as {
    games: StudentBoard['games'];
    recent: {
      id: string;
      name: string;
      score: number | null;
      passed: boolean | null;
      min_rate: number | null;
      finished_at: string | null;
    }[];
    next: (Pick<StudentBoard['next'][number], 'id' | 'name' | 'state'> & { end_time: string })[];
    chapters: { id: string; name: string; assigned: number; played: number; average: number | null }[];
  };
  const results = row.recent.map((r) => {
    const score = num(r.score) ?? 0;
    return {
      id: r.id,
      name: r.name,
      score,
      passed: r.passed,
      stars: starsFor(score, r.min_rate ?? 50),
      finished_at: iso(r.finished_at),
    };
  });
  return {
    games: row.games,
    recent: results,
    stars: results.reduce((n, r) => n + r.stars, 0),
    next: row.next.map((g) => {
      const end = new Date(g.end_time);
      return { ...g, end_time: end.toISOString(), expiring_soon: end.getTime() - now.getTime() <= DAY };
    }),
    chapters: row.chapters.map((c) => ({ ...c, average: num(c.average) })),
  };
}

/**
 * The caseload's board in one statement: students in the caller's scope (at most 100, by name)
 * with their last play and last eight scores, the sessions waiting for an evaluation and the games
 * ending within a day among all the students in scope.
 */
export async function caseloadDashboard(
  ctx: ActorContext,
  u: CrudUser,
): Promise<Omit<CaseloadBoard, 'kind' | 'child'>> {
  const p = new SqlParams();
  const scope = studentsScope(u, p);
  const now = p.add(ctx.now);
  const soon = p.add(new Date(ctx.now.getTime() + DAY));
  const text = `WITH scoped AS (SELECT t.id, t.full_name FROM users t WHERE ${scope} AND t.deleted_at IS NULL),
          listed AS (SELECT t.id, t.full_name FROM scoped t ORDER BY t.full_name, t.id LIMIT 100),
          waiting AS (
            SELECT s.id, s.student_id, s.finished_at, s.score, x.name, count(*) OVER () AS total
              FROM game_sessions s JOIN assignments x ON x.id = s.assignment_id
             WHERE s.student_id IN (SELECT id FROM scoped) AND s.evaluated_at IS NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')
             ORDER BY s.finished_at DESC NULLS LAST LIMIT 5),
          expiring AS (
            SELECT x.id, x.name, x.end_time, x.student_id
              FROM assignments x
             WHERE x.student_id IN (SELECT id FROM scoped) AND x.assign_status = 'ASSIGNED' AND x.end_time > ${now} AND x.end_time <= ${soon} AND x.attempts < x.max_attempts
             ORDER BY x.end_time LIMIT 10)
     SELECT (SELECT COALESCE(json_agg(json_build_object(
               'id', t.id, 'full_name', t.full_name,
               'last_played', (SELECT max(s.started_at) FROM game_sessions s WHERE s.student_id = t.id),
               'scores', ARRAY(SELECT s.score FROM game_sessions s WHERE s.student_id = t.id AND s.status = 'COMPLETED' ORDER BY s.started_at DESC LIMIT 8)
             ) ORDER BY t.full_name, t.id), '[]') FROM listed t) AS students,
            (SELECT COALESCE(json_agg(json_build_object('id', w.id, 'student_id', w.student_id, 'finished_at', w.finished_at, 'score', w.score, 'name', w.name,
               'student_name', (SELECT u.full_name FROM users u WHERE u.id = w.student_id), 'total', w.total) ORDER BY w.finished_at DESC NULLS LAST), '[]') FROM waiting w) AS waiting,
            (SELECT COALESCE(json_agg(json_build_object('id', e.id, 'name', e.name, 'end_time', e.end_time, 'student_id', e.student_id,
               'student_name', (SELECT u.full_name FROM users u WHERE u.id = e.student_id)) ORDER BY e.end_time), '[]') FROM expiring e) AS expiring`;
  // Named by its text (the scope's SQL differs by role): each connection plans each shape once.
  const res = await genericPlanPool(ctx.db).query({
    name: `dashboard-caseload-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
    text,
    values: p.values,
  });
  const row = res.rows[0] as {
    students: { id: string; full_name: string | null; last_played: string | null; scores: (number | string)[] }[];
    waiting: {
      id: string;
      student_id: string;
      finished_at: string | null;
      score: number | null;
      name: string;
      student_name: string | null;
      total: number;
    }[];
    expiring: { id: string; name: string; end_time: string; student_id: string; student_name: string | null }[];
  };
  return {
    students: row.students.map((s) => ({
      id: s.id,
      full_name: s.full_name,
      last_played: iso(s.last_played),
      // Oldest first: the trend reads left to right.
      scores: s.scores.map((x) => Number(x)).reverse(),
    })),
    waiting: {
      total: Number(row.waiting[0]?.total ?? 0),
      sessions: row.waiting.map(({ total: _t, ...r }) => ({
        ...r,
        score: num(r.score),
        finished_at: iso(r.finished_at),
      })),
    },
    expiring: row.expiring.map((r) => ({ ...r, end_time: new Date(r.end_time).toISOString() })),
  };
}

/**
 * One student's board by id (`/dashboards/student`): the student themself, or an adult whose scope
 * holds them (docs/product.md §2); anyone else, and an id that is not a live student, gets 404.
 */
export async function studentBoardOf(ctx: ActorContext, u: CrudUser, studentId: string): Promise<NamedStudentBoard> {
  const p = new SqlParams();
  const scope = studentsScope(u, p);
  const id = p.add(studentId);
  const found = await genericPlanPool(ctx.db).query<{ id: string; full_name: string | null }>(
    `SELECT t.id, t.full_name FROM users t WHERE t.id = ${id} AND t.deleted_at IS NULL AND ${scope}`,
    p.values,
  );
  const student = found.rows[0];
  if (!student) throw notFound();
  return { id: student.id, full_name: student.full_name, ...(await studentDashboard(ctx, student.id)) };
}

/** What the signed-in user's dashboard shows of the MLA loop. */
export async function myDashboard(ctx: ActorContext, u: CrudUser): Promise<Dashboard> {
  if (u.role === ROLES.STUDENT) return { kind: 'student', ...(await studentDashboard(ctx, u.id)) };
  if (!u.account_id) return { kind: 'none' };
  const board = await caseloadDashboard(ctx, u);
  // One child in scope (a parent at home, a therapist with one student): their own board too.
  const only = board.students;
  if (only.length === 1)
    return {
      kind: 'caseload',
      ...board,
      child: { id: only[0]!.id, full_name: only[0]!.full_name, ...(await studentDashboard(ctx, only[0]!.id)) },
    };
  return { kind: 'caseload', ...board };
}
