import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { seesAllAccounts } from '../tenancy/scopes';

export type AuditFilter = {
  page: number;
  max: number;
  entity?: string;
  action?: string;
  actor?: string;
  entity_id?: string;
  from?: string;
  to?: string;
};
export type AuditRow = {
  id: string;
  at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  actor_user_id: string | null;
  actor: string | null;
  account_id: string | null;
  account: string | null;
  request_id: string | null;
  ip: string | null;
  changes: unknown;
};

/** Totals stop counting here: "10,000+" is as useful as an exact figure and costs far less. */
const COUNT_CAP = 10_000;

/**
 * One page of the audit log, newest first, with the total (capped). Platform staff who run accounts
 * see every row; an account member only their account's (the caller checked the permission).
 */
export async function listAuditEntries(
  ctx: ActorContext,
  f: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  const user = ctx.actor;
  const pool = poolOf(ctx.db);
  const p = new SqlParams();
  const conds: string[] = [];
  if (!seesAllAccounts(user)) conds.push(user.account_id ? `a.account_id = ${p.add(user.account_id)}` : 'false');
  if (f.entity) conds.push(`a.entity = ${p.add(f.entity)}`);
  if (f.action) conds.push(`a.action = ${p.add(f.action)}`);
  if (f.entity_id) conds.push(`a.entity_id = ${p.add(f.entity_id)}`);
  if (f.actor) conds.push(`a.actor_user_id IN (SELECT id FROM users WHERE lower(username) = lower(${p.add(f.actor)}))`);
  if (f.from) conds.push(`a.at >= ${p.add(f.from)}::date`);
  if (f.to) conds.push(`a.at < ${p.add(f.to)}::date + 1`);
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const filterValues = [...p.values];
  const [rows, total] = await Promise.all([
    pool.query(
      `SELECT a.id, to_json(a.at) #>> '{}' AS at, a.action, a.entity, a.entity_id, a.actor_user_id, u.username AS actor, a.account_id, ac.name AS account, a.request_id, a.ip, a.changes
         FROM (SELECT * FROM audit_log a ${where} ORDER BY a.at DESC, a.id DESC LIMIT ${p.add(f.max)} OFFSET ${p.add(f.page * f.max)}) a
         LEFT JOIN users u ON u.id = a.actor_user_id LEFT JOIN accounts ac ON ac.id = a.account_id ORDER BY a.at DESC, a.id DESC`,
      p.values,
    ),
    pool.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log a ${where} LIMIT ${COUNT_CAP + 1}) x`,
      filterValues,
    ),
  ]);
  return { rows: rows.rows as AuditRow[], total: (total.rows[0] as { n: number }).n };
}
