import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startChildServer } from './child-server';

/**
 * A job running when the server is killed with SIGKILL runs again, to completion, after a restart:
 * its row stays `active` in PostgreSQL, pg-boss's maintenance on the new server sees it outlive its
 * time limit (JOBS_EXPIRE_SECONDS) and queues it again.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-jobs-crash-'));
const adminUrl = inject('adminDatabaseUrl');
const dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
const dbUrl = adminUrl.replace(/\/[^/]+$/, `/${dbName}`);
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer() {
  return startChildServer(children, {
    dbUrl,
    dataDir,
    env: {
      JOBS_TEST_HANDLERS: 'true',
      // A job may run 3 s; a dead server's job is looked for every second and retried after 1–2 s.
      JOBS_EXPIRE_SECONDS: '3',
      JOBS_MAINTENANCE_SECONDS: '1',
      JOBS_RETRY_DELAY_SECONDS: '1',
      JOBS_POLL_SECONDS: '0.5',
    },
  });
}

const db = new pg.Client({ connectionString: dbUrl });
async function jobRow(id: string): Promise<{ state: string; retry_count: number; output: unknown } | undefined> {
  return (
    await db.query<{ state: string; retry_count: number; output: unknown }>(
      'SELECT state::text AS state, retry_count, output FROM pgboss.job WHERE id = $1',
      [id],
    )
  ).rows[0];
}
async function waitState(id: string, state: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await jobRow(id))?.state !== state) {
    if (Date.now() > deadline) throw new Error(`job is ${(await jobRow(id))?.state}, not ${state}, after ${ms} ms`);
    await sleep(50);
  }
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await db.end().catch(() => undefined);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('jobs and kill -9', () => {
  it(
    'a job interrupted by kill -9 of the server runs to completion after a restart',
    { timeout: 300_000 },
    async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDatabase')}`);
      await admin.end();
      const first = await startServer();
      await db.connect();

      // Queued from outside, as another instance would.
      const boss = new PgBoss({
        db: { executeSql: (text: string, values: unknown[]) => db.query(text, values) },
        migrate: false,
        supervise: false,
        schedule: false,
      });
      await boss.start();
      const id = await boss.send('test.slow', { label: 'crash test', ms: 2000 });
      await boss.stop({ graceful: false, close: false });
      expect(id).toBeTruthy();
      await waitState(id!, 'active', 30_000);

      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      // Nobody finished it: the killed server left it running.
      expect((await jobRow(id!))?.state).toBe('active');

      const restartedAt = Date.now();
      const second = await startServer();
      await waitState(id!, 'completed', 60_000).catch((err: unknown) => {
        throw new Error(`${(err as Error).message}\n${second.output()}`);
      });
      const row = await jobRow(id!);
      // The second attempt is the one that completed.
      expect(row?.retry_count).toBe(1);
      console.log(
        `jobs-crash: the killed job completed ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart began`,
      );
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    },
  );
});
