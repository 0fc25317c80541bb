import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, readPid } from '../src/db/lock';
import { freePort } from './ports';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-start-stop-'));
const children: ChildProcess[] = [];

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/** The real server, as `npm run start:only` runs it, on this test's data directory. */
async function startServer(pgPort: number): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      PG_PORT: String(pgPort),
      HOST: '127.0.0.1',
      HABLA_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

async function waitHealthy(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy in time:\n${server.output()}`);
}

const post = (server: Server, url: string, body: object) =>
  fetch(`http://127.0.0.1:${server.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

afterAll(async () => {
  // Whatever happened above, leave no server and no PostgreSQL behind.
  for (const c of children) if (c.exitCode === null && c.pid) c.kill('SIGKILL');
  const pgPid = readPid(path.join(dataDir, 'pg', 'postmaster.pid'));
  if (pgPid && isAlive(pgPid)) {
    process.kill(pgPid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pgPid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('start / kill -9 / start again', () => {
  it(
    'keeps committed data, recovers by itself, and refuses a second server on the same data directory',
    { timeout: 150_000 },
    async () => {
      const pgPort = await freePort();
      const first = await startServer(pgPort);
      await waitHealthy(first);
      const signUp = await post(first, '/api/auth/register', {
        first_name: 'Kai',
        last_name: 'Moreno',
        email: 'kai@example.test',
        username: 'kai',
        password: 'Sturdy-Lantern-58',
        membership_type: 'parent',
      });
      expect(signUp.status).toBe(201);

      first.child.kill('SIGKILL');
      await first.exited;
      // The PostgreSQL child outlives a kill -9 of Node; the next start must deal with it.
      const orphan = readPid(path.join(dataDir, 'pg', 'postmaster.pid'));
      expect(orphan && isAlive(orphan)).toBe(true);

      const second = await startServer(pgPort);
      await waitHealthy(second);
      expect(
        (await post(second, '/api/auth/login', { login: 'kai@example.test', password: 'Sturdy-Lantern-58' })).status,
      ).toBe(200);
      expect((await post(second, '/api/auth/login', { login: 'superadmin', password: 'Habla-Demo-2026' })).status).toBe(
        200,
      );

      const third = await startServer(await freePort());
      const code = await third.exited;
      expect(code).toBe(1);
      expect(third.output()).toContain(
        `Another Habla server (pid ${second.child.pid}) is already using data directory ${dataDir}. Stop it first or set DATA_DIR.`,
      );

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'habla.lock'))).toBe(false);
    },
  );
});
