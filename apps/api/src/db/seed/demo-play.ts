import { pointsFor, sessionScore } from '@habla/shared/play';
import type { Db } from '../client';
import { poolOf } from '../client';

/**
 * The demo's played games (docs/product.md §8), so that a newcomer's dashboards, evaluation list and
 * player are not empty: Leo played "The girl ate an apple" yesterday (a swapped pair of words on the
 * first sentence, then right; waiting for an evaluation) and has "What are they doing?" to play; Mia
 * played "¿Dónde está? En casa" two days ago (evaluated) and has "Say what they do" ending within a
 * day. Built from the starter library's games as the assign and play services would have left them.
 */
type Frozen = {
  id: string;
  position: number;
  question: string | null;
  picture: string | null;
  audio_id: string | null;
  answers: { target?: string; options?: unknown[]; correct?: number };
};
const RULES = {
  point_first_try: 10,
  point_second_try: 1,
  point_third_try: 0,
  min_rate: 50,
  show_progress_bar: true,
  show_failed_attemps: false,
};
const HOUR = 3_600_000;

export async function seedDemoPlay(db: Db, now: Date): Promise<number> {
  const pool = poolOf(db);
  const users = (
    await pool.query(
      `SELECT id, username, account_id FROM users WHERE username IN ('therapist', 'student', 'student2', 'parent', 'student4')`,
    )
  ).rows as {
    id: string;
    username: string;
    account_id: string;
  }[];
  const by = (u: string) => users.find((x) => x.username === u);
  const therapist = by('therapist');
  const leo = by('student');
  const mia = by('student2');
  if (!therapist || !leo || !mia) return 0;
  const game = async (name: string) =>
    (
      await pool.query(`SELECT * FROM games WHERE name = $1 AND account_id IS NULL AND deleted_at IS NULL LIMIT 1`, [
        name,
      ])
    ).rows[0] as Record<string, unknown> | undefined;
  const frozen = async (id: unknown) =>
    (
      await pool.query(
        `SELECT id, position, question, picture, audio_id, answers FROM activities WHERE game_id = $1 AND deleted_at IS NULL ORDER BY position`,
        [id],
      )
    ).rows as Frozen[];
  let made = 0;

  const assign = async (student: typeof leo, name: string, start: Date, end: Date, by = therapist) => {
    const g = await game(name);
    if (!g) return null;
    const acts = await frozen(g.id);
    const res = await pool.query(
      `INSERT INTO assignments (game_id, student_id, account_id, name, type, chapter_id, activities, activities_count, rules, max_attempts, start_time, end_time, created_at, updated_at, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 2, $10, $11, $10, $10, $12, $12) RETURNING id`,
      [
        g.id,
        student.id,
        student.account_id,
        g.name,
        g.type,
        g.chapter_id,
        JSON.stringify(acts),
        acts.length,
        JSON.stringify(RULES),
        start,
        end,
        by.id,
      ],
    );
    made += 1;
    return { id: (res.rows[0] as { id: string }).id, acts, type: g.type as string };
  };

  /** A finished session: `wrongFirst` activities (by position) took one wrong try before the right one. */
  const play = async (
    student: typeof leo,
    a: NonNullable<Awaited<ReturnType<typeof assign>>>,
    at: Date,
    wrongFirst: number[],
    evaluated: boolean,
    evaluator = therapist,
  ) => {
    const tries: { activity: string; n: number; answer: unknown; correct: boolean; points: number }[] = [];
    for (const act of a.acts) {
      const right =
        a.type === 'sentence_practice'
          ? { words: (act.answers.target ?? '').split(/\s+/) }
          : { index: act.answers.correct ?? 0 };
      if (wrongFirst.includes(act.position)) {
        const wrong =
          a.type === 'sentence_practice'
            ? {
                words: (() => {
                  const w = [...(right as { words: string[] }).words];
                  if (w.length > 2) [w[1], w[2]] = [w[2]!, w[1]!];
                  return w;
                })(),
              }
            : { index: ((act.answers.correct ?? 0) + 1) % Math.max(2, act.answers.options?.length ?? 2) };
        tries.push({ activity: act.id, n: 1, answer: wrong, correct: false, points: 0 });
        tries.push({ activity: act.id, n: 2, answer: right, correct: true, points: pointsFor(2, RULES) });
      } else tries.push({ activity: act.id, n: 1, answer: right, correct: true, points: pointsFor(1, RULES) });
    }
    const points = tries.reduce((n, t) => n + t.points, 0);
    const { score, passed } = sessionScore(points, a.acts.length, RULES);
    // Each try takes a few seconds more than the last; the session lasts as long as its tries.
    const elapsed = tries.map((_, i) => 4000 + i * 700);
    const duration = elapsed.reduce((n, ms) => n + ms, 0);
    const finished = new Date(at.getTime() + duration);
    // Played first, its tries, then finished and evaluated: the order of the player's own writes, which
    // the analytics rollup follows (docs/decisions/026-analytics-rollups.md).
    const s = await pool.query(
      `INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'PLAYING', 1, $4, $4, $4) RETURNING id`,
      [a.id, student.id, student.account_id, at],
    );
    const sid = (s.rows[0] as { id: string }).id;
    for (const [i, t] of tries.entries())
      await pool.query(
        `INSERT INTO game_tries (session_id, activity_id, try_number, client_try_id, answer, correct, points, elapsed_ms, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          sid,
          t.activity,
          t.n,
          `demo-${i}`,
          JSON.stringify(t.answer),
          t.correct,
          t.points,
          elapsed[i],
          new Date(at.getTime() + elapsed.slice(0, i + 1).reduce((n, ms) => n + ms, 0)),
        ],
      );
    await pool.query(
      `UPDATE game_sessions SET status = 'COMPLETED', finished_at = $2, total_right = $3, total_wrong = $4, points = $5, score = $6, passed = $7,
              duration_ms = $8, updated_at = $2 WHERE id = $1`,
      [sid, finished, a.acts.length, wrongFirst.length, points, score, passed, duration],
    );
    if (evaluated)
      await pool.query(
        `UPDATE game_sessions SET words_out_of_place = $2, parts_of_speech = 0, syntax_error = 0, score_description = $3, evaluator_id = $4,
                evaluated_at = $5, updated_at = $5 WHERE id = $1`,
        [
          sid,
          wrongFirst.length,
          'Knows these words well; one slip, corrected at once.',
          evaluator.id,
          new Date(finished.getTime() + HOUR),
        ],
      );
    await pool.query(
      `UPDATE assignments SET attempts = 1, assign_status = 'PLAYED', last_score = $2, best_score = $2, last_played_at = $3 WHERE id = $1`,
      [a.id, score, finished],
    );
  };

  const day = 24 * HOUR;
  const leoPlayed = await assign(
    leo,
    'The girl ate an apple',
    new Date(now.getTime() - 2 * day),
    new Date(now.getTime() + 5 * day),
  );
  if (leoPlayed) await play(leo, leoPlayed, new Date(now.getTime() - day), [1], false);
  await assign(leo, 'What are they doing?', now, new Date(now.getTime() + 6 * day));
  const miaPlayed = await assign(
    mia,
    '¿Dónde está? En casa',
    new Date(now.getTime() - 3 * day),
    new Date(now.getTime() + 4 * day),
  );
  if (miaPlayed) await play(mia, miaPlayed, new Date(now.getTime() - 2 * day), [2], true);
  await assign(mia, 'Say what they do', new Date(now.getTime() - day), new Date(now.getTime() + 20 * HOUR));
  // At home: Mateo's mother gave him two games; he played one twice this week (she sees it on her dashboard).
  const parent = by('parent');
  const mateo = by('student4');
  if (parent && mateo) {
    const food = await assign(
      mateo,
      'Find the food',
      new Date(now.getTime() - 4 * day),
      new Date(now.getTime() + 3 * day),
      parent,
    );
    if (food) await play(mateo, food, new Date(now.getTime() - 3 * day), [2, 4], false, parent);
    const feel = await assign(
      mateo,
      'How do they feel?',
      new Date(now.getTime() - 2 * day),
      new Date(now.getTime() + 5 * day),
      parent,
    );
    if (feel) await play(mateo, feel, new Date(now.getTime() - day), [], false, parent);
  }
  return made;
}
