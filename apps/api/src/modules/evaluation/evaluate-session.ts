import type { EvaluationBody, SessionDetail } from '@habla/shared/schemas/evaluation';
import { SqlParams } from '../../crud/sql';
import type { SessionStatus } from '@habla/shared/schemas/player';
import type { ActorContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { audit, tx } from '../assignments/write';
import { getSession } from './get-session';
import { sessionScope } from './session-rows';

/** Record the therapist's evaluation of a played (closed) session; an open one is refused (409). */
export async function evaluateSession(ctx: ActorContext, id: string, body: EvaluationBody): Promise<SessionDetail> {
  await tx(ctx, async (c) => {
    const p = new SqlParams();
    const idParam = p.add(id);
    const found = await c.query(
      `SELECT s.id, s.status, s.account_id FROM game_sessions s WHERE s.id = ${idParam} AND ${sessionScope(ctx.actor, p)} FOR UPDATE`,
      p.values,
    );
    const row = found.rows[0] as { id: string; status: SessionStatus; account_id: string } | undefined;
    if (!row) throw notFound();
    if (row.status === 'NEW' || row.status === 'PLAYING') throw new AppError(409, 'CONFLICT', 'play.stillPlaying');
    await c.query(
      `UPDATE game_sessions SET words_out_of_place = $2, parts_of_speech = $3, syntax_error = $4, score_description = $5, evaluator_id = $6, evaluated_at = $7, updated_at = $7 WHERE id = $1`,
      [
        id,
        body.words_out_of_place,
        body.parts_of_speech,
        body.syntax_error,
        body.score_description ?? null,
        ctx.actor.id,
        ctx.now,
      ],
    );
    const changes = {
      words_out_of_place: body.words_out_of_place,
      parts_of_speech: body.parts_of_speech,
      syntax_error: body.syntax_error,
    };
    await audit(c, ctx, 'evaluate', 'game_sessions', [{ id, account_id: row.account_id, changes }]);
  });
  return getSession(ctx, id);
}
