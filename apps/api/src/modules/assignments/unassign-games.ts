import type { Assignment } from '@habla/shared/schemas/assignments';
import { SqlParams } from '../../crud/sql';
import type { ActorContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { presentAssignment, type AssignmentRow } from './rows';
import { assignmentScope } from './scope';
import { audit, tx } from './write';

/** Unassign (one transaction): only what has not been played; a played one is refused naming it (409). */
export async function unassign(ctx: ActorContext, ids: string[]): Promise<Assignment[]> {
  return tx(ctx, async (c) => {
    const p = new SqlParams();
    const list = p.add([...new Set(ids)]);
    const rows = (
      await c.query(
        `SELECT x.* FROM assignments x WHERE x.id = ANY(${list}::uuid[]) AND ${assignmentScope(ctx.actor, p)} FOR UPDATE OF x`,
        p.values,
      )
    ).rows as AssignmentRow[];
    if (rows.length !== new Set(ids).size) throw notFound();
    const played = rows.find((r) => r.attempts > 0 || r.assign_status === 'PLAYED');
    if (played)
      throw new AppError(409, 'CONFLICT', 'play.unassignPlayed', { name: played.name }, { ids: 'play.unassignPlayed' });
    const out = (
      await c.query(
        `UPDATE assignments SET assign_status = 'UNASSIGNED', updated_at = $2, updated_by = $3 WHERE id = ANY($1::uuid[]) RETURNING *`,
        [rows.map((r) => r.id), ctx.now, ctx.actor.id],
      )
    ).rows as AssignmentRow[];
    await audit(
      c,
      ctx,
      'unassign',
      'assignments',
      out.map((r) => ({
        id: r.id,
        account_id: r.account_id,
        changes: { assign_status: { from: 'ASSIGNED', to: 'UNASSIGNED' } },
      })),
    );
    return out.map(presentAssignment);
  });
}
