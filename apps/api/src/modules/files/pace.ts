import type { UploadPace } from '../../config';
import { AppError } from '../../lib/errors';
import { formatBytes } from './upload';

/** Seconds shown in a message: whole when they are, else one decimal (a test's 0.5 s). */
const seconds = (ms: number) => +(ms / 1000).toFixed(1);

/**
 * The pace of one upload (decision 007). The request's bytes are counted as they arrive
 * (`receive`, framing included); every wait of the upload for the parser's next part or chunk goes
 * through `next`, which fails with 408 naming the field `file` when no byte has arrived for
 * `idleMs`, or when, past `graceMs` of waiting, the bytes received average fewer than
 * `minBytesPerSecond`. Only time spent waiting for the client counts: while the store writes (and
 * the request is paused behind it) the clock stands still, so a slow store never blames the client.
 *
 * No polling: with `b` bytes received the average falls below the minimum once the waiting passes
 * `b / minBytesPerSecond` seconds, and the idle limit falls due `idleMs` after the last byte; a
 * timer is set for the sooner of the two and, when it fires, set again if bytes came meanwhile.
 */
export class UploadClock {
  private bytes = 0;
  private waitedMs = 0;
  private lastByteAt = -Infinity;

  constructor(
    private readonly pace: UploadPace,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Bytes of the request that have just arrived. */
  receive(count: number): void {
    this.bytes += count;
    this.lastByteAt = this.now();
  }

  /**
   * Wait for `pending` (the parser's next part or chunk) within the pace. Rejects with the 408 of
   * the limit reached first; `pending` is then abandoned (its own failure, when the connection
   * closes, is handled by the race that is already over, and goes nowhere).
   */
  async next<T>(pending: Promise<T>): Promise<T> {
    const started = this.now();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      const check = () => {
        const now = this.now();
        const idleAt = Math.max(this.lastByteAt, started) + this.pace.idleMs;
        const slowAt =
          this.pace.minBytesPerSecond > 0
            ? started + Math.max(this.pace.graceMs, (this.bytes * 1000) / this.pace.minBytesPerSecond) - this.waitedMs
            : Infinity;
        if (now >= idleAt) reject(idleError(this.pace.idleMs));
        else if (now >= slowAt) reject(slowError(this.pace.minBytesPerSecond));
        else timer = setTimeout(check, Math.min(idleAt, slowAt) - now);
      };
      check();
    });
    try {
      return await Promise.race([pending, limit]);
    } finally {
      clearTimeout(timer);
      this.waitedMs += this.now() - started;
    }
  }
}

export const idleError = (idleMs: number) =>
  new AppError(408, 'REQUEST_TIMEOUT', 'files.idle', { seconds: seconds(idleMs) }, { file: 'files.idle' });

export const slowError = (minBytesPerSecond: number) =>
  new AppError(
    408,
    'REQUEST_TIMEOUT',
    'files.tooSlow',
    { rate: formatBytes(minBytesPerSecond) },
    { file: 'files.tooSlow' },
  );
