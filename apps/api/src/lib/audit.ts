import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';
import type { ServiceContext } from './context';

/** What one write changed, as its writer records it (a field's from and to, a count…): free JSON (decision 023). */
export type AuditChanges = NonNullable<(typeof auditLog.$inferSelect)['changes']>;

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  actorUserId?: string | null;
  accountId?: string | null;
  /** What changed, never secrets: no passwords, tokens or hashes. */
  changes?: AuditChanges;
};

/**
 * Record one write in audit_log with the context's actor, time, request id and address, in the
 * caller's transaction if any (`db`: the transaction, or `ctx.db`).
 */
export async function audit(
  db: DbOrTx,
  ctx: Pick<ServiceContext, 'actor' | 'now' | 'requestId' | 'ip'>,
  entry: AuditEntry,
): Promise<void> {
  const actor = entry.actorUserId ?? ctx.actor?.id ?? null;
  await db.insert(auditLog).values({
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    actor_user_id: actor,
    account_id: entry.accountId ?? ctx.actor?.account_id ?? null,
    changes: entry.changes ?? null,
    request_id: ctx.requestId,
    ip: ctx.ip ?? null,
    at: ctx.now,
    created_at: ctx.now,
    updated_at: ctx.now,
    created_by: actor,
    updated_by: actor,
  });
}
