import { describe, expect, it, vi } from 'vitest';
import { AdmissionGate, ShedError } from './admission';

const reason = (p: Promise<unknown>) => p.then(
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

  it('refuses at once when the queue is full, or when the wait would pass the budget at the recent pace', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const full = new AdmissionGate(1, 1, 1_000);
      const held = full.tryEnter()!;
      const queued = reason(full.enter());
      expect(full.refusal()).toBe('queue-full');
      expect(await reason(full.enter())).toBe('queue-full');
      held();
      expect(await queued).toBe('admitted');

      // Turns have been held 300 ms: a waiter would wait ~300 ms, over the 100 ms budget.
      const slow = new AdmissionGate(1, 10, 100);
      const first = slow.tryEnter()!;
      expect(slow.refusal()).toBeNull();
      vi.advanceTimersByTime(300);
      first();
      const again = slow.tryEnter()!;
      expect(slow.refusal()).toBe('too-slow');
      expect(await reason(slow.enter())).toBe('too-slow');
      again();
      expect(slow.stats).toMatchObject({ admitted: 2, shed: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a waiter at its deadline or when its client goes away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
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
