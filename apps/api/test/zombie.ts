import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** The state letter of a process (/proc/<pid>/stat field 3: R, S, Z…), or undefined when it is gone. */
export function processState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** /proc/<pid>/stat field 22, as the data-directory lock records it beside the pid. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export type Zombie = { pid: number; startTime: string; release: () => void };

/**
 * A process killed with kill -9 whose parent has not reaped it, as after a crash under a supervisor that
 * has not called wait() yet. Its parent is `sleep` (sh execs it), which never reaps: the pid stays a
 * zombie, and signal 0 still reaches it, until release() kills the parent and init reaps both.
 */
export async function zombie(): Promise<Zombie> {
  const holder = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const release = () => void holder.kill('SIGKILL');
  try {
    const pid = await new Promise<number>((resolve, reject) => {
      holder.stdout.once('data', (d: Buffer) => resolve(Number.parseInt(d.toString(), 10)));
      holder.once('error', reject);
    });
    const startTime = processStartTime(pid);
    if (!startTime) throw new Error(`no /proc/${pid}/stat`);
    // Kill only once the shell has become `sleep`: a shell still running would reap its child at
    // once (seen on a loaded machine: the pid was gone, not a zombie).
    const comm = () => {
      try {
        return fs.readFileSync(`/proc/${holder.pid}/comm`, 'utf8').trim();
      } catch {
        return undefined;
      }
    };
    for (let i = 0; i < 250 && comm() !== 'sleep'; i++) await new Promise((r) => setTimeout(r, 20));
    if (comm() !== 'sleep') throw new Error(`the holder of pid ${pid} did not exec sleep`);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && processState(pid) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
    if (processState(pid) !== 'Z') throw new Error(`pid ${pid} did not become a zombie (state ${processState(pid)})`);
    return { pid, startTime, release };
  } catch (err) {
    release();
    throw err;
  }
}
