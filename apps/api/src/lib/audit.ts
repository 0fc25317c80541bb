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

