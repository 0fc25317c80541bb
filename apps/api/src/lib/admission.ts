/**
 * A bounded admission gate: at most `maxActive` requests are handled at once, at most `maxQueue`
 * wait for a turn, and none waits longer than `maxWaitMs`. A request that finds the queue full is
 * refused at once; one whose wait passes the budget is refused then (`ShedError`). The requests that
 * are admitted stay fast, instead of every request queueing without bound in front of the database
 * pool.
 *
 * Waiters are served first come, first served until the queue is congested (its oldest has waited a
 * quarter of the budget); then the newest first, so that the requests that are served have waited
 * little while the oldest run out their deadline (adaptive LIFO). Waiting out the budget before a
 * refusal, rather than refusing whoever finds every turn taken, keeps clients that retry at once
 * from spending the server's time on refusals.
 */
export class ShedError extends Error {
  constructor(readonly reason: 'queue-full' | 'timeout' | 'gone') {
    super(`request shed: ${reason}`);
    this.name = 'ShedError';
  }
}

export type Release = () => void;

type Waiter = {
  resolve: (release: Release) => void;
  reject: (err: ShedError) => void;
  timer: NodeJS.Timeout;
  since: number;
};

export class AdmissionGate {
  private running = 0;
  private readonly queue: Waiter[] = [];
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

  /** Why a request that found every turn taken must be refused at once (the queue is full), or null when it may wait.
   * */
  refusal(): 'queue-full' | null {
    return this.queue.length >= this.maxQueue ? 'queue-full' : null;
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
        since: performance.now(),
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

  /**
   * The queue is congested when its oldest waiter has waited a quarter of the budget: it will
   * likely be refused anyway, so the newest is served first (its client is still there and its
   * wait stays short), the oldest running out its deadline. Otherwise first come, first served.
   */
  private congested(): boolean {
    const oldest = this.queue[0];
    return oldest !== undefined && performance.now() - oldest.since >= this.maxWaitMs / 4;
  }

  private grant(): Release {
    this.running += 1;
    this.stats.admitted += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.running -= 1;
      this.next();
    };
  }

  private next(): void {
    while (this.running < this.maxActive && this.queue.length) {
      const waiter = this.congested() ? this.queue.pop()! : this.queue.shift()!;
      clearTimeout(waiter.timer);
      waiter.resolve(this.grant());
    }
  }
}
