import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  actorUserId?: string | null;
  accountId?: string | null;
  /** What changed, never secrets: no passwords, tokens or hashes. */
  changes?: Record<string, unknown>;
};

/** Record one write in audit_log with the request's id and address, in the caller's transaction if any. */
export async function audit(db: DbOrTx, req: FastifyRequest, now: Date, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    actor_user_id: entry.actorUserId ?? req.user?.id ?? null,
    account_id: entry.accountId ?? req.user?.account_id ?? null,
    changes: entry.changes ?? null,
    request_id: req.id,
    ip: req.ip,
    at: now,
    created_at: now,
    updated_at: now,
    created_by: entry.actorUserId ?? req.user?.id ?? null,
    updated_by: entry.actorUserId ?? req.user?.id ?? null,
  });
}

type SqlClient = { query: (text: string, values: unknown[]) => Promise<unknown> };

/** The same audit row written through a plain pg client (inside a hand-made transaction). */
export async function auditWith(client: SqlClient, req: FastifyRequest, now: Date, entry: AuditEntry): Promise<void> {
  const actor = entry.actorUserId ?? req.user?.id ?? null;
  await client.query(
    `INSERT INTO audit_log (action, entity, entity_id, actor_user_id, account_id, changes, request_id, ip, at, created_at, updated_at, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9, $4, $4)`,
    [entry.action, entry.entity, entry.entityId ?? null, actor, entry.accountId ?? req.user?.account_id ?? null, entry.changes ? JSON.stringify(entry.changes) : null, req.id, req.ip, now],
  );
}

/** Run `work` in one transaction on a pooled client. */
export async function transaction<T>(pool: { connect: () => Promise<SqlClient & { release: () => void }> }, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN', []);
    const out = await work(client);
    await client.query('COMMIT', []);
    return out;
  } catch (err) {
    await client.query('ROLLBACK', []).catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
