import { MAX_TRIES, pointsFor, type TryBody } from '@habla/shared/play';
import type { TryResult } from '@habla/shared/schemas/player';
import type { ActorContext } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import {
  checkAnswer,
  closedIfExpired,
  conflict,
  correctAnswer,
  expire,
  EXPIRED,
  isCorrect,
  over,
  ownSession,
  type SessionRow,
  type TryRow,
} from './session';

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
        session: {
          points: Number(totals.points),
          total_right: Number(totals.total_right),
          total_wrong: Number(totals.total_wrong),
        },
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
        values: [
          sessionId,
          act.id,
          n,
          body.client_try_id,
          JSON.stringify(body.answer),
          correct,
          points,
          body.elapsed_ms,
          ctx.now,
          correct ? 1 : 0,
          correct ? 0 : 1,
        ],
      })
    ).rows[0] as Totals;
    const made: TryRow = {
      activity_id: act.id,
      try_number: n,
      client_try_id: body.client_try_id,
      answer: body.answer,
      correct,
      points,
      elapsed_ms: body.elapsed_ms,
    };
    return view(made, [...all, made], totals, false);
  });
}
