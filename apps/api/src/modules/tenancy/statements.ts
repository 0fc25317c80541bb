import type pg from 'pg';
import { poolOf } from '../../db/client';
import type { ServiceContext } from '../../lib/context';

/** Length of one statement period per billing frequency (seed §3 billing periods). */
const PERIOD_SQL = `CASE b.statement_frequency
  WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '7 days' WHEN 'biweekly' THEN interval '14 days'
  WHEN 'monthly' THEN interval '1 month' WHEN 'quarter' THEN interval '3 months' ELSE interval '1 year' END`;

/** At most this many periods are made per billing and call (ten years of weekly statements). */
const MAX_PERIODS = 520;

/**
 * Make the statements of every completed period (start + k·period, ending on or before `today`) of
 * the account's live billings. Idempotent: a period already stated is skipped (unique index), so it
 * can run again (a retried job) and from several instances. Periods count from the start date, so a
 * monthly billing from 31 January is stated on 28/29 February, 31 March, 30 April…
 */
export async function makeStatements(
  db: pg.Pool | pg.PoolClient,
  accountId: string,
  today: string,
  now: Date,
): Promise<number> {
  const res = await db.query(
    `INSERT INTO billing_statements (billing_id, account_id, period_start, period_end, amount, created_at, updated_at)
     SELECT b.id, b.account_id, (b.start_date + k * p.len)::date, (b.start_date + (k + 1) * p.len)::date, b.amount, $3, $3
       FROM billings b
       CROSS JOIN LATERAL (SELECT ${PERIOD_SQL} AS len) p
       CROSS JOIN LATERAL generate_series(0, $4::int - 1) k
      WHERE b.account_id = $1 AND b.deleted_at IS NULL AND (b.start_date + (k + 1) * p.len)::date <= $2::date
     ON CONFLICT (billing_id, period_start) DO NOTHING`,
    [accountId, today, now, MAX_PERIODS],
  );
  return res.rowCount ?? 0;
}

export type Statement = {
  id: string;
  billing_id: string;
  product: string;
  period_start: string;
  period_end: string;
  amount: string;
};

/**
 * Make the due statements of every account with a live billing (the `statements.make` job, by
 * schedule and at start-up; see jobs/statements-make.ts). Returns how many were made.
 */
export async function makeAllStatements(ctx: ServiceContext): Promise<number> {
  const pool = poolOf(ctx.db);
  const now = ctx.now;
  const today = now.toISOString().slice(0, 10);
  const { rows } = await pool.query<{ account_id: string }>(
    'SELECT DISTINCT account_id FROM billings WHERE deleted_at IS NULL AND account_id IS NOT NULL',
  );
  let made = 0;
  for (const { account_id } of rows) made += await makeStatements(pool, account_id, today, now);
  return made;
}

/** One page of an account's statements, newest first. Only reads: the statements are made by the job. */
export async function listStatements(
  ctx: ServiceContext,
  accountId: string,
  page: { page: number; max: number },
): Promise<{ rows: Statement[]; total: number }> {
  const pool = poolOf(ctx.db);
  const [rows, total] = await Promise.all([
    pool.query(
      `SELECT s.id, s.billing_id, b.product, s.period_start, s.period_end, s.amount FROM billing_statements s JOIN billings b ON b.id = s.billing_id
        WHERE s.account_id = $1 ORDER BY s.period_start DESC, s.id DESC LIMIT $2 OFFSET $3`,
      [accountId, page.max, page.page * page.max],
    ),
    pool.query('SELECT count(*)::int AS n FROM billing_statements WHERE account_id = $1', [accountId]),
  ]);
  return { rows: rows.rows as Statement[], total: (total.rows[0] as { n: number }).n };
}
