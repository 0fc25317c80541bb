import type { PlaySession } from '@habla/shared/schemas/player';
import type { ActorContext } from '../../lib/context';
import { tx } from '../assignments/write';
import { ownSession, presentSession, type SessionRow, type TryRow } from './session';

/** Leave mid-game: INCOMPLETE (what was tried stays); played once anything was tried. */
export async function leaveSession(ctx: ActorContext, sessionId: string): Promise<PlaySession> {
  return tx(ctx, async (c) => {
    const { s, a } = await ownSession(c, ctx, sessionId);
    const tries = (await c.query(`SELECT * FROM game_tries WHERE session_id = $1`, [sessionId])).rows as TryRow[];
    if (s.status !== 'NEW' && s.status !== 'PLAYING') return presentSession(s, a, tries);
    const left = (
      await c.query(
        `UPDATE game_sessions SET status = 'INCOMPLETE', finished_at = $2, updated_at = $2 WHERE id = $1 RETURNING *`,
        [sessionId, ctx.now],
      )
    ).rows[0] as SessionRow;
    if (tries.length)
      await c.query(
        `UPDATE assignments SET assign_status = 'PLAYED', last_played_at = $2, updated_at = $2 WHERE id = $1`,
        [a.id, ctx.now],
      );
    return presentSession(left, a, tries);
  });
}
