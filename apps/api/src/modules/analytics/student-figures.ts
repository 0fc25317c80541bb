import type { StudentFigures, StudentsAnalytics, StudentsAnalyticsQuery } from '@habla/shared/schemas/analytics';
import { cachedTotal } from '../../crud/service';
import { likeEscape, SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { DbStudentDayStatsRow } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import { studentsScope } from '../tenancy/scopes';
import { mean, narrowedTo, percent, periodOf } from './figures';

/** The day rows' columns summed over the period. */
const SUMMED = [
  'sessions',
  'completed',
  'passed',
  'scored',
  'score_sum',
  'activities',
  'first_try',
  'tries',
  'duration_ms',
  'evaluated',
  'words_out_of_place',
  'parts_of_speech',
  'syntax_error',
] as const satisfies readonly (keyof DbStudentDayStatsRow)[];

/** Sums of a student's day rows over the period, as PostgreSQL returns them (bigint and numeric as text). */
type Summed = Pick<DbStudentDayStatsRow, 'student_id'> & {
  full_name: string | null;
  assigned: number;
  days_active: number;
  last_day: string | null;
  longest_streak: number;
  current_streak: number;
} & Record<(typeof SUMMED)[number], string>;

function figures(r: Summed): StudentFigures {
  const n = (k: keyof Summed) => Number(r[k] ?? 0);
  return {
    id: r.student_id,
    full_name: r.full_name,
    assigned: r.assigned,
    sessions: n('sessions'),
    completed: n('completed'),
    passed: n('passed'),
    mean_score: mean(n('score_sum'), n('scored')),
    first_try_rate: percent(n('first_try'), n('activities')),
    tries_per_activity: mean(n('tries'), n('activities'), 2),
    minutes: Math.round(n('duration_ms') / 60_000),
    days_active: r.days_active,
    last_day: r.last_day,
    longest_streak: r.longest_streak,
    current_streak: r.current_streak,
    evaluated: n('evaluated'),
    words_out_of_place: n('words_out_of_place'),
    parts_of_speech: n('parts_of_speech'),
    syntax_error: n('syntax_error'),
  };
}

/**
 * The students in the caller's scope (docs/product.md §2) with their figures over the period, a page
 * at a time by last name: one statement over the per-student-day rollup (decision 026) and the
 * assignments given in the period, never the tries.
 */
export async function studentFigures(ctx: ActorContext, q: StudentsAnalyticsQuery): Promise<StudentsAnalytics> {
  const { from, to } = periodOf(ctx, q);
  const p = new SqlParams();
  // A name of three characters or more is looked up first, through the names' trigram index: walking
  // the account's students by last name and testing each would read all 10,000 of a district to find
  // a name near the end of the alphabet (18 ms against 5 ms on the bench's). Shorter ones are tested
  // on the walk, as the trigram index cannot narrow them.
  const named = q.q ? `t.full_name ILIKE ${p.add(`%${likeEscape(q.q)}%`)}` : null;
  const byName = named !== null && (q.q ?? '').length >= 3;
  const source = byName
    ? `(SELECT t.id, t.role, t.account_id, t.created_by, t.deleted_at, t.full_name, t.last_name FROM users t WHERE ${named} OFFSET 0) t`
    : 'users t';
  const conds = [studentsScope(ctx.actor, p), 't.deleted_at IS NULL', ...narrowedTo(p, q)];
  if (named && !byName) conds.push(named);
  const where = conds.join(' AND ');
  const count = [...p.values];
  const f = p.add(from);
  const t = p.add(to);
  const pool = poolOf(ctx.db);
  // By last name, as the students list: the walk of the students' (account, last name) index stops at
  // the page, reading the index alone (a deep page's 5,000 rows skipped: 4.4 to 1.8 ms); the page's
  // names are then read by primary key. Each student's days are read by their primary key and summed
  // by streak: consecutive days share `day - row_number()` (gaps and islands), so one pass gives the
  // sums, the longest streak and the one ending on the period's last day or the day before
  // (docs/product.md §6).
  const page = `WITH listed AS (SELECT t.id, t.last_name FROM ${source} WHERE ${where} ORDER BY t.last_name, t.id LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)})
       SELECT l.id AS student_id, n.full_name,
              (SELECT count(*)::int FROM assignments x WHERE x.student_id = l.id AND x.created_at >= ${f}::date AND x.created_at < ${t}::date + 1) AS assigned,
              d.*
         FROM listed l JOIN users n ON n.id = l.id CROSS JOIN LATERAL (
              SELECT ${SUMMED.map((c) => `COALESCE(sum(r.${c}), 0) AS ${c}`).join(', ')},
                     COALESCE(sum(r.days), 0)::int AS days_active, to_char(max(r.last_day), 'YYYY-MM-DD') AS last_day,
                     COALESCE(max(r.days), 0)::int AS longest_streak,
                     COALESCE(max(r.days) FILTER (WHERE r.last_day >= ${t}::date - 1), 0)::int AS current_streak
                FROM (SELECT count(*) AS days, max(i.day) AS last_day, ${SUMMED.map((c) => `sum(i.${c}) AS ${c}`).join(', ')}
                        FROM (SELECT d.*, d.day - (row_number() OVER (ORDER BY d.day))::int AS island
                                FROM student_day_stats d WHERE d.student_id = l.id AND d.day BETWEEN ${f}::date AND ${t}::date) i
                       GROUP BY i.island) r) d
        ORDER BY l.last_name, l.id`;
  const counted = `SELECT count(*)::int AS n FROM ${source} WHERE ${where}`;
  // Planned on every call: as named statements PostgreSQL soon kept a generic plan that read a
  // caseload of two students 7× slower (bench part analytics, docs/performance-log.md). The total is
  // the students list's (same scope and search), cached like it: counting a district's 10,000
  // students took 7.5 ms of every request.
  const [rows, total] = await Promise.all([
    pool.query(page, p.values),
    cachedTotal(ctx, 'users', { text: counted, values: count, key: `analytics ${counted} ${JSON.stringify(count)}` }),
  ]);
  return { from, to, students: (rows.rows as Summed[]).map(figures), total };
}
