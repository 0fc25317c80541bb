import type { ActivityAnswers, GameType } from '@habla/shared';
import { answerProblem, MAX_TRIES, pointsFor, sameSentence, sessionScore, shuffleTiles, type PlayerAnswer, type ScoringRules, type TryBody } from '@habla/shared/play';
import type { Assignment, AssignBody, AssignmentsQuery, AssignResult, AssignStatus } from '@habla/shared/schemas/assignments';
import type { PlayActivity, PlayerGame, PlaySession, PreviewTryBody, PreviewTryResult, SessionStatus, TryResult } from '@habla/shared/schemas/player';
import type pg from 'pg';
import type { CrudUser } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { gamesScope } from '../games/resources';
import { studentsScope } from '../tenancy/scopes';

/**
 * Assign, play and score (docs/product.md §4, decision 017). An assignment is a frozen copy
 * of a completed game for one student, with the scoring rules of the day it was made; a session is
 * one attempt at it; every try is kept. The server decides: answer keys leave it only once an
 * activity is over, and correctness, points and score are computed here.
 */

export type FrozenActivity = { id: string; position: number; question: string | null; picture: string | null; audio_id: string | null; answers: ActivityAnswers };
export type Rules = ScoringRules & { show_progress_bar: boolean; show_failed_attemps: boolean };

/** A row of `assignments` as pg reads it (migration 0010: numeric scores as text, times as Date). */
type AssignmentRow = {
  id: string;
  game_id: string;
  student_id: string;
  account_id: string;
  name: string;
  type: GameType;
  chapter_id: string | null;
  activities: FrozenActivity[];
  activities_count: number;
  rules: Rules;
  max_attempts: number;
  attempts: number;
  start_time: Date;
  end_time: Date;
  assign_status: AssignStatus;
  best_score: string | null;
  last_score: string | null;
  last_played_at: Date | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  updated_by: string | null;
};
/** A row of `game_sessions` as pg reads it (migration 0010: numeric score and bigint duration as text). */
type SessionRow = {
  id: string;
  assignment_id: string;
  student_id: string;
  account_id: string;
  status: SessionStatus;
  attempt: number;
  started_at: Date | string;
  finished_at: Date | string | null;
  total_right: number;
  total_wrong: number;
  points: number;
  score: string | number | null;
  passed: boolean | null;
};

const conflict = (key: string, params: Record<string, string | number> = {}) => new AppError(409, 'CONFLICT', key, params);

async function tx<T>(ctx: ActorContext, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await poolOf(ctx.db).connect();
  try {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function audit(
  c: pg.PoolClient,
  ctx: ActorContext,
  action: string,
  entity: string,
  rows: { id: string; account_id: string | null; changes: Record<string, unknown> }[],
): Promise<void> {
  if (!rows.length) return;
  await c.query(
    `INSERT INTO audit_log (action, entity, entity_id, actor_user_id, account_id, changes, request_id, ip, at, created_at, updated_at, created_by, updated_by)
     SELECT $1, $2, e.id, $3, e.account_id::uuid, e.changes, $4, $5, $6, $6, $6, $3, $3 FROM unnest($7::text[], $8::text[], $9::jsonb[]) AS e(id, account_id, changes)`,
    [action, entity, ctx.actor.id, ctx.requestId, ctx.ip ?? null, ctx.now, rows.map((r) => r.id), rows.map((r) => r.account_id), rows.map((r) => JSON.stringify(r.changes))],
  );
}

/** The students (ids) among `ids` the caller may see, with their account. */
async function studentsInScope(c: pg.PoolClient, u: CrudUser, ids: string[]): Promise<Map<string, string>> {
  const p = new SqlParams();
  const list = p.add(ids);
  const res = await c.query(`SELECT t.id, t.account_id FROM users t WHERE t.id = ANY(${list}::uuid[]) AND t.deleted_at IS NULL AND ${studentsScope(u, p)}`, p.values);
  return new Map((res.rows as { id: string; account_id: string }[]).map((r) => [r.id, r.account_id]));
}

/** Assignments the caller may see: those of students in their scope. */
function assignmentScope(u: CrudUser, p: SqlParams, a = 'x'): string {
  return `${a}.student_id IN (SELECT t.id FROM users t WHERE ${studentsScope(u, p)})`;
}

/** The MLA app configuration as stored (defaults apply when there is none). */
async function mlaConfiguration(c: pg.PoolClient | pg.Pool): Promise<Record<string, unknown> | undefined> {
  return (await c.query(`SELECT * FROM app_configuration WHERE module = 'MLA'`)).rows[0] as Record<string, unknown> | undefined;
}

/** Today's scoring rules: what an assignment freezes, and what a preview plays by. */
function rulesOf(config: Record<string, unknown> | undefined): Rules {
  return {
    point_first_try: Number(config?.point_first_try ?? 10),
    point_second_try: Number(config?.point_second_try ?? 1),
    point_third_try: Number(config?.point_third_try ?? 0),
    min_rate: Number(config?.min_rate ?? 50),
    show_progress_bar: Boolean(config?.show_progress_bar ?? false),
    show_failed_attemps: Boolean(config?.show_failed_attemps ?? false),
  };
}

/**
 * Assign completed games to students (one transaction): each student gets a frozen copy of each
 * game with its activities and today's scoring rules, `max_attempts` (given, else the game's, else
 * 1) and an end time (given, else `game_expiration` days from now). A game still being built is
 * refused (409); a game or a student outside the caller's scope does not exist (404). A game that
 * the student already has, unplayed and open, is not assigned twice.
 */
export async function assignGames(ctx: ActorContext, body: AssignBody): Promise<AssignResult> {
  const gameIds = [...new Set(body.game_ids)];
  const studentIds = [...new Set(body.student_ids)];
  return tx(ctx, async (c) => {
    const p = new SqlParams();
    const ids = p.add(gameIds);
    const scope = gamesScope(ctx.actor, p);
    const games = (await c.query(`SELECT t.* FROM games t WHERE t.id = ANY(${ids}::uuid[]) AND t.deleted_at IS NULL${scope ? ` AND ${scope}` : ''} ORDER BY t.name`, p.values))
      .rows as Record<string, unknown>[];
    if (games.length !== gameIds.length) throw notFound();
    const wip = games.find((g) => g.game_status === 'WORK_IN_PROGRESS');
    if (wip) throw new AppError(409, 'CONFLICT', 'play.assignWip', { name: String(wip.name) }, { game_ids: 'play.assignWip' });
    const students = await studentsInScope(c, ctx.actor, studentIds);
    if (students.size !== studentIds.length) throw notFound();
    for (const g of games)
      for (const [, account] of students)
        if (g.account_id !== null && g.account_id !== account)
          throw new AppError(409, 'CONFLICT', 'play.otherAccountGame', { name: String(g.name) }, { game_ids: 'play.otherAccountGame' });

    const config = await mlaConfiguration(c);
    const rules = rulesOf(config);
    const end = body.end_time ? new Date(body.end_time) : new Date(ctx.now.getTime() + Number(config?.game_expiration ?? 2) * 86_400_000);
    if (!(end.getTime() > ctx.now.getTime())) throw fieldError('end_time', 'play.endInPast');

    const assigned: Assignment[] = [];
    let skipped = 0;
    for (const g of games) {
      const acts = (await c.query(`SELECT id, position, question, picture, audio_id, answers FROM activities WHERE game_id = $1 AND deleted_at IS NULL ORDER BY position`, [g.id]))
        .rows as FrozenActivity[];
      if (!acts.length) throw new AppError(409, 'CONFLICT', 'games.completeEmpty', { name: String(g.name) }, { game_ids: 'games.completeEmpty' });
      for (const [studentId, accountId] of students) {
        const open = await c.query(`SELECT 1 FROM assignments WHERE game_id = $1 AND student_id = $2 AND assign_status = 'ASSIGNED' AND attempts = 0 AND end_time > $3 LIMIT 1`, [
          g.id,
          studentId,
          ctx.now,
        ]);
        if (open.rowCount) {
          skipped += 1;
          continue;
        }
        const made = await c.query(
          `INSERT INTO assignments (game_id, student_id, account_id, name, type, chapter_id, activities, activities_count, rules, max_attempts, start_time, end_time, created_at, updated_at, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $11, $13, $13) RETURNING *`,
          [
            g.id,
            studentId,
            accountId,
            g.name,
            g.type,
            g.chapter_id,
            JSON.stringify(acts),
            acts.length,
            JSON.stringify(rules),
            body.max_attempts ?? (g.max_attempts as number | null) ?? 1,
            ctx.now,
            end,
            ctx.actor.id,
          ],
        );
        assigned.push(presentAssignment(made.rows[0] as AssignmentRow));
      }
    }
    await audit(
      c,
      ctx,
      'assign',
      'assignments',
      assigned.map((a) => ({
        id: a.id,
        account_id: a.account_id,
        changes: { game_id: a.game_id, student_id: a.student_id, end_time: a.end_time, max_attempts: a.max_attempts },
      })),
    );
    return { assigned, skipped };
  });
}

/** Unassign (one transaction): only what has not been played; a played one is refused naming it (409). */
export async function unassign(ctx: ActorContext, ids: string[]): Promise<Assignment[]> {
  return tx(ctx, async (c) => {
    const p = new SqlParams();
    const list = p.add([...new Set(ids)]);
    const rows = (await c.query(`SELECT x.* FROM assignments x WHERE x.id = ANY(${list}::uuid[]) AND ${assignmentScope(ctx.actor, p)} FOR UPDATE OF x`, p.values))
      .rows as AssignmentRow[];
    if (rows.length !== new Set(ids).size) throw notFound();
    const played = rows.find((r) => r.attempts > 0 || r.assign_status === 'PLAYED');
    if (played) throw new AppError(409, 'CONFLICT', 'play.unassignPlayed', { name: played.name }, { ids: 'play.unassignPlayed' });
    const out = (
      await c.query(`UPDATE assignments SET assign_status = 'UNASSIGNED', updated_at = $2, updated_by = $3 WHERE id = ANY($1::uuid[]) RETURNING *`, [
        rows.map((r) => r.id),
        ctx.now,
        ctx.actor.id,
      ])
    ).rows as AssignmentRow[];
    await audit(
      c,
      ctx,
      'unassign',
      'assignments',
      out.map((r) => ({ id: r.id, account_id: r.account_id, changes: { assign_status: { from: 'ASSIGNED', to: 'UNASSIGNED' } } })),
    );
    return out.map(presentAssignment);
  });
}

/** A score column (numeric, read as text) as a number. */
const scoreOf = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** An assignment as a therapist's list shows it (never its answer keys). */
export function presentAssignment(r: Omit<AssignmentRow, 'activities' | 'updated_at' | 'updated_by'> & { student_name?: string | null }): Assignment {
  return {
    id: r.id,
    game_id: r.game_id,
    student_id: r.student_id,
    account_id: r.account_id,
    name: r.name,
    type: r.type,
    chapter_id: r.chapter_id,
    activities_count: r.activities_count,
    max_attempts: r.max_attempts,
    attempts: r.attempts,
    start_time: r.start_time.toISOString(),
    end_time: r.end_time.toISOString(),
    assign_status: r.assign_status,
    best_score: scoreOf(r.best_score),
    last_score: scoreOf(r.last_score),
    last_played_at: r.last_played_at?.toISOString() ?? null,
    min_rate: r.rules.min_rate,
    created_at: r.created_at.toISOString(),
    created_by: r.created_by,
    ...(r.student_name === undefined ? {} : { student_name: r.student_name }),
  };
}

export async function listAssignments(ctx: ActorContext, q: AssignmentsQuery): Promise<{ data: Assignment[]; total: number }> {
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
    data: (rows.rows as (Omit<AssignmentRow, 'activities' | 'updated_at' | 'updated_by'> & { student_name: string | null })[]).map(presentAssignment),
    total: (total.rows[0] as { n: number }).n,
  };
}

// ---------------------------------------------------------------------------------------------
// The player: the signed-in student's own assignments and sessions.

const SOON_MS = 24 * 3_600_000;

/** The student's games as the player's cards show them: new, in progress, done, expired; expiring within a day. */
export async function playerGames(ctx: ActorContext): Promise<PlayerGame[]> {
  const res = await poolOf(ctx.db).query(
    // The card's picture is found in the frozen copy by PostgreSQL: the copies themselves stay there.
    `SELECT x.id, x.name, x.type, x.activities_count, x.attempts, x.max_attempts, x.best_score, x.end_time,
            COALESCE(
              (SELECT a->>'picture' FROM jsonb_array_elements(x.activities) a WHERE a->>'picture' IS NOT NULL LIMIT 1),
              (SELECT o->>'picture' FROM jsonb_array_elements(x.activities) a, jsonb_array_elements(COALESCE(a->'answers'->'options', '[]')) o WHERE o->>'picture' IS NOT NULL LIMIT 1)
            ) AS picture,
            (SELECT s.id FROM game_sessions s WHERE s.assignment_id = x.id AND s.status IN ('NEW', 'PLAYING')) AS open_session
       FROM assignments x WHERE x.student_id = $1 AND x.assign_status <> 'UNASSIGNED' ORDER BY x.end_time DESC, x.id LIMIT 200`,
    [ctx.actor.id],
  );
  const now = ctx.now.getTime();
  type Card = Pick<AssignmentRow, 'id' | 'name' | 'type' | 'activities_count' | 'attempts' | 'max_attempts' | 'best_score' | 'end_time'> & {
    picture: string | null;
    open_session: string | null;
  };
  return (res.rows as Card[]).map((r) => {
    const end = r.end_time.getTime();
    const state = end <= now ? 'expired' : r.open_session ? 'in_progress' : r.attempts >= r.max_attempts ? 'done' : r.attempts > 0 ? 'played' : 'new';
    return {
      id: r.id,
      name: r.name,
      type: r.type,
      activities_count: r.activities_count,
      picture: r.picture || null,
      state,
      expiring_soon: state !== 'expired' && end - now <= SOON_MS,
      attempts: r.attempts,
      max_attempts: r.max_attempts,
      best_score: scoreOf(r.best_score),
      end_time: r.end_time.toISOString(),
      session_id: r.open_session,
    };
  });
}

type TryRow = { activity_id: string; try_number: number; client_try_id: string; answer: PlayerAnswer; correct: boolean; points: number; elapsed_ms: number };

/** The answer that was right, shown once an activity is over. */
function correctAnswer(type: GameType, a: FrozenActivity): PlayerAnswer {
  return type === 'sentence_practice' ? { words: sentenceOf(a) } : { index: a.answers.correct ?? 0 };
}
// Stryker disable next-line StringLiteral: a sentence practice's target is always stored, trimmed, with 2–15 words (answersProblem and activityAnswersSchema on every write)
const sentenceOf = (a: FrozenActivity) => (a.answers.target ?? '').split(/\s+/);

/** Whether an activity is over: answered right, or out of tries. */
const over = (tries: TryRow[]) => tries.some((t) => t.correct) || tries.length >= MAX_TRIES;

/** What the player shows of an assignment: a student's, or a game previewed as it is now. */
type PlayedAssignment = Pick<AssignmentRow, 'id' | 'name' | 'type' | 'max_attempts' | 'attempts' | 'end_time' | 'activities' | 'rules'>;

/**
 * The session as the player shows it: every activity without its answer key (sentence tiles already
 * shuffled, multiple-choice answers without which is right) and, for those that are over, the
 * tries and the right answer.
 */
function presentSession(session: SessionRow, assignment: PlayedAssignment, tries: TryRow[]): PlaySession {
  const { type, rules } = assignment;
  const acts = [...assignment.activities].sort((a, b) => a.position - b.position);
  return {
    id: session.id,
    status: session.status,
    attempt: session.attempt,
    points: session.points,
    total_right: session.total_right,
    total_wrong: session.total_wrong,
    score: scoreOf(session.score),
    passed: session.passed,
    game: {
      assignment_id: assignment.id,
      name: assignment.name,
      type,
      max_attempts: assignment.max_attempts,
      attempts: assignment.attempts,
      end_time: assignment.end_time.toISOString(),
    },
    rules: { show_progress_bar: rules.show_progress_bar, show_failed_attemps: rules.show_failed_attemps, min_rate: rules.min_rate, point_first_try: rules.point_first_try },
    activities: acts.map((a) => {
      const mine = tries.filter((t) => t.activity_id === a.id).sort((x, y) => x.try_number - y.try_number);
      const done = over(mine);
      const shown =
        type === 'sentence_practice'
          ? {
              kind: 'sentence' as const,
              prompt: a.question,
              picture: a.picture,
              audio: a.audio_id,
              tiles: shuffleTiles(
                // Stryker disable next-line StringLiteral: a sentence practice's target is always stored (answersProblem on every write)
                a.answers.target ?? '',
                a.answers.distractors ?? [],
                `${session.id}:${a.id}`,
              ),
            }
          : {
              kind: 'choice' as const,
              // Stryker disable next-line StringLiteral: a multiple choice always has a question (answersProblem on every write)
              question: a.question ?? '',
              picture: a.picture,
              audio: a.audio_id,
              // Stryker disable next-line ArrayDeclaration: a multiple choice always has 2–6 answers (answersProblem on every write)
              answers: (a.answers.options ?? []).map((o) => ({ text: o.text ?? null, picture: o.picture ?? null, alt: o.alt ?? null })),
            };
      const activity: PlayActivity = {
        id: a.id,
        position: a.position,
        ...shown,
        tries: mine.map((t) => ({ correct: t.correct, points: t.points })),
        tries_left: done ? 0 : MAX_TRIES - mine.length,
        done,
        points: mine.reduce((n, t) => n + t.points, 0),
        ...(done ? { correct_answer: correctAnswer(type, a) } : {}),
      };
      return activity;
    }),
  };
}

/** The student's assignment, locked; 404 when it is not theirs. */
async function ownAssignment(c: pg.PoolClient, ctx: ActorContext, id: string): Promise<AssignmentRow> {
  const res = await c.query(`SELECT * FROM assignments WHERE id = $1 AND student_id = $2 FOR UPDATE`, [id, ctx.actor.id]);
  const row = res.rows[0] as AssignmentRow | undefined;
  if (!row) throw notFound();
  return row;
}

const EXPIRED = Symbol('expired');

/**
 * Run `work` in a transaction that commits even when it finds the game expired (the open session it
 * closed stays closed), then answer 409 for that case.
 */
async function closedIfExpired<T>(ctx: ActorContext, work: (c: pg.PoolClient) => Promise<T | typeof EXPIRED>): Promise<T> {
  const out = await tx(ctx, work);
  if (out === EXPIRED) throw conflict('play.expired');
  return out;
}

/** Close the open session of an expired assignment (INCOMPLETE). */
async function expire(c: pg.PoolClient, ctx: ActorContext, assignmentId: string): Promise<void> {
  await c.query(`UPDATE game_sessions SET status = 'INCOMPLETE', finished_at = $2, updated_at = $2 WHERE assignment_id = $1 AND status IN ('NEW', 'PLAYING')`, [
    assignmentId,
    ctx.now,
  ]);
}

/**
 * Start or resume a game: the open session if there is one; else a new one while attempts remain
 * (409 when none is left), never for an unassigned (409) or expired (409) game. Answer keys stay here.
 */
export async function startSession(ctx: ActorContext, assignmentId: string): Promise<PlaySession> {
  return closedIfExpired(ctx, async (c) => {
    const a = await ownAssignment(c, ctx, assignmentId);
    if (a.assign_status === 'UNASSIGNED') throw conflict('play.unassigned');
    if (a.end_time.getTime() <= ctx.now.getTime()) {
      await expire(c, ctx, assignmentId);
      return EXPIRED;
    }
    if (a.start_time.getTime() > ctx.now.getTime()) throw conflict('play.notYet');
    const open = (await c.query(`SELECT * FROM game_sessions WHERE assignment_id = $1 AND status IN ('NEW', 'PLAYING')`, [assignmentId])).rows[0] as SessionRow | undefined;
    if (open) {
      const tries = (await c.query(`SELECT * FROM game_tries WHERE session_id = $1`, [open.id])).rows as TryRow[];
      return presentSession(open, a, tries);
    }
    if (a.attempts >= a.max_attempts) throw conflict('play.noAttemptsLeft', { max: a.max_attempts });
    const attempt = a.attempts + 1;
    await c.query(`UPDATE assignments SET attempts = $2, updated_at = $3 WHERE id = $1`, [assignmentId, attempt, ctx.now]);
    a.attempts = attempt;
    const made = (
      await c.query(
        `INSERT INTO game_sessions (assignment_id, student_id, account_id, attempt, started_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5, $5) RETURNING *`,
        [assignmentId, ctx.actor.id, a.account_id, attempt, ctx.now],
      )
    ).rows[0] as SessionRow;
    return presentSession(made, a, []);
  });
}

/** The student's session and its assignment, both locked, in one round trip; 404 when it is not theirs. */
async function ownSession(c: pg.PoolClient, ctx: ActorContext, id: string): Promise<{ s: SessionRow; a: AssignmentRow }> {
  const res = await c.query({
    name: 'play-own-session',
    text: `SELECT row_to_json(s) AS _session, a.* FROM game_sessions s JOIN assignments a ON a.id = s.assignment_id WHERE s.id = $1 AND s.student_id = $2 FOR UPDATE OF a, s`,
    values: [id, ctx.actor.id],
  });
  const row = res.rows[0] as (AssignmentRow & { _session: SessionRow }) | undefined;
  if (!row) throw notFound();
  const { _session, ...a } = row;
  return { s: _session, a };
}

/**
 * Refuse (400, naming the field) an answer that is not one to this activity, before a try is spent:
 * the other game type's kind of answer, an index past its answers, words that are not its tiles.
 */
function checkAnswer(type: GameType, a: FrozenActivity, answer: PlayerAnswer): void {
  if ('words' in answer !== (type === 'sentence_practice')) throw fieldError('answer', 'play.answerKind');
  const problem = answerProblem(a.answers, answer);
  if (problem) throw fieldError(problem.field, problem.key, problem.params);
}

function isCorrect(type: GameType, a: FrozenActivity, answer: PlayerAnswer): boolean {
  if (type === 'sentence_practice')
    return (
      'words' in answer &&
      // Stryker disable next-line StringLiteral: a sentence practice's target is always stored (answersProblem on every write)
      sameSentence(answer.words, a.answers.target ?? '')
    );
  return 'index' in answer && answer.index === a.answers.correct;
}

/**
 * One try: counted once per `client_try_id` (the same try sent again answers what it answered the
 * first time, even after the session ended); refused when the session is over (409), the game has
 * expired (409) or the activity is already over (409). Points come from the frozen rules, never from
 * the client.
 */
export async function submitTry(ctx: ActorContext, sessionId: string, body: TryBody): Promise<TryResult> {
  return closedIfExpired(ctx, async (c) => {
    const { s, a } = await ownSession(c, ctx, sessionId);
    const { type, activities: acts } = a;
    // Every try of the session, once: the repeat check, the activity's tries so far and the answer's view.
    const all = (
      await c.query({
        name: 'play-session-tries',
        text: `SELECT activity_id, try_number, client_try_id, correct, points FROM game_tries WHERE session_id = $1`,
        values: [sessionId],
      })
    ).rows as TryRow[];
    /** What a try answers, as of now: its result, whether its activity is over, the session's totals. */
    type Totals = Pick<SessionRow, 'points' | 'total_right' | 'total_wrong'>;
    const view = (t: TryRow, tries: TryRow[], totals: Totals, repeated: boolean): TryResult => {
      const upTo = tries.filter((x) => x.activity_id === t.activity_id && x.try_number <= t.try_number);
      const done = over(upTo);
      const act = acts.find((x) => x.id === t.activity_id)!;
      return {
        correct: t.correct,
        points: t.points,
        try_number: t.try_number,
        tries_left: done ? 0 : MAX_TRIES - upTo.length,
        done,
        ...(done ? { correct_answer: correctAnswer(type, act) } : {}),
        all_done: acts.every((x) => over(tries.filter((y) => y.activity_id === x.id))),
        session: { points: Number(totals.points), total_right: Number(totals.total_right), total_wrong: Number(totals.total_wrong) },
        repeated,
      };
    };
    const again = all.find((t) => t.client_try_id === body.client_try_id);
    if (again) {
      if (again.activity_id !== body.activity_id) throw fieldError('client_try_id', 'play.tryIdReused');
      return view(again, all, s, true);
    }
    if (s.status !== 'NEW' && s.status !== 'PLAYING') throw conflict('play.sessionClosed');
    if (a.end_time.getTime() <= ctx.now.getTime()) {
      await expire(c, ctx, s.assignment_id);
      return EXPIRED;
    }
    if (a.assign_status === 'UNASSIGNED') throw conflict('play.unassigned');
    const act = acts.find((x) => x.id === body.activity_id);
    if (!act) throw fieldError('activity_id', 'play.noSuchActivity');
    checkAnswer(type, act, body.answer);
    const before = all.filter((t) => t.activity_id === act.id);
    if (over(before)) throw conflict('play.activityOver');
    const n = before.length + 1;
    const correct = isCorrect(type, act, body.answer);
    const points = correct ? pointsFor(n, a.rules) : 0;
    // The try and the session's totals in one statement.
    const totals = (
      await c.query({
        name: 'play-try',
        text: `WITH t AS (
           INSERT INTO game_tries (session_id, activity_id, try_number, client_try_id, answer, correct, points, elapsed_ms, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING 1)
         UPDATE game_sessions SET status = 'PLAYING', points = points + $7, total_right = total_right + $10, total_wrong = total_wrong + $11, duration_ms = duration_ms + $8, updated_at = $9
          WHERE id = $1 AND EXISTS (SELECT 1 FROM t) RETURNING points, total_right, total_wrong`,
        values: [sessionId, act.id, n, body.client_try_id, JSON.stringify(body.answer), correct, points, body.elapsed_ms, ctx.now, correct ? 1 : 0, correct ? 0 : 1],
      })
    ).rows[0] as Totals;
    const made: TryRow = { activity_id: act.id, try_number: n, client_try_id: body.client_try_id, answer: body.answer, correct, points, elapsed_ms: body.elapsed_ms };
    return view(made, [...all, made], totals, false);
  });
}

/** End the session: COMPLETED once every activity is over (409 before), scored by the frozen rules. */
export async function finishSession(ctx: ActorContext, sessionId: string): Promise<PlaySession> {
  return tx(ctx, async (c) => {
    const { s, a } = await ownSession(c, ctx, sessionId);
    const tries = (await c.query(`SELECT * FROM game_tries WHERE session_id = $1`, [sessionId])).rows as TryRow[];
    if (s.status === 'COMPLETED') return presentSession(s, a, tries);
    if (s.status !== 'NEW' && s.status !== 'PLAYING') throw conflict('play.sessionClosed');
    const acts = a.activities;
    if (!acts.every((x) => over(tries.filter((t) => t.activity_id === x.id)))) throw conflict('play.notFinished');
    const points = tries.reduce((n, t) => n + t.points, 0);
    const { score, passed } = sessionScore(points, acts.length, a.rules);
    const done = (
      await c.query(`UPDATE game_sessions SET status = 'COMPLETED', finished_at = $2, points = $3, score = $4, passed = $5, updated_at = $2 WHERE id = $1 RETURNING *`, [
        sessionId,
        ctx.now,
        points,
        score,
        passed,
      ])
    ).rows[0] as SessionRow;
    await c.query(
      `UPDATE assignments SET assign_status = 'PLAYED', last_score = $2, best_score = GREATEST(COALESCE(best_score, 0), $2), last_played_at = $3, updated_at = $3 WHERE id = $1`,
      [a.id, score, ctx.now],
    );
    return presentSession(done, a, tries);
  });
}

/** Leave mid-game: INCOMPLETE (what was tried stays); played once anything was tried. */
export async function leaveSession(ctx: ActorContext, sessionId: string): Promise<PlaySession> {
  return tx(ctx, async (c) => {
    const { s, a } = await ownSession(c, ctx, sessionId);
    const tries = (await c.query(`SELECT * FROM game_tries WHERE session_id = $1`, [sessionId])).rows as TryRow[];
    if (s.status !== 'NEW' && s.status !== 'PLAYING') return presentSession(s, a, tries);
    const left = (await c.query(`UPDATE game_sessions SET status = 'INCOMPLETE', finished_at = $2, updated_at = $2 WHERE id = $1 RETURNING *`, [sessionId, ctx.now]))
      .rows[0] as SessionRow;
    if (tries.length) await c.query(`UPDATE assignments SET assign_status = 'PLAYED', last_played_at = $2, updated_at = $2 WHERE id = $1`, [a.id, ctx.now]);
    return presentSession(left, a, tries);
  });
}

// ---------------------------------------------------------------------------------------------
// Preview: a therapist, editor or viewer plays a game they can read, as it is now, in the player.
// Nothing is recorded; the server still keeps the answer keys until an activity is over.

/** The game as a preview plays it: readable by the caller (else 404), with its live activities. */
type PreviewedGame = { id: string; name: string; type: GameType; max_attempts: number | null };
async function previewedGame(ctx: ActorContext, gameId: string): Promise<{ game: PreviewedGame; acts: FrozenActivity[]; rules: Rules }> {
  const pool = poolOf(ctx.db);
  const p = new SqlParams();
  const id = p.add(gameId);
  const scope = gamesScope(ctx.actor, p);
  const game = (await pool.query(`SELECT t.id, t.name, t.type, t.max_attempts FROM games t WHERE t.id = ${id} AND t.deleted_at IS NULL${scope ? ` AND ${scope}` : ''}`, p.values))
    .rows[0] as PreviewedGame | undefined;
  if (!game) throw notFound();
  const [acts, config] = await Promise.all([
    pool.query(`SELECT id, position, question, picture, audio_id, answers FROM activities WHERE game_id = $1 AND deleted_at IS NULL ORDER BY position`, [gameId]),
    mlaConfiguration(pool),
  ]);
  return { game, acts: acts.rows as FrozenActivity[], rules: rulesOf(config) };
}

/** Start a preview: the game's activities without their answer keys, played by today's rules. */
export async function startPreview(ctx: ActorContext, gameId: string): Promise<PlaySession> {
  const { game, acts, rules } = await previewedGame(ctx, gameId);
  if (!acts.length) throw conflict('play.previewEmpty', { name: game.name });
  const session: SessionRow = {
    id: `preview-${gameId}`,
    assignment_id: gameId,
    student_id: ctx.actor.id,
    account_id: '',
    status: 'NEW',
    attempt: 1,
    started_at: ctx.now,
    finished_at: null,
    points: 0,
    total_right: 0,
    total_wrong: 0,
    score: null,
    passed: null,
  };
  const assignment: PlayedAssignment = { ...game, max_attempts: game.max_attempts ?? 1, activities: acts, rules, attempts: 0, end_time: new Date(ctx.now.getTime() + 86_400_000) };
  return { ...presentSession(session, assignment, []), preview: true };
}

/** One try of a preview, checked and scored as a student's would be (try `try_number` of three); nothing is kept. */
export async function previewTry(ctx: ActorContext, gameId: string, body: PreviewTryBody): Promise<PreviewTryResult> {
  const { game, acts, rules } = await previewedGame(ctx, gameId);
  const { type } = game;
  const act = acts.find((x) => x.id === body.activity_id);
  if (!act) throw fieldError('activity_id', 'play.noSuchActivity');
  checkAnswer(type, act, body.answer);
  const correct = isCorrect(type, act, body.answer);
  const points = correct ? pointsFor(body.try_number, rules) : 0;
  const done = correct || body.try_number >= MAX_TRIES;
  return {
    correct,
    points,
    try_number: body.try_number,
    tries_left: done ? 0 : MAX_TRIES - body.try_number,
    done,
    ...(done ? { correct_answer: correctAnswer(type, act) } : {}),
    preview: true as const,
  };
}
