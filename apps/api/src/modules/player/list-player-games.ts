import type { PlayerGame } from '@habla/shared/schemas/player';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { scoreOf, type AssignmentRow } from '../assignments/rows';

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
  type Card = Pick<
    AssignmentRow,
    'id' | 'name' | 'type' | 'activities_count' | 'attempts' | 'max_attempts' | 'best_score' | 'end_time'
  > & {
    picture: string | null;
    open_session: string | null;
  };
  return (res.rows as Card[]).map((r) => {
    const end = r.end_time.getTime();
    const state =
      end <= now
        ? 'expired'
        : r.open_session
          ? 'in_progress'
          : r.attempts >= r.max_attempts
            ? 'done'
            : r.attempts > 0
              ? 'played'
              : 'new';
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
