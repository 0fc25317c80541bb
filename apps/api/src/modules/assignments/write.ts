import type pg from 'pg';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import type { AuditChanges } from '../../lib/audit';

/** Run `work` in one transaction on its own connection. */
export async function tx<T>(ctx: ActorContext, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await poolOf(ctx.db).connect();
  try {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** One audit entry per written row, in the caller's transaction. */
export async function audit(
  c: pg.PoolClient,
  ctx: ActorContext,
  action: string,
  entity: string,
  rows: { id: string; account_id: string | null; changes: AuditChanges }[],
): Promise<void> {
  if (!rows.length) return;
  await c.query(
    `INSERT INTO audit_log (action, entity, entity_id, actor_user_id, account_id, changes, request_id, ip, at, created_at, updated_at, created_by, updated_by)
     SELECT $1, $2, e.id, $3, e.account_id::uuid, e.changes, $4, $5, $6, $6, $6, $3, $3 FROM unnest($7::text[], $8::text[], $9::jsonb[]) AS e(id, account_id, changes)`,
    [
      action,
      entity,
      ctx.actor.id,
      ctx.requestId,
      ctx.ip ?? null,
      ctx.now,
      rows.map((r) => r.id),
      rows.map((r) => r.account_id),
      rows.map((r) => JSON.stringify(r.changes)),
    ],
  );
}
