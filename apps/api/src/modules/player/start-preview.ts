import type { GameType } from '@habla/shared';
import type { PlaySession } from '@habla/shared/schemas/player';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { gamesScope } from '../games/resources';
import type { FrozenActivity, Rules } from '../assignments/rows';
import { mlaConfiguration, rulesOf } from '../assignments/rules';
import { conflict, presentSession, type PlayedAssignment, type SessionRow } from './session';

// ---------------------------------------------------------------------------------------------
// Preview: a therapist, editor or viewer plays a game they can read, as it is now, in the player.
// Nothing is recorded; the server still keeps the answer keys until an activity is over.

/** The game as a preview plays it: readable by the caller (else 404), with its live activities. */
type PreviewedGame = { id: string; name: string; type: GameType; max_attempts: number | null };
export async function previewedGame(
  ctx: ActorContext,
  gameId: string,
): Promise<{ game: PreviewedGame; acts: FrozenActivity[]; rules: Rules }> {
  const pool = poolOf(ctx.db);
  const p = new SqlParams();
  const id = p.add(gameId);
  const scope = gamesScope(ctx.actor, p);
  const game = (
    await pool.query(
      `SELECT t.id, t.name, t.type, t.max_attempts FROM games t WHERE t.id = ${id} AND t.deleted_at IS NULL${scope ? ` AND ${scope}` : ''}`,
      p.values,
    )
  ).rows[0] as PreviewedGame | undefined;
  if (!game) throw notFound();
  const [acts, config] = await Promise.all([
    pool.query(
      `SELECT id, position, question, picture, audio_id, answers FROM activities WHERE game_id = $1 AND deleted_at IS NULL ORDER BY position`,
      [gameId],
    ),
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
  const assignment: PlayedAssignment = {
    ...game,
    max_attempts: game.max_attempts ?? 1,
    activities: acts,
    rules,
    attempts: 0,
    end_time: new Date(ctx.now.getTime() + 86_400_000),
  };
  return { ...presentSession(session, assignment, []), preview: true };
}
