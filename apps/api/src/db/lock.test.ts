import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zombie } from '../../test/zombie';
import { acquireDataDirLock, DataDirInUseError, isAlive } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('is taken, refused to a live owner, and released', async () => {
    const dir = tempDir();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      // Stands for another server: a live process recorded in the lock file.
      fs.writeFileSync(path.join(dir, 'habla.lock'), `${sleeper.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `Another Habla server (pid ${sleeper.pid}) is already using data directory ${dir}.`,
      );
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('takes over the lock of a dead owner and reports it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'habla.lock'), '999999\n');
    const lock = acquireDataDirLock(dir);
    expect(lock.stalePid).toBe(999999);
    expect(fs.readFileSync(path.join(dir, 'habla.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'habla.lock'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to an unrelated process (pid reuse after a restart)', () => {
    const dir = tempDir();
    // Our parent is alive, but its start time differs from the one recorded.
    fs.writeFileSync(path.join(dir, 'habla.lock'), `${process.ppid}\n1\n`);
    const lock = acquireDataDirLock(dir);
    expect(lock.stalePid).toBe(process.ppid);
    lock.release();
  });

  it.skipIf(!fs.existsSync('/proc/self/stat'))(
    'takes over from a server killed with kill -9 that is still a zombie (not yet reaped by its parent)',
    async () => {
      const dir = tempDir();
      const dead = await zombie();
      try {
        // Signal 0 still reaches a zombie: that alone made the lock refuse ("Another Habla server (pid …)").
        expect(() => process.kill(dead.pid, 0)).not.toThrow();
        expect(isAlive(dead.pid)).toBe(false);
        // What that server wrote when it took the lock: its pid and start time, which still match.
        fs.writeFileSync(path.join(dir, 'habla.lock'), `${dead.pid}\n${dead.startTime}\n`);
        const lock = acquireDataDirLock(dir);
        expect(lock.stalePid).toBe(dead.pid);
        expect(fs.readFileSync(path.join(dir, 'habla.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
        lock.release();
      } finally {
        dead.release();
      }
    },
  );

  it('counts a stopped process (kill -STOP) as alive', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      process.kill(sleeper.pid!, 'SIGSTOP');
      await new Promise((r) => setTimeout(r, 100));
      expect(isAlive(sleeper.pid!)).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});
