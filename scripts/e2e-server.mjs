#!/usr/bin/env node
// The server the Playwright tests run against: the real app (API + built web) on its own port,
// with a fresh embedded PostgreSQL data directory and the demo data, stopped gracefully.
// apps/web/playwright.config.ts picks the app port (E2E_PORT) and the data directory (E2E_DATA_DIR);
// this script picks a free port for PostgreSQL unless E2E_PG_PORT is set.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// Under the system temp folder: PostgreSQL runs as the unprivileged 'postgres' user, which may not
// be able to enter a checkout under a private home folder. One folder per checkout.
const dataDir =
  process.env.E2E_DATA_DIR ??
  join(tmpdir(), `habla-e2e-${createHash('sha256').update(resolve(root)).digest('hex').slice(0, 10)}`);
const port = process.env.E2E_PORT ?? '3100';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nothing listens on right now (the OS picks it). */
function freePort() {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => done(String(free)));
    });
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Guards against a reused pid: the process's command line names this (where /proc exists). */
function runs(pid, ...words) {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return words.every((w) => cmdline.includes(w));
  } catch {
    return true;
  }
}

const pidIn = (file) => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

// A live server on this folder is another e2e run of the same checkout: never wipe its data.
const owner = pidIn(join(dataDir, 'habla.lock'));
if (owner !== undefined && runs(owner, 'server.ts')) {
  console.error(
    `e2e-server: another Habla server (pid ${owner}) is using ${dataDir}; is another e2e run of this checkout going on?`,
  );
  process.exit(1);
}
// A postgres left behind by an earlier, killed run would hold the folder: stop it, and wait until it
// has gone before emptying the folder.
const postmaster = pidIn(join(dataDir, 'pg', 'postmaster.pid'));
if (postmaster !== undefined && runs(postmaster, 'postgres', join(dataDir, 'pg'))) {
  for (const [signal, waitMs] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ]) {
    try {
      process.kill(postmaster, signal);
    } catch {
      break;
    }
    for (let waited = 0; waited < waitMs && isAlive(postmaster); waited += 100) await sleep(100);
    if (!isAlive(postmaster)) break;
  }
}
rmSync(dataDir, { recursive: true, force: true });

const pgPort = process.env.E2E_PG_PORT ?? (await freePort());
const child = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HABLA_DEMO: 'true',
    PORT: port,
    HOST: '127.0.0.1',
    PG_PORT: pgPort,
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1, like a school from one address: the API tests cover the limit itself.
    SIGN_IN_PER_MINUTE: '600',
    // jobs.spec.ts queues a job that fails (test-only), and sees it run out of its one retry quickly.
    JOBS_TEST_HANDLERS: 'true',
    JOBS_RETRY_LIMIT: '1',
    JOBS_RETRY_DELAY_SECONDS: '1',
  },
});
// Playwright signals the whole process group, so the server usually has the signal already; a
// second one would make it skip the clean shutdown. Forward only if it is still running later.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    setTimeout(() => {
      if (child.exitCode === null) child.kill('SIGTERM');
    }, 3000).unref();
  });
}
child.on('exit', (code) => process.exit(code ?? 0));
