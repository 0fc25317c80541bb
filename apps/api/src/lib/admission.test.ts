import { describe, expect, it, vi } from 'vitest';
import { AdmissionGate, ShedError } from './admission';

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'admitted',
    (e: unknown) => (e instanceof ShedError ? e.reason : String(e)),
  );

describe('AdmissionGate', () => {
  it('serves waiters first come, first served, and gives each turn back once', async () => {
    const gate = new AdmissionGate(1, 5, 10_000);
    const first = gate.tryEnter()!;
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => gate.wait().then((release) => (order.push(n), release)));
    expect(gate.tryEnter()).toBeNull();
    first();
    first(); // a second release of the same turn changes nothing
    const second = await waiting[0]!;
    expect([gate.active, gate.waiting]).toEqual([1, 2]);
    second();
    (await waiting[1]!)();
    (await waiting[2]!)();
    expect(order).toEqual([1, 2, 3]);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('serves the newest waiter first once the oldest has waited a quarter of the budget (its client is likely gone soon anyway)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const gate = new AdmissionGate(1, 5, 400);
      const held = gate.tryEnter()!;
      const order: string[] = [];
      const old = gate.wait().then((release) => (order.push('old'), release));
      vi.advanceTimersByTime(100);
      const fresh = gate.wait().then((release) => (order.push('fresh'), release));
      held();
      (await fresh)();
      (await old)();
      expect(order).toEqual(['fresh', 'old']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses at once only when the queue is full', async () => {
    const gate = new AdmissionGate(1, 2, 1_000);
    const held = gate.tryEnter()!;
    const queued = [reason(gate.enter()), reason(gate.enter())];
    expect(gate.refusal()).toBe('queue-full');
    expect(await reason(gate.enter())).toBe('queue-full');
    expect(gate.stats).toMatchObject({ admitted: 1, queued: 2, shed: 1 });
    held();
    expect(await queued[0]).toBe('admitted');
  });

  it('drops a waiter at its deadline or when its client goes away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const gate = new AdmissionGate(1, 5, 200);
      const held = gate.tryEnter()!;
      const late = reason(gate.wait());
      const ac = new AbortController();
      const gone = reason(gate.wait(ac.signal));
      ac.abort();
      expect(await gone).toBe('gone');
      vi.advanceTimersByTime(200);
      expect(await late).toBe('timeout');
      expect(gate.waiting).toBe(0);
      held();
      expect(gate.active).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
