import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { runLoad, type LoadResult } from './load';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (r: LoadResult) => `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Lucas', 'Sofia', 'Mateo', 'Isla', 'Leo', 'Zoe', 'Ethan', 'Lola', 'Omar', 'Nia', 'Hugo'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Patel', 'Khan', 'Lopez', 'Brown', 'Silva', 'Kim', 'Diaz', 'Chen', 'Rossi', 'Walker', 'Stone', 'Reyes', 'Moss'];

/**
 * Users and clients lists with 10,000 students in one account (issue 4): the students are added to
 * "Demo Therapy Center" straight into the database (same columns the API writes), then the account
 * admin's students list (page 1, a deep page, a name search) and users list, and the therapist's
 * caseload (2 students among 10,000) are measured against /api/health in interleaved rounds.
 */
export async function benchTenancy(
  base: string,
  dataDir: string,
  pgPort: number,
  tokens: { accountadmin: string; therapist: string },
  rounds: number,
  seconds: number,
): Promise<void> {
  const password = readFileSync(join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla` });
  await client.connect();
  const started = Date.now();
  try {
    const acc = await client.query(`SELECT id FROM accounts WHERE name = 'Demo Therapy Center'`);
    const account = (acc.rows[0] as { id: string }).id;
    const hash = (await client.query(`SELECT password_hash FROM users WHERE username = 'student'`)).rows[0].password_hash as string;
    await client.query('UPDATE accounts SET max_students = 20000 WHERE id = $1', [account]);
    await client.query(
      `INSERT INTO users (username, email, password_hash, role, account_id, first_name, last_name, client_status, created_at, updated_at)
       SELECT 'bench.student.' || i, NULL, $2, 'STUDENT', $1, ($3::text[])[1 + i % 16], ($4::text[])[1 + (i / 16) % 16] || ' ' || i, 'active', now(), now()
         FROM generate_series(1, 10000) i`,
      [account, hash, FIRST, LAST],
    );
    await client.query('ANALYZE users');
  } finally {
    await client.end();
  }
  console.log(`\nTenancy: 10,000 students added to "Demo Therapy Center" in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const admin = { authorization: `Bearer ${tokens.accountadmin}` };
  const therapist = { authorization: `Bearer ${tokens.therapist}` };
  const targets: Record<string, { url: string; headers: Record<string, string> }> = {
    health: { url: `${base}/api/health`, headers: {} },
    'clients p1': { url: `${base}/api/clients?page=0&max=25`, headers: admin },
    'clients p300': { url: `${base}/api/clients?page=299&max=25`, headers: admin },
    'clients "gar"': { url: `${base}/api/clients?q=gar&max=25`, headers: admin },
    'users p1': { url: `${base}/api/users?page=0&max=25`, headers: admin },
    caseload: { url: `${base}/api/clients?page=0&max=25`, headers: therapist },
  };
  const check = await fetch(targets['clients p300']!.url, { headers: admin });
  const body = (await check.json()) as { data?: unknown[]; meta?: { total: number } };
  console.log(`  the account admin sees ${body.meta?.total ?? '?'} students; page 300 returned ${body.data?.length ?? 0} rows`);
  const results: Record<string, LoadResult[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const [name, t] of Object.entries(targets)) {
      const r = await runLoad({ url: t.url, connections: 50, seconds, headers: t.headers });
      results[name]!.push(r);
      console.log(`  round ${i + 1}: ${name.padEnd(14)} ${fmt(r)}`);
    }
  }
  const m = (name: string, key: 'rps' | 'p50' | 'p99') => median(results[name]!.map((r) => r[key]));
  const health = m('health', 'rps');
  console.log('');
  for (const name of Object.keys(targets)) {
    console.log(
      `  ${name.padEnd(14)} median ${m(name, 'rps').toFixed(0).padStart(6)} req/s  p50 ${m(name, 'p50').toFixed(1).padStart(6)} ms  p99 ${m(name, 'p99').toFixed(1).padStart(6)} ms  ${((m(name, 'rps') / health) * 100).toFixed(1).padStart(5)} % of health`,
    );
  }
  const ratio = m('clients p300', 'p50') / m('clients p1', 'p50');
  console.log(`  clients page 300 ÷ page 1 latency: ${ratio.toFixed(2)}× p50 (goal ≤ 2×: ${ratio <= 2 ? 'PASS' : 'MISS'})`);
}
