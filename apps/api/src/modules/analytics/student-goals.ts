import type { GoalKind, StudentGoals, StudentPeriodQuery } from '@habla/shared/schemas/analytics';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { DbGameDayStatsRow } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import { mean, percent, periodOf } from './figures';
import { scopedStudent, studentOf } from './series';

/** The per-game rollup's columns a goal sums. */
const SUMMED = [
  'sessions',
  'completed',
  'passed',
  'scored',
  'score_sum',
  'activities',
  'first_try',
  'duration_ms',
] as const satisfies readonly (keyof DbGameDayStatsRow)[];

/** The student joined to their goals: one row with a null goal when no game of the period reaches one. */
type Read = StudentGoals['student'] & {
  kind: GoalKind | null;
  goal_id: string | null;
  name: string | null;
  name_es: string | null;
  games: number | null;
} & Record<(typeof SUMMED)[number], string | null>;

/**
 * Each goal's games: the game's level and chapter, the targets of either (chapter and level goals),
 * the skills of those targets (skill_targets), the chapter's formulations and the level's verb
 * tenses, with the name each has now; entries removed from the curriculum or the catalog are left
 * out. UNION, not UNION ALL: a game reaching a goal by two paths (a target of both its chapter and
 * its level, a skill through two targets) is one pair, so its sessions count once towards it.
 * `o1`, `o2` place levels and chapters in the curriculum's order.
 */
const GOALS_OF_GAMES = `
       placed AS (
         SELECT pg.game_id, c.id AS chapter_id, c.level_id
           FROM played pg JOIN games g ON g.id = pg.game_id JOIN chapters c ON c.id = g.chapter_id),
       targeted AS (
         SELECT p.game_id, x.target_id FROM placed p JOIN chapter_goals x ON x.chapter_id = p.chapter_id
         UNION
         SELECT p.game_id, x.target_id FROM placed p JOIN level_goals x ON x.level_id = p.level_id),
       reached AS (
         SELECT p.game_id, 'level' AS kind, l.id, l.name, NULL::text AS name_es, 1 AS k, l.position AS o1, 0 AS o2
           FROM placed p JOIN levels l ON l.id = p.level_id WHERE l.deleted_at IS NULL
         UNION
         SELECT p.game_id, 'chapter', c.id, c.name, NULL, 2, l.position, c.position
           FROM placed p JOIN chapters c ON c.id = p.chapter_id JOIN levels l ON l.id = c.level_id WHERE c.deleted_at IS NULL
         UNION
         SELECT x.game_id, 'target', g.id, g.name, g.name_es, 3, NULL, NULL
           FROM targeted x JOIN targets g ON g.id = x.target_id WHERE g.deleted_at IS NULL
         UNION
         SELECT x.game_id, 'skill', s.id, s.name, s.name_es, 4, NULL, NULL
           FROM targeted x JOIN skill_targets st ON st.target_id = x.target_id JOIN skills s ON s.id = st.skill_id
          WHERE s.deleted_at IS NULL
         UNION
         SELECT p.game_id, 'formulation', f.id, f.name, NULL, 5, NULL, NULL
           FROM placed p JOIN chapter_formulations x ON x.chapter_id = p.chapter_id JOIN formulations f ON f.id = x.formulation_id
          WHERE f.deleted_at IS NULL
         UNION
         SELECT p.game_id, 'verb_tense', v.id, v.name, v.name_es, 6, NULL, NULL
           FROM placed p JOIN level_verb_tenses x ON x.level_id = p.level_id JOIN verb_tenses v ON v.id = x.verb_tense_id
          WHERE v.deleted_at IS NULL)`;

/**
 * One student's figures per goal over the period (docs/product.md §6): the games they played, by
 * each goal their chapters and levels carry (level, chapter, target, skill, formulation, verb tense),
 * with games played, sessions, completed, passed, mean score, first-try rate and minutes. One
 * statement over the per-game rollup (decision 028), the student's few rows summed per game first,
 * never the sessions or tries; a student outside the caller's scope answers 404.
 */
export async function studentGoals(ctx: ActorContext, id: string, q: StudentPeriodQuery): Promise<StudentGoals> {
  const { from, to } = periodOf(ctx, q);
  const p = new SqlParams();
  const student = scopedStudent(ctx, id, p);
  const sql = `WITH student AS MATERIALIZED ${student},
       played AS (
         SELECT d.game_id, ${SUMMED.map((c) => `sum(d.${c}) AS ${c}`).join(', ')}
           FROM game_day_stats d JOIN student s ON s.id = d.student_id
          WHERE d.day BETWEEN ${p.add(from)}::date AND ${p.add(to)}::date
          GROUP BY d.game_id),
       ${GOALS_OF_GAMES},
       goals AS (
         SELECT r.kind, r.id AS goal_id, r.name, r.name_es, r.k, r.o1, r.o2, count(*)::int AS games,
                ${SUMMED.map((c) => `sum(pg.${c}) AS ${c}`).join(', ')}
           FROM reached r JOIN played pg ON pg.game_id = r.game_id
          GROUP BY r.kind, r.id, r.name, r.name_es, r.k, r.o1, r.o2)
  SELECT s.id, s.full_name, g.*
    FROM student s LEFT JOIN goals g ON true
   ORDER BY g.k, g.o1 NULLS LAST, g.o2 NULLS LAST, g.name, g.goal_id`;
  const rows = (await poolOf(ctx.db).query(sql, p.values)).rows as Read[];
  const n = (v: string | null) => Number(v ?? 0);
  return {
    student: studentOf(rows),
    from,
    to,
    goals: rows.flatMap((r) =>
      r.kind === null || r.goal_id === null || r.name === null
        ? []
        : [
            {
              kind: r.kind,
              id: r.goal_id,
              name: r.name,
              name_es: r.name_es,
              games: r.games ?? 0,
              sessions: n(r.sessions),
              completed: n(r.completed),
              passed: n(r.passed),
              mean_score: mean(n(r.score_sum), n(r.scored)),
              first_try_rate: percent(n(r.first_try), n(r.activities)),
              minutes: Math.round(n(r.duration_ms) / 60_000),
            },
          ],
    ),
  };
}
