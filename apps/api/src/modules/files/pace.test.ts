import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../../lib/errors';
import { UploadClock } from './pace';

/**
 * The upload pace with the default limits (30 s idle, 1 KiB/s on average after 10 s of waiting), on
 * fake timers: when the probe's client (10 bytes every 5 s) and a stalled one are cut off, and that
 * a slow but real connection, or a slow store, never is.
 */
const DEFAULTS = loadConfig({}).uploadPace;

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] }));
afterEach(() => void vi.useRealTimers());

const never = () => new Promise<never>(() => undefined);
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** When (ms of fake time) the wait ended, and how: the 408's message key, or 'done'. */
async function settle(wait: Promise<unknown>, horizonMs: number): Promise<{ at: number; outcome: string }> {
  const start = performance.now();
  let outcome = 'pending';
  void wait.then(
    () => (outcome = 'done'),
    (err: unknown) => (outcome = err instanceof AppError ? err.messageKey : String(err)),
  );
  for (let t = 0; t < horizonMs && outcome === 'pending'; t += 100) await vi.advanceTimersByTimeAsync(100);
  return { at: performance.now() - start, outcome };
}

describe('the upload pace', () => {
  it('has the documented defaults', () => {
    expect(DEFAULTS).toEqual({ idleMs: 30_000, minBytesPerSecond: 1024, graceMs: 10_000 });
  });

  it('cuts off the probe’s client (10 bytes every 5 s) when the grace period ends: 10 s', async () => {
    const clock = new UploadClock(DEFAULTS);
    const drip = setInterval(() => clock.receive(10), 5000);
    const result = await settle(clock.next(never()), 120_000);
    clearInterval(drip);
    expect(result).toEqual({ at: 10_000, outcome: 'files.tooSlow' });
  });

  it('cuts off a client that stops sending 30 s after its last byte', async () => {
    const clock = new UploadClock(DEFAULTS);
    clock.receive(200_000);
    setTimeout(() => clock.receive(1000), 20_000);
    // 201 KB received: the average stays above 1 KiB/s for 196 s; the idle limit comes first.
    expect(await settle(clock.next(never()), 120_000)).toEqual({ at: 50_000, outcome: 'files.idle' });
  });

  it('lets a slow but steady connection (2 KiB/s) go on for ten minutes', async () => {
    const clock = new UploadClock(DEFAULTS);
    for (let second = 0; second < 600; second += 1) {
      const chunk = after(1000, 2048);
      setTimeout(() => clock.receive(2048), 999);
      expect((await settle(clock.next(chunk), 2000)).outcome).toBe('done');
    }
  });

  it('does not count the time the store takes between two waits', async () => {
    const clock = new UploadClock(DEFAULTS);
    clock.receive(4096);
    expect((await settle(clock.next(after(500, 1)), 1000)).outcome).toBe('done');
    // A minute writing to a slow store: no wait for the client is running. Counted, 8 KiB in 61 s
    // would be under the minimum; uncounted, the client has been waited for 1 s in all.
    await vi.advanceTimersByTimeAsync(60_000);
    clock.receive(4096);
    expect((await settle(clock.next(after(500, 1)), 1000)).outcome).toBe('done');
  });

  it('has no minimum rate when it is 0, and still an idle limit', async () => {
    const clock = new UploadClock({ ...DEFAULTS, minBytesPerSecond: 0 });
    const drip = setInterval(() => clock.receive(1), 20_000);
    const result = await settle(clock.next(never()), 300_000);
    clearInterval(drip);
    expect(result).toEqual({ at: 300_000, outcome: 'pending' });
  });
});
