import type { GameStatus, GameType } from '@habla/shared';
import type { Assignment, AssignBody, AssignResult } from '@habla/shared/schemas/assignments';
import { SqlParams } from '../../crud/sql';
import type { ActorContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { gamesScope } from '../games/resources';
import { presentAssignment, type AssignmentRow, type FrozenActivity } from './rows';
import { mlaConfiguration, rulesOf } from './rules';
import { studentsInScope } from './scope';
import { audit, tx } from './write';

/** What assigning reads of a game (migration 0008). */
type GameRow = {
  id: string;
  name: string;
  type: GameType;
  chapter_id: string | null;
  account_id: string | null;
  game_status: GameStatus;
  max_attempts: number | null;
};

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
    const games = (
      await c.query(
        `SELECT t.id, t.name, t.type, t.chapter_id, t.account_id, t.game_status, t.max_attempts FROM games t WHERE t.id = ANY(${ids}::uuid[]) AND t.deleted_at IS NULL${scope ? ` AND ${scope}` : ''} ORDER BY t.name`,
        p.values,
      )
    ).rows as GameRow[];
    if (games.length !== gameIds.length) throw notFound();
    const wip = games.find((g) => g.game_status === 'WORK_IN_PROGRESS');
    if (wip) throw new AppError(409, 'CONFLICT', 'play.assignWip', { name: wip.name }, { game_ids: 'play.assignWip' });
    const students = await studentsInScope(c, ctx.actor, studentIds);
    if (students.size !== studentIds.length) throw notFound();
    for (const g of games)
      for (const [, account] of students)
        if (g.account_id !== null && g.account_id !== account)
          throw new AppError(
            409,
            'CONFLICT',
            'play.otherAccountGame',
            { name: g.name },
            { game_ids: 'play.otherAccountGame' },
          );

    const config = await mlaConfiguration(c);
    const rules = rulesOf(config);
    const end = body.end_time
      ? new Date(body.end_time)
      : new Date(ctx.now.getTime() + (config?.game_expiration ?? 2) * 86_400_000);
    if (!(end.getTime() > ctx.now.getTime())) throw fieldError('end_time', 'play.endInPast');

    const assigned: Assignment[] = [];
    let skipped = 0;
    for (const g of games) {
      const acts = (
        await c.query(
          `SELECT id, position, question, picture, audio_id, answers FROM activities WHERE game_id = $1 AND deleted_at IS NULL ORDER BY position`,
          [g.id],
        )
      ).rows as FrozenActivity[];
      if (!acts.length)
        throw new AppError(
          409,
          'CONFLICT',
          'games.completeEmpty',
          { name: g.name },
          { game_ids: 'games.completeEmpty' },
        );
      for (const [studentId, accountId] of students) {
        const open = await c.query(
          `SELECT 1 FROM assignments WHERE game_id = $1 AND student_id = $2 AND assign_status = 'ASSIGNED' AND attempts = 0 AND end_time > $3 LIMIT 1`,
          [g.id, studentId, ctx.now],
        );
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
            body.max_attempts ?? g.max_attempts ?? 1,
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
