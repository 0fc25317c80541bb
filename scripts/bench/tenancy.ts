import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { roundsAgainstHealth } from './load';

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Lucas',
  'Sofia',
  'Mateo',
  'Isla',
  'Leo',
  'Zoe',
  'Ethan',
  'Lola',
  'Omar',
  'Nia',
  'Hugo',
];
const LAST = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Patel',
  'Khan',
  'Lopez',
  'Brown',
  'Silva',
  'Kim',
  'Diaz',
  'Chen',
  'Rossi',
  'Walker',
  'Stone',
  'Reyes',
  'Moss',
];

/**
 * Users and clients lists with 10,000 students in one account: the students are added to
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
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla`,
  });
  await client.connect();
  const started = Date.now();
  try {
    const acc = await client.query(`SELECT id FROM accounts WHERE name = 'Demo Therapy Center'`);
    const account = (acc.rows[0] as { id: string }).id;
    const hash = (await client.query(`SELECT password_hash FROM users WHERE username = 'student'`)).rows[0]
      .password_hash as string;
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
  console.log(
    `\nTenancy: 10,000 students added to "Demo Therapy Center" in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
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
  console.log(
    `  the account admin sees ${body.meta?.total ?? '?'} students; page 300 returned ${body.data?.length ?? 0} rows`,
  );
  const m = await roundsAgainstHealth(targets, rounds, seconds);
  const ratio = m('clients p300', 'p50') / m('clients p1', 'p50');
  console.log(
    `  clients page 300 ÷ page 1 latency: ${ratio.toFixed(2)}× p50 (goal ≤ 2×: ${ratio <= 2 ? 'PASS' : 'MISS'})`,
  );
}
