import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { AppError } from '../../lib/errors';
import { idleError, slowError, UploadClock } from './pace';

/**
 * The upload pace with the default limits (30 s idle, 1 KiB/s on average after 10 s of waiting), on
 * fake timers: when the probe's client (10 bytes every 5 s) and a stalled one are cut off, and that
 * a slow but real connection, or a slow store, never is.
 */
const DEFAULTS = loadConfig({}).uploadPace;

beforeEach(
  () =>
    void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] }),
);
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

  it('cuts off a client that sends nothing at all 30 s after the wait began, with one timer, not polling', async () => {
    const clock = new UploadClock({ ...DEFAULTS, minBytesPerSecond: 0 });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    expect(await settle(clock.next(never()), 120_000)).toEqual({ at: 30_000, outcome: 'files.idle' });
    // One for the clock; settle's own steps use none.
    expect(timers).toHaveBeenCalledTimes(1);
    timers.mockRestore();
  });

  it('counts the grace period over all the waits of one upload, not each wait afresh', async () => {
    const clock = new UploadClock(DEFAULTS);
    clock.receive(10);
    expect(await settle(clock.next(after(6000, 1)), 10_000)).toEqual({ at: 6000, outcome: 'done' });
    // 6 s waited already: 10 bytes are under the minimum once 10 s of waiting have passed, 4 s from here.
    expect(await settle(clock.next(never()), 60_000)).toEqual({ at: 4000, outcome: 'files.tooSlow' });
  });

  it('passes on the failure of what it waits for, leaves no timer behind, and swallows the late failure of what it gave up on', async () => {
    const clock = new UploadClock(DEFAULTS);
    const broken = new Error('connection reset');
    await expect(clock.next(Promise.reject(broken))).rejects.toBe(broken);
    expect(await clock.next(Promise.resolve('part'))).toBe('part');
    expect(vi.getTimerCount()).toBe(0);
    // Given up on after 10 s (no byte: under the minimum rate); it fails later (the connection closes): no unhandled
    // rejection.
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('closed')), 20_000));
    expect(await settle(clock.next(late), 60_000)).toEqual({ at: 10_000, outcome: 'files.tooSlow' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says the limits in its 408s: seconds (one decimal at most) and the rate, naming the field', () => {
    for (const [ms, seconds] of [
      [30_000, 30],
      [500, 0.5],
      [1234, 1.2],
    ] as const) {
      const e = idleError(ms);
      expect({ status: e.statusCode, code: e.code, key: e.messageKey, params: e.params, fields: e.fields }).toEqual({
        status: 408,
        code: 'REQUEST_TIMEOUT',
        key: 'files.idle',
        params: { seconds },
        fields: { file: 'files.idle' },
      });
    }
    const slow = slowError(1024);
    expect({
      status: slow.statusCode,
      code: slow.code,
      key: slow.messageKey,
      params: slow.params,
      fields: slow.fields,
    }).toEqual({
      status: 408,
      code: 'REQUEST_TIMEOUT',
      key: 'files.tooSlow',
      params: { rate: '1 KB' },
      fields: { file: 'files.tooSlow' },
    });
  });

  it('has no minimum rate when it is 0, and still an idle limit', async () => {
    const clock = new UploadClock({ ...DEFAULTS, minBytesPerSecond: 0 });
    const drip = setInterval(() => clock.receive(1), 20_000);
    const result = await settle(clock.next(never()), 300_000);
    clearInterval(drip);
    expect(result).toEqual({ at: 300_000, outcome: 'pending' });
  });
});
