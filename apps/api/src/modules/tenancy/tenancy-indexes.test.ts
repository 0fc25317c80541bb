import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { pageQuery, type ListParams } from '../../crud/list-query';
import { seedDemo } from '../../db/seed/demo';
import type { AuthUser } from '../auth/sessions';
import { TENANCY_SERVER } from './resources';

/**
 * With thousands of students in one account, the lists of docs/product.md §2 scopes read a page through
 * an index instead of walking the account: the plans are checked with EXPLAIN ANALYZE on real rows.
 */
let t: TestApp;
const who = new Map<string, AuthUser>();
const params = (p: Partial<ListParams> = {}): ListParams => ({ page: 0, max: 25, filters: {}, ...p });

async function analyze(q: { text: string; values: unknown[] }): Promise<{ plan: string; rows: number }> {
  const res = await t.database.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
  const plan = JSON.stringify(res.rows[0]);
  // Rows the scans read and threw away: small when an index delivers the page directly.
  const removed = [...plan.matchAll(/"Rows Removed by Filter":(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  return { plan, rows: removed };
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, t.clock.now());
  const pool = t.database.pool;
  await pool.query(
    `INSERT INTO users (username, password_hash, role, account_id, first_name, last_name, client_status)
     SELECT 'many.' || i, 'x', 'STUDENT', a.id, 'Kid', 'Name ' || lpad(i::text, 5, '0'), 'active' FROM accounts a, generate_series(1, 5000) i WHERE a.name = 'Demo Therapy Center'`,
  );
  await pool.query('ANALYZE users');
  const rows = await pool.query(
    `SELECT id, username, role, account_id FROM users WHERE username IN ('accountadmin', 'therapist')`,
  );
  for (const r of rows.rows as { id: string; username: string; role: AuthUser['role']; account_id: string }[]) {
    who.set(r.username, {
      id: r.id,
      email: null,
      username: r.username,
      first_name: '',
      last_name: '',
      role: r.role,
      account_id: r.account_id,
      language: 'en',
      permissions: [],
      view_options: [],
    });
  }
});

describe('tenant lists with 5,000 students in the account', () => {
  it("an account admin's users (adults) page reads the adults index, not the students", async () => {
    const { plan, rows } = await analyze(pageQuery(TENANCY_SERVER.users, who.get('accountadmin')!, params()));
    expect(plan).toContain('users_account_adults_idx');
    expect(rows).toBeLessThan(100);
  });

  it("an account admin's students page walks a name index (the planner picks which), never the whole table", async () => {
    const { plan, rows } = await analyze(
      pageQuery(TENANCY_SERVER.clients, who.get('accountadmin')!, params({ page: 150 })),
    );
    expect(plan).toMatch(/users_(account_students|last_name)_idx/);
    expect(plan).not.toContain('Seq Scan');
    expect(rows).toBeLessThan(100);
  });

  it("a therapist's caseload (2 of 5,003) is found through the primary key, not by walking the account", async () => {
    const { plan, rows } = await analyze(pageQuery(TENANCY_SERVER.clients, who.get('therapist')!, params()));
    expect(plan).toContain('users_pkey');
    expect(rows).toBeLessThan(100);
  });
});
