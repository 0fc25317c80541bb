/**
 * A bounded admission gate: at most `maxActive` requests are handled at once, at most `maxQueue`
 * wait for a turn (first come, first served), and none waits longer than `maxWaitMs`. Whoever
 * cannot be served in time is refused at once (`ShedError`), so the requests that are admitted stay
 * fast instead of every request queueing without bound in front of the database pool.
 *
 * A request that would wait longer than `maxWaitMs` by the recent pace (queue length × the
 * average time a turn is held ÷ `maxActive`) is refused on arrival rather than after waiting.
 */
export class ShedError extends Error {
  constructor(readonly reason: 'queue-full' | 'too-slow' | 'timeout' | 'gone') {
    super(`request shed: ${reason}`);
    this.name = 'ShedError';
  }
}

export type Release = () => void;

type Waiter = { resolve: (release: Release) => void; reject: (err: ShedError) => void; timer: NodeJS.Timeout };

export class AdmissionGate {
  private running = 0;
  private readonly queue: Waiter[] = [];
  /** Exponentially weighted average of how long a turn is held, in ms. */
  private holdMs = 0;
  /** Counters since start (for logs and tests). */
  readonly stats = { admitted: 0, queued: 0, shed: 0 };

  constructor(
    readonly maxActive: number,
    readonly maxQueue: number,
    readonly maxWaitMs: number,
  ) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** A turn now, or null when every turn is taken (or others are already waiting). */
  tryEnter(): Release | null {
    if (this.running >= this.maxActive || this.queue.length > 0) return null;
    return this.grant();
  }

  /**
   * Why a request that found every turn taken must be refused at once (the queue is full, or the
   * wait would pass the budget at the recent pace), or null when it may wait. No allocation: under
   * overload most requests end here.
   */
  refusal(): 'queue-full' | 'too-slow' | null {
    if (this.queue.length >= this.maxQueue) return 'queue-full';
    if (((this.queue.length + 1) * this.holdMs) / this.maxActive > this.maxWaitMs) return 'too-slow';
    return null;
  }

  /** Count a request refused at once (after `refusal`). */
  refused(): void {
    this.stats.shed += 1;
  }

  /** Wait for a turn; rejects with ShedError when the deadline passes or `signal` aborts (the client went away). */
  wait(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(new ShedError('gone'));
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => this.drop(waiter, 'timeout'), this.maxWaitMs),
      };
      this.queue.push(waiter);
      this.stats.queued += 1;
      signal?.addEventListener('abort', () => this.drop(waiter, 'gone'), { once: true });
    });
  }

  /** A turn now or after waiting; rejects with ShedError when refused (tryEnter, refusal, wait in one). */
  enter(signal?: AbortSignal): Promise<Release> {
    const now = this.tryEnter();
    if (now) return Promise.resolve(now);
    const no = this.refusal();
    if (no) {
      this.refused();
      return Promise.reject(new ShedError(no));
    }
    return this.wait(signal);
  }

  private drop(waiter: Waiter, reason: ShedError['reason']): void {
    const i = this.queue.indexOf(waiter);
    if (i < 0) return;
    this.queue.splice(i, 1);
    clearTimeout(waiter.timer);
    this.stats.shed += 1;
    waiter.reject(new ShedError(reason));
  }

  private grant(): Release {
    this.running += 1;
    this.stats.admitted += 1;
    const started = performance.now();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.running -= 1;
      const took = performance.now() - started;
      this.holdMs = this.holdMs === 0 ? took : this.holdMs * 0.9 + took * 0.1;
      this.next();
    };
  }

  private next(): void {
    while (this.running < this.maxActive && this.queue.length) {
      const waiter = this.queue.shift()!;
      clearTimeout(waiter.timer);
      waiter.resolve(this.grant());
    }
  }
}
