import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { zombie } from '../../test/zombie';
import { stopOrphanedPostgres } from './embedded';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
const pgDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-pgdir-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** postmaster.pid as PostgreSQL writes it: pid, data directory, start, port, socket dir, address, "shm key  shm id",
 * status. */
const writePidFile = (dir: string, pid: number, shmid: string) =>
  fs.writeFileSync(
    path.join(dir, 'postmaster.pid'),
    `${pid}\n${dir}\n1795450000\n54330\n\n127.0.0.1\n  2148445 ${shmid.padStart(9)}\nready   \n`,
  );

/** A shared memory id that no segment has right now. */
const unusedShmid = () => {
  const ids = new Set(
    fs
      .readFileSync('/proc/sysvipc/shm', 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/)[1]),
  );
  let id = 999_000;
  while (ids.has(String(id))) id++;
  return String(id);
};

describe.skipIf(!fs.existsSync('/proc/sysvipc/shm'))('stopOrphanedPostgres after PostgreSQL was killed too', () => {
  it('removes the postmaster.pid of a postmaster that is a zombie not yet reaped (PostgreSQL would refuse it)', async () => {
    const dir = pgDir();
    const dead = await zombie();
    try {
      writePidFile(dir, dead.pid, unusedShmid());
      await stopOrphanedPostgres(dir, log);
      expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    } finally {
      dead.release();
    }
  });

  it('removes a postmaster.pid whose pid now belongs to an unrelated live process, and leaves that process alone', async () => {
    const dir = pgDir();
    writePidFile(dir, process.pid, unusedShmid());
    await stopOrphanedPostgres(dir, log);
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('keeps postmaster.pid while processes are still attached to the shared memory it names', async () => {
    // The test cluster's own segment stands for the dead postmaster's backends that have not exited yet.
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    const { rows } = await admin.query<{ data_directory: string }>('SHOW data_directory');
    await admin.end();
    const clusterPidFile = path.join(rows[0]!.data_directory, 'postmaster.pid');
    const shmid = fs.existsSync(clusterPidFile)
      ? fs.readFileSync(clusterPidFile, 'utf8').split('\n')[6]?.trim().split(/\s+/)[1]
      : undefined;
    if (!shmid) return; // TEST_DATABASE_URL on another machine: nothing to borrow.
    const dir = pgDir();
    const dead = await zombie();
    try {
      writePidFile(dir, dead.pid, shmid);
      await expect(stopOrphanedPostgres(dir, log, { attachedWaitMs: 500 })).rejects.toThrow(
        `Processes of a previous PostgreSQL (pid ${dead.pid}) still use ${dir}`,
      );
      expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(true);
    } finally {
      dead.release();
    }
  });
});

describe.skipIf(!inject('appDatabaseUrl'))('the embedded cluster', () => {
  it('gives the app a unix socket in its own folder (cheaper per query than loopback TCP)', async () => {
    const url = inject('appDatabaseUrl');
    expect(new URL(url).searchParams.get('host')).toMatch(/habla-test-pg-[^/]+\/pg$/);
    const { connect } = await import('./client');
    const database = connect(url, 1);
    try {
      // No server address: the connection is not TCP.
      const row = (await database.pool.query('SELECT inet_server_addr() AS addr')).rows[0];
      expect(row).toEqual({ addr: null });
    } finally {
      await database.close();
    }
  });
});
