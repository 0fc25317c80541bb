#!/usr/bin/env node
// The server the Playwright tests run against: the real app (API + built web) on its own port,
// with a fresh embedded PostgreSQL data directory and the demo data, stopped gracefully.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// Under the system temp folder: PostgreSQL runs as the unprivileged 'postgres' user, which may not
// be able to enter a checkout under a private home folder.
const dataDir = join(tmpdir(), 'habla-e2e-data');
const port = process.env.E2E_PORT ?? '3100';

// A postgres left behind by an earlier, killed run would hold the directory: stop it first.
const pidFile = join(dataDir, 'pg', 'postmaster.pid');
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    // not running
  }
}
rmSync(dataDir, { recursive: true, force: true });

const child = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HABLA_DEMO: 'true',
    PORT: port,
    HOST: '127.0.0.1',
    PG_PORT: process.env.E2E_PG_PORT ?? '54341',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
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
