import { Piscina } from 'piscina';
import { AdmissionGate, ShedError, type Release } from '../lib/admission';
import { AppError } from '../lib/errors';
import type { ServiceContext } from '../lib/context';
import type { TaskInput, TaskName, TaskOutput, TaskRequest, TaskResult } from './tasks';

/**
 * The CPU pool (decision 020; docs/decisions/005-hardening.md for the 503): CPU-heavy work (reading
 * and analysing a language sample, drawing a PDF) runs in worker threads so the event loop only
 * routes. At most `size` tasks run at once and `maxQueue` wait, none longer than `maxWaitMs`; the
 * others are refused with 503 and Retry-After rather than queued without bound. The waiting is
 * lib/admission.ts's gate (first come, first served; newest first once congested), so work whose
 * client has long given up is not what the threads spend their time on.
 */
export type CpuRunner = <N extends TaskName>(name: N, input: TaskInput<N>) => Promise<TaskOutput<N>>;

export type CpuPool = {
  /** One task: waits for a turn (or is refused), runs in a thread. */
  run: CpuRunner;
  /**
   * One turn for several tasks in a row, with other work between them (an analysis, its catalogs
   * read on the main thread, the analysis again): the second task never queues again, so a
   * congested pool does not refuse it after the first was done for nothing.
   */
  hold<T>(work: (run: CpuRunner) => Promise<T>): Promise<T>;
  /** Whether a task asked for now would be refused at once (every thread busy, the queue full). */
  full(): boolean;
  /** Start every thread and load the tasks' modules in it, so that the first requests do not wait for them. */
  warm(): Promise<void>;
  /** Threads started (for tests and logs). */
  readonly threads: number;
  close(): Promise<void>;
};

/** Seconds a refused client is told to wait: a task takes tens of milliseconds. */
export const CPU_BUSY_RETRY_AFTER_SECONDS = 1;

/** The 503 of a full pool. */
export const cpuBusy = (): AppError =>
  new AppError(503, 'UNAVAILABLE', 'errors.cpuBusy', {}, {}, CPU_BUSY_RETRY_AFTER_SECONDS);

function unwrap<N extends TaskName>(result: TaskResult<TaskName>): TaskOutput<N> {
  if (!result.ok)
    throw new AppError(
      result.refusal.statusCode,
      result.refusal.code,
      result.refusal.messageKey,
      result.refusal.params,
      result.refusal.fields,
    );
  return result.value as TaskOutput<N>;
}

/**
 * A pool of at most `size` worker threads. A thread starts with the first task that finds every
 * other busy (or with `warm`), loads the tasks' modules once (one to three seconds), and stays until
 * the pool is closed: an idle thread costs memory, a restarted one costs that start again.
 */
export function createCpuPool(options: { size: number; maxQueue: number; maxWaitMs: number }): CpuPool {
  const gate = new AdmissionGate(options.size, options.maxQueue, options.maxWaitMs);
  const piscina = new Piscina<TaskRequest, TaskResult<TaskName>>({
    filename: new URL('./cpu-worker.mjs', import.meta.url).href,
    // No thread until there is work: the tests build many apps that never analyse anything.
    minThreads: 0,
    maxThreads: options.size,
    idleTimeout: Infinity,
    // The gate above admits no more tasks than there are threads: piscina's own queue stays empty.
    maxQueue: Infinity,
    // Between tasks a worker waits on a message, not in Atomics.wait, so the timers and streams of
    // an asynchronous task (pdfkit's) never sit behind the wait.
    atomics: 'disabled',
    // The threads run at a lower priority than the event loop (Linux nice is per thread): when the
    // cores are short, answering a request comes before counting a sample.
    niceIncrement: 10,
  });
  let closed = false;
  const direct: CpuRunner = async <N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> =>
    unwrap<N>(await piscina.run({ name, input } as TaskRequest));
  const hold = async <T>(work: (run: CpuRunner) => Promise<T>): Promise<T> => {
    if (closed) throw cpuBusy();
    let release: Release;
    try {
      release = await gate.enter();
    } catch (err) {
      if (err instanceof ShedError) throw cpuBusy();
      throw err;
    }
    try {
      return await work(direct);
    } finally {
      release();
    }
  };
  return {
    run: (name, input) => hold((run) => run(name, input)),
    hold,
    full: () => gate.active >= gate.maxActive && gate.waiting >= gate.maxQueue,
    async warm() {
      // Queued at once, the tasks make piscina start every thread (it spawns up to maxThreads while
      // work waits). They take no turn of the gate: a request arriving meanwhile is admitted and
      // waits in piscina for the thread to be up, instead of timing out behind a start-up.
      await Promise.allSettled(Array.from({ length: options.size }, () => piscina.run({ name: 'warm', input: null })));
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
const inline: CpuRunner = async <N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>> => {
  const { runTask } = await import('./tasks');
  return unwrap<N>(await runTask({ name, input } as TaskRequest));
};

export const inlineCpuPool: CpuPool = {
  run: inline,
  hold: (work) => work(inline),
  full: () => false,
  async warm() {},
  threads: 0,
  async close() {},
};

/** The pool of a service context: the app's, or the calling thread where there is none (the CLI). */
export const cpuOf = (ctx: Pick<ServiceContext, 'cpu'>): CpuPool => ctx.cpu ?? inlineCpuPool;
