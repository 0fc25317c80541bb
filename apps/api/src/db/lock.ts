import fs from 'node:fs';
import path from 'node:path';

/**
 * True when a process with this pid exists and has not exited. Signal 0 only checks that the pid exists
 * (EPERM still means "exists"), and a process killed with kill -9 keeps its pid as a zombie until its
 * parent reaps it: seconds when a supervisor polls or an init reaps orphans late. A zombie runs nothing
 * and holds no file, port or shared memory, so it counts as dead.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = statFields(pid)?.[0];
  // Z: zombie, X: being reaped. Without /proc (macOS) the state is unknown: trust signal 0.
  return state !== 'Z' && state !== 'X';
}

export class DataDirInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another Habla server (pid ${pid}) is already using data directory ${dataDir}. Stop it first or set DATA_DIR.`,
    );
  }
}

export type DataDirLock = {
  /** The pid of the previous owner when it died without releasing the lock (kill -9, power loss). */
  stalePid: number | undefined;
  release: () => void;
};

/**
 * Take DATA_DIR/habla.lock for this process. A live owner → DataDirInUseError; a dead owner's lock is
 * taken over (and reported, so the caller can clean up the PostgreSQL it may have left behind).
 * The file is created with O_EXCL so two processes starting together cannot both win.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'habla.lock');
  let stalePid: number | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n${startTime(process.pid) ?? ''}\n`, { flag: 'wx' });
      const release = () => {
        try {
          if (readPid(file) === process.pid) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      return { stalePid, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readPid(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner) && sameProcess(owner, file))
        throw new DataDirInUseError(owner, dataDir);
      stalePid = owner;
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${file}.`);
}

/** The first line of a pid file as a number, or undefined. */
export function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fields of /proc/<pid>/stat from field 3 (the state) on, where /proc exists. The command name
 * (field 2) may hold spaces and parentheses; the fields after its last closing parenthesis do not.
 */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** A process's start time (clock ticks since boot, /proc/<pid>/stat field 22), where /proc exists. */
function startTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/**
 * After a reboot or a container restart the recorded pid may belong to an unrelated process;
 * the start time recorded beside it tells the original owner from a newcomer with the same pid.
 */
function sameProcess(pid: number, file: string): boolean {
  const recorded = fs.readFileSync(file, 'utf8').split('\n')[1]?.trim();
  const current = startTime(pid);
  return !recorded || !current || recorded === current;
}
