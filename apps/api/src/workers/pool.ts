import { Piscina } from 'piscina';
import { AppError } from '../lib/errors';
import type { ServiceContext } from '../lib/context';
import type { TaskInput, TaskName, TaskOutput, TaskRequest, TaskResult } from './tasks';

/**
 * The CPU pool (decision 020; docs/decisions/005-hardening.md for the 503): CPU-heavy work (reading
 * and analysing a language sample, drawing a PDF) runs in worker threads so the event loop only
 * routes. At most `size` tasks run at once and `maxQueue` wait; one more is refused at once with
 * 503 and Retry-After rather than queued without bound.
 */
export type CpuPool = {
  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
  /** Start every thread and load the tasks' modules in it, so that the first requests do not wait for them. */
  warm(): Promise<void>;
  /** Threads started (for tests and logs). */
  readonly threads: number;
  close(): Promise<void>;
};

/** Seconds a refused client is told to wait: a task takes tens of milliseconds. */
export const CPU_BUSY_RETRY_AFTER_SECONDS = 1;

const busy = () => new AppError(503, 'UNAVAILABLE', 'errors.cpuBusy', {}, {}, CPU_BUSY_RETRY_AFTER_SECONDS);

function unwrap<N extends TaskName>(result: TaskResult<TaskName>): TaskOutput<N> {
  if (!result.ok) throw new AppError(result.refusal.statusCode, result.refusal.code, result.refusal.messageKey, result.refusal.params, result.refusal.fields);
  return result.value as TaskOutput<N>;
}

/**
 * A pool of at most `size` worker threads. A thread starts with the first task that finds every
 * other busy (or with `warm`), loads the tasks' modules once (one to three seconds), and stays until
 * the pool is closed: an idle thread costs memory, a restarted one costs that start again.
 */
export function createCpuPool(options: { size: number; maxQueue: number }): CpuPool {
  const piscina = new Piscina<TaskRequest, TaskResult<TaskName>>({
    filename: new URL('./cpu-worker.mjs', import.meta.url).href,
    // No thread until there is work: the tests build many apps that never analyse anything.
    minThreads: 0,
    maxThreads: options.size,
    idleTimeout: Infinity,
    maxQueue: options.maxQueue,
    // Between tasks a worker waits on a message, not in Atomics.wait, so the timers and streams of
    // an asynchronous task (pdfkit's) never sit behind the wait.
    atomics: 'disabled',
  });
  let closed = false;
  return {
    async run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
      if (closed) throw busy();
      let result: TaskResult<TaskName>;
      try {
        result = await piscina.run({ name, input } as TaskRequest);
      } catch (err) {
        // piscina refuses a task past the queue's bound with this message (errors.js, TaskQueueAtLimit).
        if (err instanceof Error && err.message === 'Task queue is at limit') throw busy();
        throw err;
      }
      return unwrap<N>(result);
    },
    async warm() {
      // Queued at once, the tasks make piscina start every thread (it spawns up to maxThreads while work waits).
      await Promise.allSettled(Array.from({ length: options.size }, () => this.run('warm', null)));
    },
    get threads() {
      return piscina.threads.length;
    },
    async close() {
      closed = true;
      await piscina.destroy();
    },
  };
}

/**
 * The same tasks on the calling thread: for the CLI and the demo data, which serve no requests. The
 * tasks' modules are loaded on first use, so a process with a pool never loads them on its main
 * thread.
 */
export const inlineCpuPool: CpuPool = {
  async run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> {
    const { runTask } = await import('./tasks');
    return unwrap<N>(await runTask({ name, input } as TaskRequest));
  },
  async warm() {},
  threads: 0,
  async close() {},
};

/** The pool of a service context: the app's, or the calling thread where there is none (the CLI). */
export const cpuOf = (ctx: Pick<ServiceContext, 'cpu'>): CpuPool => ctx.cpu ?? inlineCpuPool;
