import { sentenceWords, type GameType } from '@habla/shared';
import { wordsOutOfPlace, type PlayerAnswer } from '@habla/shared/play';
import type { ErrorCounts, EvaluationBody, SessionDetail, SessionRow } from '@habla/shared/schemas/evaluation';
import type { SessionStatus } from '@habla/shared/schemas/player';
import type pg from 'pg';
import type { CrudUser } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { studentsScope } from '../tenancy/scopes';
import type { FrozenActivity } from './play.service';

/**
 * Evaluation of played sessions: the therapist of the student sees every try, with the
 * errors of a sentence practice typed automatically, changes them if they disagree, writes the score
 * description; the evaluator and the time are kept.
 *
 * The automatic typing, per wrong try of a sentence practice (decision 017):
 * - words out of place: the tiles outside a longest common subsequence with the target;
 * - wrong part of speech: a tile that is not in the target, put where the target has a word whose
 *   part of speech (dictionary, verbs catalog) differs from the tile's; unknown words do not count;
 * - syntax error: a sentence of another length than the target (a word missing or too many).
 */

const sessionScope = (u: CrudUser, p: SqlParams, a = 's') => `${a}.student_id IN (SELECT t.id FROM users t WHERE ${studentsScope(u, p)})`;

export type SessionQuery = { page: number; max: number; student_id?: string; game_id?: string; status?: SessionStatus; evaluated?: boolean };

/** A list row as pg reads it (migration 0010: numeric score and bigint duration as text, times as Date). */
type ListedRow = Omit<SessionRow, 'started_at' | 'finished_at' | 'evaluated_at' | 'score' | 'duration_ms'> & {
  started_at: Date;
  finished_at: Date | null;
  evaluated_at: Date | null;
  score: string | null;
  duration_ms: string;
};

const isoOrNull = (d: Date | null): string | null => d?.toISOString() ?? null;

/** A list row as the contract has it. */
const presentRow = (r: ListedRow): SessionRow => ({
  id: r.id,
  assignment_id: r.assignment_id,
  student_id: r.student_id,
  status: r.status,
  attempt: r.attempt,
  started_at: r.started_at.toISOString(),
  finished_at: isoOrNull(r.finished_at),
  points: r.points,
  score: r.score === null ? null : Number(r.score),
  passed: r.passed,
  total_right: r.total_right,
  total_wrong: r.total_wrong,
  duration_ms: Number(r.duration_ms),
  evaluated_at: isoOrNull(r.evaluated_at),
  game_id: r.game_id,
  game_name: r.game_name,
  game_type: r.game_type,
  student_name: r.student_name,
});

export async function listSessions(ctx: ActorContext, q: SessionQuery): Promise<{ data: SessionRow[]; total: number }> {
  const p = new SqlParams();
  const conds = [sessionScope(ctx.actor, p)];
  if (q.student_id) conds.push(`s.student_id = ${p.add(q.student_id)}`);
  if (q.game_id) conds.push(`x.game_id = ${p.add(q.game_id)}`);
  if (q.status) conds.push(`s.status = ${p.add(q.status)}`);
  if (q.evaluated !== undefined) conds.push(q.evaluated ? 's.evaluated_at IS NOT NULL' : `s.evaluated_at IS NULL AND s.status IN ('COMPLETED', 'INCOMPLETE')`);
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

type TryRow = { activity_id: string; try_number: number; answer: PlayerAnswer; correct: boolean; points: number; elapsed_ms: number; created_at: Date };

/** Parts of speech of these words (lower case), from the dictionary and the verbs catalog. */
async function partsOfSpeech(c: pg.Pool | pg.PoolClient, words: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!words.length) return out;
  const add = (w: string, type: string) => (out.get(w) ?? out.set(w, new Set()).get(w)!).add(type.toLowerCase());
  const dict = await c.query(`SELECT lower(word) AS w, type FROM dictionary WHERE lower(word) = ANY($1::text[]) AND deleted_at IS NULL`, [words]);
  for (const r of dict.rows as { w: string; type: string }[]) add(r.w, r.type);
  const verbs = await c.query(
    `SELECT lower(base_form) AS a, lower(past_simple) AS b, lower(past_participle) AS c FROM verbs WHERE deleted_at IS NULL AND (lower(base_form) = ANY($1::text[]) OR lower(past_simple) = ANY($1::text[]) OR lower(past_participle) = ANY($1::text[]))`,
    [words],
  );
  for (const r of verbs.rows as { a: string; b: string; c: string }[]) for (const w of [r.a, r.b, r.c]) if (words.includes(w)) add(w, 'verb');
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
  return { words_out_of_place: wordsOutOfPlace(built, target).length, parts_of_speech: wrongPos, syntax_error: got.length !== want.length ? 1 : 0 };
}

/** A session in the caller's scope with its game's activities, every try and the typed errors. */
/** A session read in full: the list's columns, the rest of `game_sessions`, the frozen copy. */
type FullRow = ListedRow & {
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
  const tries = (await pool.query(`SELECT * FROM game_tries WHERE session_id = $1 ORDER BY activity_id, try_number`, [id])).rows as TryRow[];
  const type: GameType = s.game_type;
  const acts = s.activities.slice().sort((a, b) => a.position - b.position);
  const words =
    type === 'sentence_practice'
      ? [
          ...new Set(
            acts
              .flatMap((a) => [
                ...sentenceWords(a.answers.target ?? ''),
                ...tries.filter((t) => t.activity_id === a.id).flatMap((t) => ('words' in t.answer ? t.answer.words.flatMap((w) => sentenceWords(w)) : [])),
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
        const errors = type === 'sentence_practice' && !t.correct && 'words' in t.answer ? typeErrors(t.answer.words, a.answers.target ?? '', pos) : null;
        if (errors) for (const k of Object.keys(auto) as (keyof typeof auto)[]) auto[k] += errors[k];
        return { try_number: t.try_number, answer: t.answer, correct: t.correct, points: t.points, elapsed_ms: t.elapsed_ms, at: t.created_at.toISOString(), errors };
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
      ? { words_out_of_place: s.words_out_of_place ?? 0, parts_of_speech: s.parts_of_speech ?? 0, syntax_error: s.syntax_error ?? 0, score_description: s.score_description }
      : { ...auto, score_description: null },
  };
}

/** Record the therapist's evaluation of a played (closed) session; an open one is refused (409). */
export async function evaluateSession(ctx: ActorContext, id: string, body: EvaluationBody): Promise<SessionDetail> {
  const client = await poolOf(ctx.db).connect();
  try {
    await client.query('BEGIN');
    const p = new SqlParams();
    const idParam = p.add(id);
    const found = await client.query(`SELECT s.id, s.status, s.account_id FROM game_sessions s WHERE s.id = ${idParam} AND ${sessionScope(ctx.actor, p)} FOR UPDATE`, p.values);
    const row = found.rows[0] as { id: string; status: string; account_id: string } | undefined;
    if (!row) throw notFound();
    if (row.status === 'NEW' || row.status === 'PLAYING') throw new AppError(409, 'CONFLICT', 'play.stillPlaying');
    await client.query(
      `UPDATE game_sessions SET words_out_of_place = $2, parts_of_speech = $3, syntax_error = $4, score_description = $5, evaluator_id = $6, evaluated_at = $7, updated_at = $7 WHERE id = $1`,
      [id, body.words_out_of_place, body.parts_of_speech, body.syntax_error, body.score_description ?? null, ctx.actor.id, ctx.now],
    );
    await client.query(
      `INSERT INTO audit_log (action, entity, entity_id, actor_user_id, account_id, changes, request_id, ip, at, created_at, updated_at, created_by, updated_by)
       VALUES ('evaluate', 'game_sessions', $1, $2, $3, $4, $5, $6, $7, $7, $7, $2, $2)`,
      [
        id,
        ctx.actor.id,
        row.account_id,
        JSON.stringify({ words_out_of_place: body.words_out_of_place, parts_of_speech: body.parts_of_speech, syntax_error: body.syntax_error }),
        ctx.requestId,
        ctx.ip ?? null,
        ctx.now,
      ],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return getSession(ctx, id);
}
