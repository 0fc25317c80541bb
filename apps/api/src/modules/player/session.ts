import type { GameType } from '@habla/shared';
import { answerProblem, MAX_TRIES, sameSentence, shuffleTiles, type PlayerAnswer } from '@habla/shared/play';
import type { PlayActivity, PlaySession, SessionStatus } from '@habla/shared/schemas/player';
import type pg from 'pg';
import type { ActorContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { scoreOf, type AssignmentRow, type FrozenActivity } from '../assignments/rows';
import { tx } from '../assignments/write';

/**
 * The player's session (docs/product.md §4, decision 017): one attempt at an assignment, every try
 * kept. The server decides: answer keys leave it only once an activity is over, and correctness,
 * points and score are computed here. What the player's verbs share: the rows, the session as the
 * player shows it, and the locks on the student's own assignment and session.
 */

/** A row of `game_sessions` as pg reads it (migration 0010: numeric score and bigint duration as text). */
export type SessionRow = {
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

export const conflict = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(409, 'CONFLICT', key, params);

export type TryRow = {
  activity_id: string;
  try_number: number;
  client_try_id: string;
  answer: PlayerAnswer;
  correct: boolean;
  points: number;
  elapsed_ms: number;
};

/** The answer that was right, shown once an activity is over. */
export function correctAnswer(type: GameType, a: FrozenActivity): PlayerAnswer {
  return type === 'sentence_practice' ? { words: sentenceOf(a) } : { index: a.answers.correct ?? 0 };
}
// Stryker disable next-line StringLiteral: a sentence practice's target is always stored, trimmed, with 2–15 words (answersProblem and activityAnswersSchema on every write)
const sentenceOf = (a: FrozenActivity) => (a.answers.target ?? '').split(/\s+/);

/** Whether an activity is over: answered right, or out of tries. */
export const over = (tries: TryRow[]) => tries.some((t) => t.correct) || tries.length >= MAX_TRIES;

/** What the player shows of an assignment: a student's, or a game previewed as it is now. */
export type PlayedAssignment = Pick<
  AssignmentRow,
  'id' | 'name' | 'type' | 'max_attempts' | 'attempts' | 'end_time' | 'activities' | 'rules'
>;

/**
 * The session as the player shows it: every activity without its answer key (sentence tiles already
 * shuffled, multiple-choice answers without which is right) and, for those that are over, the
 * tries and the right answer.
 */
export function presentSession(session: SessionRow, assignment: PlayedAssignment, tries: TryRow[]): PlaySession {
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
    rules: {
      show_progress_bar: rules.show_progress_bar,
      show_failed_attemps: rules.show_failed_attemps,
      min_rate: rules.min_rate,
      point_first_try: rules.point_first_try,
    },
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
              answers: (a.answers.options ?? []).map((o) => ({
                text: o.text ?? null,
                picture: o.picture ?? null,
                alt: o.alt ?? null,
              })),
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
export async function ownAssignment(c: pg.PoolClient, ctx: ActorContext, id: string): Promise<AssignmentRow> {
  const res = await c.query(`SELECT * FROM assignments WHERE id = $1 AND student_id = $2 FOR UPDATE`, [
    id,
    ctx.actor.id,
  ]);
  const row = res.rows[0] as AssignmentRow | undefined;
  if (!row) throw notFound();
  return row;
}

export const EXPIRED = Symbol('expired');

/**
 * Run `work` in a transaction that commits even when it finds the game expired (the open session it
 * closed stays closed), then answer 409 for that case.
 */
export async function closedIfExpired<T>(
  ctx: ActorContext,
  work: (c: pg.PoolClient) => Promise<T | typeof EXPIRED>,
): Promise<T> {
  const out = await tx(ctx, work);
  if (out === EXPIRED) throw conflict('play.expired');
  return out;
}

/** Close the open session of an expired assignment (INCOMPLETE). */
export async function expire(c: pg.PoolClient, ctx: ActorContext, assignmentId: string): Promise<void> {
  await c.query(
    `UPDATE game_sessions SET status = 'INCOMPLETE', finished_at = $2, updated_at = $2 WHERE assignment_id = $1 AND status IN ('NEW', 'PLAYING')`,
    [assignmentId, ctx.now],
  );
}

/**
 * Start or resume a game: the open session if there is one; else a new one while attempts remain
 * (409 when none is left), never for an unassigned (409) or expired (409) game. Answer keys stay here.
 */

/** The student's session and its assignment, both locked, in one round trip; 404 when it is not theirs. */
export async function ownSession(
  c: pg.PoolClient,
  ctx: ActorContext,
  id: string,
): Promise<{ s: SessionRow; a: AssignmentRow }> {
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
export function checkAnswer(type: GameType, a: FrozenActivity, answer: PlayerAnswer): void {
  if ('words' in answer !== (type === 'sentence_practice')) throw fieldError('answer', 'play.answerKind');
  const problem = answerProblem(a.answers, answer);
  if (problem) throw fieldError(problem.field, problem.key, problem.params);
}

export function isCorrect(type: GameType, a: FrozenActivity, answer: PlayerAnswer): boolean {
  if (type === 'sentence_practice')
    return (
      'words' in answer &&
      // Stryker disable next-line StringLiteral: a sentence practice's target is always stored (answersProblem on every write)
      sameSentence(answer.words, a.answers.target ?? '')
    );
  return 'index' in answer && answer.index === a.answers.correct;
}
