import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readPid } from '../src/db/lock';
import { freePort } from './ports';
import { processState } from './zombie';

/**
 * kill -9 of the server and its PostgreSQL, then an immediate start on the same data directory, 20 times
 * in a row: every start must succeed on the first try, with every acknowledged write still there.
 *
 * The server runs under a stand-in for a supervisor that has not reaped it yet, so at each restart the
 * killed server is still a zombie. Where python3 can make it a child subreaper (Linux), the killed
 * postmaster and its backends are reparented to it and stay zombies too; otherwise they go to init,
 * which may reap them at once or seconds later.
 */
const CYCLES = 20;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-crash-restart-'));
const PASSWORD = 'Sturdy-Lantern-58';

const SUBREAPER = [
  'import ctypes, os, sys, time',
  'ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans below come to us',
  'pid = os.fork()',
  'if pid == 0:',
  '    os.execv(sys.argv[1], sys.argv[1:])',
  "print(f'pid {pid}', flush=True)",
  'while True:',
  '    time.sleep(3600)  # never wait(): whatever dies below stays a zombie',
].join('\n');
const subreaper =
  spawnSync('python3', ['-c', 'import ctypes, sys; sys.exit(ctypes.CDLL(None).prctl(36, 1, 0, 0, 0))']).status === 0;

type Server = { holder: ChildProcess; port: number; pid: Promise<number>; output: () => string };
const holders: ChildProcess[] = [];
const serverPids: number[] = [];

async function startServer(pgPort: number): Promise<Server> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    PG_PORT: String(pgPort),
    HOST: '127.0.0.1',
    HABLA_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SMTP_URL: '',
    DATABASE_URL: '',
  };
  const server = [process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'];
  const holder = subreaper
    ? spawn('python3', ['-c', SUBREAPER, ...server], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('sh', ['-c', '"$0" "$@" & echo "pid $!"; exec sleep 100000', ...server], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  holders.push(holder);
  let out = '';
  const pid = new Promise<number>((resolve) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /^pid (\d+)$/m.exec(out);
      if (m) resolve(Number(m[1]));
    };
    holder.stdout?.on('data', onData);
    holder.stderr?.on('data', onData);
  });
  void pid.then((p) => serverPids.push(p));
  return { holder, port, pid, output: () => out };
}

const exited = (pid: number) => [undefined, 'Z', 'X'].includes(processState(pid));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(server: Server, ms: number): Promise<void> {
  const pid = await server.pid;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (exited(pid)) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server not healthy in ${ms / 1000} s:\n${server.output()}`);
}

const post = (server: Server, url: string, body: object) =>
  fetch(`http://127.0.0.1:${server.port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function usernames(pgPort: number): Promise<string[]> {
  const password = fs.readFileSync(path.join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'habla' });
  await client.connect();
  try {
    const { rows } = await client.query<{ username: string }>(
      "SELECT username FROM users WHERE username LIKE 'crash%' ORDER BY username",
    );
    return rows.map((r) => r.username);
  } finally {
    await client.end();
  }
}

const postmasterPid = () => readPid(path.join(dataDir, 'pg', 'postmaster.pid'));

afterAll(async () => {
  // Whatever happened above, leave no server, no PostgreSQL and no holder behind.
  for (const pid of serverPids) if (!exited(pid)) process.kill(pid, 'SIGKILL');
  const pm = postmasterPid();
  if (pm && !exited(pm)) {
    process.kill(pm, 'SIGINT');
    for (let i = 0; i < 100 && !exited(pm); i++) await sleep(100);
  }
  for (const h of holders) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
  // A run that failed right after a crash leaves the killed postmaster's shared memory segment, which only a
  // start on this (now removed) directory would have reclaimed.
  const shmid = fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))
    ? fs
        .readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
        .split('\n')[6]
        ?.trim()
        .split(/\s+/)[1]
    : undefined;
  if (shmid) spawnSync('ipcrm', ['-m', shmid]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash and restart', () => {
  it(
    `starts on the first try right after kill -9 of the server and its PostgreSQL, ${CYCLES} times in a row, losing no acknowledged write`,
    { timeout: 20 * 60_000 },
    async () => {
      const pgPort = await freePort();
      const firstStart = performance.now();
      let server = await startServer(pgPort);
      await waitHealthy(server, 300_000);
      const firstStartSeconds = (performance.now() - firstStart) / 1000;

      const acknowledged: string[] = [];
      const restartSeconds: number[] = [];
      const zombies = { server: 0, postmaster: 0 };
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const username = `crash${String(cycle).padStart(2, '0')}`;
        const signUp = await post(server, '/api/auth/register', {
          first_name: 'Ada',
          last_name: 'Crash',
          email: `${username}@example.test`,
          username,
          password: PASSWORD,
          membership_type: 'parent',
        });
        expect(signUp.status).toBe(201);
        acknowledged.push(username);

        // The crash: kill -9 of the server and of its postmaster, then a start as soon as both are dead.
        const serverPid = await server.pid;
        const pm = postmasterPid();
        expect(pm).toBeDefined();
        const killed = performance.now();
        process.kill(serverPid, 'SIGKILL');
        process.kill(pm!, 'SIGKILL');
        for (let i = 0; i < 500 && !(exited(serverPid) && exited(pm!)); i++) await sleep(10);
        if (processState(serverPid) === 'Z') zombies.server++;
        if (processState(pm!) === 'Z') zombies.postmaster++;
        const previous = server;
        server = await startServer(pgPort);
        await waitHealthy(server, 120_000).catch((err: unknown) => {
          throw new Error(`restart ${cycle + 1} of ${CYCLES} failed on the first try: ${(err as Error).message}`);
        });
        restartSeconds.push((performance.now() - killed) / 1000);
        previous.holder.kill('SIGKILL');

        // Every write acknowledged before any of the crashes so far is there, and the last one signs in.
        expect(await usernames(pgPort)).toEqual(acknowledged);
        expect(
          (await post(server, '/api/auth/login', { login: `${username}@example.test`, password: PASSWORD })).status,
        ).toBe(200);
      }

      // A clean stop at the end leaves nothing behind.
      const lastPid = await server.pid;
      process.kill(lastPid, 'SIGTERM');
      for (let i = 0; i < 300 && !exited(lastPid); i++) await sleep(100);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'habla.lock'))).toBe(false);

      const sorted = [...restartSeconds].sort((a, b) => a - b);
      const s = (n: number) => `${n.toFixed(1)} s`;
      console.log(
        `crash-restart: ${CYCLES}/${CYCLES} restarts healthy on the first try; kill -9 → healthy: median ${s(sorted[Math.floor(sorted.length / 2)]!)}, ` +
          `max ${s(sorted.at(-1)!)}, total ${s(restartSeconds.reduce((a, b) => a + b, 0))} (first start with seeding ${s(firstStartSeconds)}); ` +
          `zombies at restart: server ${zombies.server}/${CYCLES}, postmaster ${zombies.postmaster}/${CYCLES} (${subreaper ? 'python3 subreaper' : 'sh holder, postmaster left to init'})`,
      );
      // The case this is about was there each time: the killed processes were zombies, not yet reaped.
      expect(zombies.server).toBe(CYCLES);
      if (subreaper) expect(zombies.postmaster).toBe(CYCLES);
    },
  );
});
