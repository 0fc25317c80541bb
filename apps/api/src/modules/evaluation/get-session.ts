import { sentenceWords, type GameType } from '@habla/shared';
import { wordsOutOfPlace, type PlayerAnswer } from '@habla/shared/play';
import type { ErrorCounts, SessionDetail } from '@habla/shared/schemas/evaluation';
import type pg from 'pg';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { FrozenActivity } from '../assignments/rows';
import { presentRow, sessionScope, type ListedRow } from './session-rows';

type TryRow = {
  activity_id: string;
  try_number: number;
  answer: PlayerAnswer;
  correct: boolean;
  points: number;
  elapsed_ms: number;
  created_at: Date;
};

/** Parts of speech of these words (lower case), from the dictionary and the verbs catalog. */
async function partsOfSpeech(c: pg.Pool | pg.PoolClient, words: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!words.length) return out;
  const add = (w: string, type: string) => (out.get(w) ?? out.set(w, new Set()).get(w)!).add(type.toLowerCase());
  const dict = await c.query(
    `SELECT lower(word) AS w, type FROM dictionary WHERE lower(word) = ANY($1::text[]) AND deleted_at IS NULL`,
    [words],
  );
  for (const r of dict.rows as { w: string; type: string }[]) add(r.w, r.type);
  const verbs = await c.query(
    `SELECT lower(base_form) AS a, lower(past_simple) AS b, lower(past_participle) AS c FROM verbs WHERE deleted_at IS NULL AND (lower(base_form) = ANY($1::text[]) OR lower(past_simple) = ANY($1::text[]) OR lower(past_participle) = ANY($1::text[]))`,
    [words],
  );
  for (const r of verbs.rows as { a: string; b: string; c: string }[])
    for (const w of [r.a, r.b, r.c]) if (words.includes(w)) add(w, 'verb');
  return out;
}

/** The automatic error types of one wrong sentence-practice try. */
function typeErrors(built: string[], target: string, pos: Map<string, Set<string>>): ErrorCounts {
  const want = sentenceWords(target).map((w) => w.toLowerCase());
  const got = built.flatMap((w) => sentenceWords(w)).map((w) => w.toLowerCase());
  let wrongPos = 0;
  got.forEach((w, i) => {
    const instead = want[i];
    if (want.includes(w) || !instead) return;
    const mine = pos.get(w);
    const theirs = pos.get(instead);
    if (mine?.size && theirs?.size && ![...mine].some((x) => theirs.has(x))) wrongPos += 1;
  });
  return {
    words_out_of_place: wordsOutOfPlace(built, target).length,
    parts_of_speech: wrongPos,
    syntax_error: got.length !== want.length ? 1 : 0,
  };
}

/** A session read in full: the list's columns, the rest of `game_sessions`, the frozen copy. */
export type FullRow = ListedRow & {
  account_id: string;
  words_out_of_place: number | null;
  parts_of_speech: number | null;
  syntax_error: number | null;
  score_description: string | null;
  evaluator_id: string | null;
  evaluator_name: string | null;
  created_at: Date;
  updated_at: Date;
  activities: FrozenActivity[];
};

/** A session in the caller's scope with its game's activities, every try and the typed errors. */
export async function getSession(ctx: ActorContext, id: string): Promise<SessionDetail> {
  const pool = poolOf(ctx.db);
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await pool.query(
    `SELECT s.*, x.name AS game_name, x.type AS game_type, x.game_id, x.activities, (SELECT u.full_name FROM users u WHERE u.id = s.student_id) AS student_name,
            (SELECT u.full_name FROM users u WHERE u.id = s.evaluator_id) AS evaluator_name
       FROM game_sessions s JOIN assignments x ON x.id = s.assignment_id WHERE s.id = ${idParam} AND ${sessionScope(ctx.actor, p)}`,
    p.values,
  );
  const s = res.rows[0] as FullRow | undefined;
  if (!s) throw notFound();
  const tries = (
    await pool.query(`SELECT * FROM game_tries WHERE session_id = $1 ORDER BY activity_id, try_number`, [id])
  ).rows as TryRow[];
  const type: GameType = s.game_type;
  const acts = s.activities.slice().sort((a, b) => a.position - b.position);
  const words =
    type === 'sentence_practice'
      ? [
          ...new Set(
            acts
              .flatMap((a) => [
                ...sentenceWords(a.answers.target ?? ''),
                ...tries
                  .filter((t) => t.activity_id === a.id)
                  .flatMap((t) => ('words' in t.answer ? t.answer.words.flatMap((w) => sentenceWords(w)) : [])),
              ])
              .map((w) => w.toLowerCase()),
          ),
        ]
      : [];
  const pos = await partsOfSpeech(pool, words);
  const auto: ErrorCounts = { words_out_of_place: 0, parts_of_speech: 0, syntax_error: 0 };
  const activities = acts.map((a) => ({
    id: a.id,
    position: a.position,
    question: a.question,
    picture: a.picture,
    answers: a.answers,
    tries: tries
      .filter((t) => t.activity_id === a.id)
      .map((t) => {
        const errors =
          type === 'sentence_practice' && !t.correct && 'words' in t.answer
            ? typeErrors(t.answer.words, a.answers.target ?? '', pos)
            : null;
        if (errors) for (const k of Object.keys(auto) as (keyof typeof auto)[]) auto[k] += errors[k];
        return {
          try_number: t.try_number,
          answer: t.answer,
          correct: t.correct,
          points: t.points,
          elapsed_ms: t.elapsed_ms,
          at: t.created_at.toISOString(),
          errors,
        };
      }),
  }));
  return {
    ...presentRow(s),
    account_id: s.account_id,
    words_out_of_place: s.words_out_of_place,
    parts_of_speech: s.parts_of_speech,
    syntax_error: s.syntax_error,
    score_description: s.score_description,
    evaluator_id: s.evaluator_id,
    evaluator_name: s.evaluator_name,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
    activities,
    automatic: auto,
    // An evaluated session has all three counts (evaluateSession writes them together).
    evaluation: s.evaluated_at
      ? {
          words_out_of_place: s.words_out_of_place ?? 0,
          parts_of_speech: s.parts_of_speech ?? 0,
          syntax_error: s.syntax_error ?? 0,
          score_description: s.score_description,
        }
      : { ...auto, score_description: null },
  };
}
