import type { PlayerAnswer } from '@habla/shared/play';
import type {
  ActivitiesAnalytics,
  ActivitiesAnalyticsQuery,
  ActivityFigures,
} from '@habla/shared/schemas/game-analytics';
import { ident, likeEscape, SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { DbActivityDayStatsRow, DbActivityRow, DbGameRow } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { gamesScope } from '../games/resources';
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

/** An activity's day rows summed over the period, with what names it and its most frequent wrong answers. */
type Summed = Pick<DbActivityDayStatsRow, 'activity_id' | 'game_id'> &
  Pick<DbActivityRow, 'position' | 'question' | 'answers'> & {
    game_name: DbGameRow['name'];
    total: number;
    wrong: { answer: PlayerAnswer; times: number }[] | null;
  } & Record<'tried' | 'right' | 'first_try' | 'tries' | 'elapsed_ms' | 'left_here', string>;

/** What the child saw of an answer: the option's text (or its picture's word), or the sentence built. */
function answerLabel(answers: DbActivityRow['answers'], answer: PlayerAnswer): string {
  if ('words' in answer) return answer.words.join(' ');
  const option = answers.options?.[answer.index];
  return option?.text || option?.alt || option?.picture || `${answer.index + 1}`;
}

const ACTIVITY_ROLLUPS: Rollups = {
  months: 'activity_month_stats',
  days: 'activity_day_stats',
  keys: ['game_id', 'activity_id'],
};

/** What an activity's figures sum: the month rollup's column and the day rollup's expression (decision 028). */
const SUMMED = {
  tried: 'd.tried',
  right: 'd."right"',
  first_try: 'd.first_try',
  tries: 'd.tries',
  elapsed_ms: 'd.elapsed_ms',
  left_here: 'd.left_here',
} as const;

function figures(r: Summed): ActivityFigures {
  const n = (k: keyof Summed) => Number(r[k] ?? 0);
  return {
    id: r.activity_id,
    game_id: r.game_id,
    game_name: r.game_name,
    position: r.position,
    label: r.question || r.answers.target || '',
    tried: n('tried'),
    right_rate: percent(n('right'), n('tried')),
    first_try_rate: percent(n('first_try'), n('tried')),
    tries_per_session: mean(n('tries'), n('tried'), 2),
    mean_seconds: mean(n('elapsed_ms') / 1000, n('tried'), 0),
    left_here: n('left_here'),
    wrong_answers: (r.wrong ?? []).map((w) => ({
      answer: w.answer,
      label: answerLabel(r.answers, w.answer),
      times: w.times,
    })),
  };
}

const kept = keptAnswers<ActivitiesAnalytics>();

/**
 * How each activity worked for the students in the caller's scope over the period (decision 028): a
 * game's activities in its order (404 for a game the caller can neither open nor has seen played), or
 * without a game the ranking of every activity tried in at least `min_tried` sessions, hardest
 * (lowest first-try rate) or easiest first. One statement over the per-activity rollups.
 */
export async function activityFigures(ctx: ActorContext, q: ActivitiesAnalyticsQuery): Promise<ActivitiesAnalytics> {
  const pool = poolOf(ctx.db);
  if (q.game_id) {
    // The game itself: one the caller may open, or one their students played.
    const g = new SqlParams();
    const scope = gamesScope(ctx.actor, g);
    const id = g.add(q.game_id);
    const seen = await pool.query(
      `SELECT 1 FROM games t WHERE t.id = ${id} AND (${scope ?? 'true'}
          OR EXISTS (SELECT 1 FROM activity_day_stats d WHERE d.game_id = ${id} AND d.student_id IN (${scopedStudents(ctx, g)})))`,
      g.values,
    );
    if (seen.rowCount === 0) throw notFound();
  }
  // A whole account's answer is kept until its figures change (decision 030).
  const scope = keptScope(ctx, q);
  if (!scope) return readActivityFigures(ctx, q);
  return kept.read(ctx, scope, JSON.stringify({ ...q, ...periodOf(ctx, q) }), () => readActivityFigures(ctx, q));
}

/** The activities' figures, computed (decision 028). */
async function readActivityFigures(ctx: ActorContext, q: ActivitiesAnalyticsQuery): Promise<ActivitiesAnalytics> {
  const { from, to } = periodOf(ctx, q);
  const p = new SqlParams();
  const game = q.game_id ? p.add(q.game_id) : null;
  // A whole account (or the platform): its students are checked one row at a time by primary key,
  // and without a game the ranking reads the month totals (decision 028).
  const whole = accountWide(ctx, p, q);
  const wide = game ? null : whole;
  const f = p.add(from);
  const t = p.add(to);
  const named = q.q ? `AND g.name ILIKE ${p.add(`%${likeEscape(q.q)}%`)}` : '';
  // Hardest (or easiest) first: the first-try rate, then the most tried, the game's name, the position.
  const rankBy = (tried: string, firstTry: string, name: string, position: string, id: string) =>
    `${firstTry}::numeric / ${tried} ${q.rank === 'easiest' ? 'DESC' : 'ASC'}, ${tried} DESC, ${name}, ${position}, ${id}`;
  const order = rankBy('s.tried', 's.first_try', 'g.name', 'a.position', 'a.id');
  const paged = () => `LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)}`;
  const wrong = (counted: string) => `(SELECT json_agg(w ORDER BY w.times DESC, w.answer::text)
            FROM (SELECT x.answer, sum(x.wrong)::int AS times
                    FROM activity_answer_stats x ${counted}
                         x.activity_id = pg.activity_id AND x.day BETWEEN ${f}::date AND ${t}::date
                   GROUP BY x.answer ORDER BY times DESC, x.answer::text LIMIT 3) w) AS wrong`;
  let sql: string;
  if (wide) {
    // A whole account (or the platform) ranks from the month totals and the edge days (decision 028):
    // tried and right-at-first-try for every activity, the other figures (and the activity's text,
    // wide rows the ranking's sort would carry) for the page's only.
    const plan = await weighedMonthPlan(poolOf(ctx.db), from, to, dayOf(ctx.now));
    const edges = edgeDays(p, wide, plan, { from, to }, ACTIVITY_ROLLUPS, SUMMED);
    const ranked = ['tried', 'first_try'];
    const rest = ['right', 'tries', 'elapsed_ms', 'left_here'];
    const own = 'm.game_id = pg.game_id AND m.activity_id = pg.activity_id';
    const restMonths = monthTotals(p, wide, plan, ACTIVITY_ROLLUPS, rest, own);
    const restOf = (c: string) =>
      `${restMonths ? `COALESCE(r.${ident(c)}, 0)` : '0'} + ${edges ? `COALESCE(e.${ident(c)}, 0)` : '0'} AS ${ident(c)}`;
    sql = `WITH ${edges ? `edges AS MATERIALIZED (${edges}),` : ''}
         ranked AS (${combined(wide, ACTIVITY_ROLLUPS.keys, ranked, monthTotals(p, wide, plan, ACTIVITY_ROLLUPS, ranked), edges ? 'edges' : null)}),
         page AS (
           SELECT a.id AS activity_id, a.game_id, a.position, g.name AS game_name,
                  s.tried, s.first_try, count(*) OVER ()::int AS total
             FROM ranked s JOIN activities a ON a.id = s.activity_id JOIN games g ON g.id = s.game_id
            WHERE s.tried >= ${p.add(q.min_tried)} ${named}
            ORDER BY ${order} ${paged()})
    SELECT pg.*, a.question, a.answers, ${rest.map(restOf).join(', ')},
           ${wrong(`${counting('x', wide.counted())} WHERE`)}
      FROM page pg JOIN activities a ON a.id = pg.activity_id
           ${restMonths ? `LEFT JOIN LATERAL (${restMonths}) r ON true` : ''}
           ${edges ? 'LEFT JOIN edges e ON e.game_id = pg.game_id AND e.activity_id = pg.activity_id' : ''}
     ORDER BY ${rankBy('pg.tried', 'pg.first_try', 'pg.game_name', 'pg.position', 'pg.activity_id')}`;
  } else {
    const sums = `SELECT d.game_id, d.activity_id, sum(d.tried) AS tried, sum(d."right") AS "right", sum(d.first_try) AS first_try,
                         sum(d.tries) AS tries, sum(d.elapsed_ms) AS elapsed_ms, sum(d.left_here) AS left_here
                    FROM activity_day_stats d ${whole ? counting('d', whole.counted()) : 'JOIN scoped s ON s.id = d.student_id'}
                   WHERE d.day BETWEEN ${f}::date AND ${t}::date ${game ? `AND d.game_id = ${game}` : ''}
                   GROUP BY d.game_id, d.activity_id`;
    // A game's activities are listed even when nobody tried them; the ranking only those tried enough.
    const listed = game
      ? `SELECT a.id AS activity_id, a.game_id, a.position, a.question, a.answers, g.name AS game_name,
                s.tried, s."right", s.first_try, s.tries, s.elapsed_ms, s.left_here, count(*) OVER ()::int AS total
           FROM activities a JOIN games g ON g.id = a.game_id LEFT JOIN sums s ON s.activity_id = a.id
          WHERE a.game_id = ${game} AND (a.deleted_at IS NULL OR s.activity_id IS NOT NULL) ${named}
          ORDER BY a.position, a.id`
      : `SELECT a.id AS activity_id, a.game_id, a.position, a.question, a.answers, g.name AS game_name,
                s.tried, s."right", s.first_try, s.tries, s.elapsed_ms, s.left_here, count(*) OVER ()::int AS total
           FROM sums s JOIN activities a ON a.id = s.activity_id JOIN games g ON g.id = s.game_id
          WHERE s.tried >= ${p.add(q.min_tried)} ${named}
          ORDER BY ${order}`;
    sql = `WITH ${whole ? '' : `scoped AS MATERIALIZED (${scopedStudents(ctx, p, undefined, q)}),`} sums AS (${sums}),
         page AS (${listed} ${paged()})
    SELECT pg.*, ${wrong(whole ? `${counting('x', whole.counted())} WHERE` : 'JOIN scoped s ON s.id = x.student_id WHERE')}
      FROM page pg`;
  }
  const rows = (await poolOf(ctx.db).query(sql, p.values)).rows as Summed[];
  const total = await totalOf(rows, q.page, async () => (await activityFigures(ctx, { ...q, page: 0, max: 1 })).total);
  return { from, to, activities: rows.map(figures), total };
}
