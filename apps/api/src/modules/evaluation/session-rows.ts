import type { SessionRow } from '@habla/shared/schemas/evaluation';
import type { CrudUser } from '../../crud/contract';
import type { SqlParams } from '../../crud/sql';
import type { DbGameSessionRow } from '../../db/schema/index';
import { studentsScope } from '../tenancy/scopes';
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

export const sessionScope = (u: CrudUser, p: SqlParams, a = 's') =>
  `${a}.student_id IN (SELECT t.id FROM users t WHERE ${studentsScope(u, p)})`;

/**
 * A session's row as pg reads it for its own page: the session's columns (numeric score as text, times as
 * Date) with its game and student; the bigint duration comes as text too, where Drizzle's type has a number.
 */
export type ListedRow = Pick<
  DbGameSessionRow,
  | 'id'
  | 'assignment_id'
  | 'student_id'
  | 'status'
  | 'attempt'
  | 'started_at'
  | 'finished_at'
  | 'points'
  | 'score'
  | 'passed'
  | 'total_right'
  | 'total_wrong'
  | 'evaluated_at'
> &
  Pick<SessionRow, 'game_id' | 'game_name' | 'game_type' | 'student_name'> & { duration_ms: string };

const isoOrNull = (d: Date | null): string | null => d?.toISOString() ?? null;

/** A session's row as its page's contract has it. */
export const presentRow = (r: ListedRow): SessionRow => ({
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
