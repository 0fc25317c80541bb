import { sessionScore } from '@habla/shared/play';
import type { PlaySession } from '@habla/shared/schemas/player';
import type { ActorContext } from '../../lib/context';
import { tx } from '../assignments/write';
import { conflict, over, ownSession, presentSession, type SessionRow, type TryRow } from './session';

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
      await c.query(
        `UPDATE game_sessions SET status = 'COMPLETED', finished_at = $2, points = $3, score = $4, passed = $5, updated_at = $2 WHERE id = $1 RETURNING *`,
        [sessionId, ctx.now, points, score, passed],
      )
    ).rows[0] as SessionRow;
    await c.query(
      `UPDATE assignments SET assign_status = 'PLAYED', last_score = $2, best_score = GREATEST(COALESCE(best_score, 0), $2), last_played_at = $3, updated_at = $3 WHERE id = $1`,
      [a.id, score, ctx.now],
    );
    return presentSession(done, a, tries);
  });
}
