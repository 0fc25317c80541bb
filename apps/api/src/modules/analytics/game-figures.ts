import type { GameFigures, GamesAnalytics, GamesAnalyticsQuery } from '@habla/shared/schemas/game-analytics';
import { likeEscape, SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { DbGameDayStatsRow, DbGameRow } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import {
  accountWide,
  combined,
  counting,
  dayOf,
  edgeDays,
  mean,
  monthTotals,
  percent,
  periodOf,
  scopedStudents,
  totalOf,
  weighedMonthPlan,
  type Rollups,
} from './figures';
import { keptAnswers, keptScope } from './kept-answers';

/** A game's day rows summed over the period, as PostgreSQL returns them (bigint and numeric as text). */
type Summed = Pick<DbGameDayStatsRow, 'game_id'> &
  Pick<DbGameRow, 'name' | 'version' | 'type'> & {
    students: number;
    total: number;
    median_ms: number | null;
  } & Record<'sessions' | 'completed' | 'passed' | 'scored' | 'score_sum' | 'activities' | 'first_try', string>;

function figures(r: Summed): GameFigures {
  const n = (k: keyof Summed) => Number(r[k] ?? 0);
  return {
    id: r.game_id,
    name: r.name,
    version: r.version,
    type: r.type,
    students: r.students,
    sessions: n('sessions'),
    completed: n('completed'),
    completion_rate: percent(n('completed'), n('sessions')),
    passed: n('passed'),
    pass_rate: percent(n('passed'), n('completed')),
    mean_score: mean(n('score_sum'), n('scored')),
    first_try_rate: percent(n('first_try'), n('activities')),
    median_seconds: r.median_ms === null ? null : Math.round(Number(r.median_ms) / 1000),
  };
}

const GAME_ROLLUPS: Rollups = { months: 'game_month_stats', days: 'game_day_stats', keys: ['game_id'] };

/** What a game's figures sum: the month rollup's column and the day rollup's expression (decision 028). */
const SUMMED = {
  sessions: 'd.sessions',
  completed: 'd.completed',
  passed: 'd.passed',
  scored: 'd.scored',
  score_tenths: '(d.score_sum * 10)::bigint',
  activities: 'd.activities',
  first_try: 'd.first_try',
} as const;

const kept = keptAnswers<GamesAnalytics>();

/**
 * The games played in the period by the students in the caller's scope, most played first, each with
 * its figures (decision 028); a whole account's answer is kept until its figures change (decision 030).
 */
export async function gameFigures(ctx: ActorContext, q: GamesAnalyticsQuery): Promise<GamesAnalytics> {
  const scope = keptScope(ctx, q);
  if (!scope) return readGameFigures(ctx, q);
  return kept.read(ctx, scope, JSON.stringify({ ...q, ...periodOf(ctx, q) }), () => readGameFigures(ctx, q));
}

/**
 * The games' figures, computed (decision 028): one statement over the rollups, never the sessions or
 * tries. A caseload (or one student) sums its students' day rows; a whole account (or the platform)
 * its month totals and the period's edge days. The students and the median time (read from the completed sessions'
 * durations the day rollup keeps) for the page's games only, through the (game, day) index.
 */
async function readGameFigures(ctx: ActorContext, q: GamesAnalyticsQuery): Promise<GamesAnalytics> {
  const { from, to } = periodOf(ctx, q);
  const p = new SqlParams();
  const wide = accountWide(ctx, p, q);
  const f = p.add(from);
  const t = p.add(to);
  const named = q.q ? `WHERE g.name ILIKE ${p.add(`%${likeEscape(q.q)}%`)}` : '';
  // Sums over the period's rows (hashed, no sort); the page's games then count their students and
  // find their median through the (game, day) index: distinct counts and medians sort, so only 25 of them.
  const names = Object.keys(SUMMED);
  let head: string, summed: string, counted: string;
  if (wide) {
    const plan = await weighedMonthPlan(poolOf(ctx.db), from, to, dayOf(ctx.now));
    const edges = edgeDays(p, wide, plan, { from, to }, GAME_ROLLUPS, SUMMED);
    head = edges ? `edges AS MATERIALIZED (${edges}),` : '';
    summed = `SELECT x.game_id, x.sessions, x.completed, x.passed, x.scored, x.score_tenths / 10.0 AS score_sum,
                     x.activities, x.first_try
                FROM (${combined(wide, GAME_ROLLUPS.keys, names, monthTotals(p, wide, plan, GAME_ROLLUPS, names), edges ? 'edges' : null)}) x
               WHERE x.sessions > 0`;
    counted = `${counting('d', wide.counted())} WHERE`;
  } else {
    head = `scoped AS MATERIALIZED (${scopedStudents(ctx, p, q.student_id, q)}),`;
    summed = `SELECT d.game_id, sum(d.sessions) AS sessions, sum(d.completed) AS completed, sum(d.passed) AS passed,
                     sum(d.scored) AS scored, sum(d.score_sum) AS score_sum,
                     sum(d.activities) AS activities, sum(d.first_try) AS first_try
                FROM game_day_stats d JOIN scoped s ON s.id = d.student_id
               WHERE d.day BETWEEN ${f}::date AND ${t}::date GROUP BY d.game_id`;
    counted = 'WHERE d.student_id IN (SELECT id FROM scoped) AND';
  }
  const sql = `WITH ${head} sums AS (${summed}),
       page AS (
         SELECT s.*, g.name, g.version, g.type, count(*) OVER ()::int AS total
           FROM sums s JOIN games g ON g.id = s.game_id ${named}
          ORDER BY s.sessions DESC, g.name, g.version, s.game_id
          LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)})
  SELECT pg.*, per.students, per.median_ms
    FROM page pg CROSS JOIN LATERAL (
         SELECT count(DISTINCT d.student_id)::int AS students,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY u) AS median_ms
           FROM game_day_stats d LEFT JOIN LATERAL unnest(d.durations) u ON true ${counted}
                d.game_id = pg.game_id AND d.day BETWEEN ${f}::date AND ${t}::date) per
   ORDER BY pg.sessions DESC, pg.name, pg.version, pg.game_id`;
  const rows = (await poolOf(ctx.db).query(sql, p.values)).rows as Summed[];
  const total = await totalOf(rows, q.page, async () => (await gameFigures(ctx, { ...q, page: 0, max: 1 })).total);
  return { from, to, games: rows.map(figures), total };
}
