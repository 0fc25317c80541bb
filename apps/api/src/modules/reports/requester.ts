import type { Role } from '@habla/shared';
import type { accounts, users } from '../../db/schema/index';
import type { ContextActor } from '../../lib/context';
import type { JobContext } from '../../jobs/types';
import { blockedReason } from '../auth/sessions';

type UserColumns = Pick<typeof users.$inferSelect, 'id' | 'role' | 'account_id' | 'status' | 'deleted_at' | 'username'>;
type Read = UserColumns & {
  full_name: string | null;
  account_name: Pick<typeof accounts.$inferSelect, 'name'>['name'] | null;
  account_status: string | null;
  permissions: string[];
};

/**
 * Who asked for a report, read again when the job runs (docs/decisions/029-reports.md): their role's
 * permissions as they are now, so the figures are those they may read at that moment (a user
 * disabled, or whose account stopped, in between gets no report). Null for such a user.
 */
export type Requester = { actor: ContextActor; name: string; account: string | null };

export async function requesterOf(ctx: Pick<JobContext, 'pool'>, id: string): Promise<Requester | null> {
  const res = await ctx.pool.query<Read>(
    `SELECT u.id, u.role, u.account_id, u.status, u.deleted_at, u.username, NULLIF(u.full_name, '') AS full_name, a.name AS account_name,
            CASE WHEN a.deleted_at IS NOT NULL THEN 'DELETED' ELSE a.status END AS account_status,
            COALESCE((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role = u.role), '{}') AS permissions
       FROM users u LEFT JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
    [id],
  );
  const row = res.rows[0];
  if (!row || blockedReason(row)) return null;
  return {
    actor: { id: row.id, role: row.role as Role, account_id: row.account_id, permissions: row.permissions },
    name: row.full_name ?? row.username,
    account: row.account_name,
  };
}
