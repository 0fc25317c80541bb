import type { PlaySession } from '@habla/shared/schemas/player';
import type { ActorContext } from '../../lib/context';
import {
  closedIfExpired,
  conflict,
  expire,
  EXPIRED,
  ownAssignment,
  presentSession,
  type SessionRow,
  type TryRow,
} from './session';

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
    const open = (
      await c.query(`SELECT * FROM game_sessions WHERE assignment_id = $1 AND status IN ('NEW', 'PLAYING')`, [
        assignmentId,
      ])
    ).rows[0] as SessionRow | undefined;
    if (open) {
      const tries = (await c.query(`SELECT * FROM game_tries WHERE session_id = $1`, [open.id])).rows as TryRow[];
      return presentSession(open, a, tries);
    }
    if (a.attempts >= a.max_attempts) throw conflict('play.noAttemptsLeft', { max: a.max_attempts });
    const attempt = a.attempts + 1;
    await c.query(`UPDATE assignments SET attempts = $2, updated_at = $3 WHERE id = $1`, [
      assignmentId,
      attempt,
      ctx.now,
    ]);
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
