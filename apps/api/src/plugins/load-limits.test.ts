import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { loadConfig } from '../config';
import { badRequest } from '../lib/errors';

/**
 * The admission gate (overload): with two turns and one place in the queue, requests beyond
 * are refused with 503 + Retry-After in the API's error envelope; admitted ones succeed; liveness
 * never waits; a turn is given back after every kind of answer and when the client goes away.
 * Behaviour only: the timing goal is measured by `npm run bench`.
 */
let t: TestApp;
let base: string;
/** Requests to /api/test/hold wait until the test opens the door. */
let door: { open: () => void; opened: Promise<void> };
const closeDoor = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  door = { open, opened };
};
closeDoor();

const BUSY = {
  status: false,
  code: 'UNAVAILABLE',
  retry_after: 1,
  errors: ['The service is busy. Please try again in a moment.'],
};

async function eventually(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const gate = () => t.app.admission!;
const hold = () => t.app.inject({ method: 'GET', url: '/api/test/hold' });

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMISSION_MAX_ACTIVE: '2', ADMISSION_MAX_QUEUE: '1', ADMISSION_MAX_WAIT_MS: '1500' },
    routes: (app) => {
      app.get('/api/test/hold', async () => {
        await door.opened;
        return { status: true };
      });
      app.get('/api/test/crash', async () => {
        throw new Error('boom');
      });
      app.get('/api/test/refuse', async () => {
        throw badRequest();
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('admission gate', () => {
  it('admits two, queues one, sheds the rest with 503 + Retry-After in the envelope; health still answers', async () => {
    closeDoor();
    const first = [hold(), hold()];
    await eventually(() => gate().active === 2, 'two admitted');
    const queued = hold();
    await eventually(() => gate().waiting === 1, 'one queued');
    const shed = await hold();
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.headers['content-type']).toMatch(/^application\/json/);
    expect(shed.json()).toEqual(BUSY);
    // A real route is refused the same way, before it touches the database.
    const list = await t.app.inject({ method: 'GET', url: '/api/catalogs/verbs' });
    expect(list.statusCode).toBe(503);
    const es = await t.app.inject({ method: 'GET', url: '/api/test/hold', headers: { 'accept-language': 'es' } });
    expect(es.json().errors).toEqual(['El servicio está ocupado. Inténtelo de nuevo en un momento.']);
    // Liveness never waits for a turn.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    door.open();
    expect((await Promise.all([...first, queued])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect([gate().active, gate().waiting]).toEqual([0, 0]);
  });

  it('answers 503 to a queued request whose wait passes the budget', async () => {
    closeDoor();
    const first = [hold(), hold()];
    await eventually(() => gate().active === 2, 'two admitted');
    const started = Date.now();
    const late = await hold();
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(gate().waiting).toBe(0);
    door.open();
    expect((await Promise.all(first)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('gives the turn back after errors: 500, 400, 401 and 404 answers leave the gate empty', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/test/crash' })).statusCode).toBe(500);
      expect((await t.app.inject({ method: 'GET', url: '/api/test/refuse' })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/catalogs/verbs' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    }
    expect([gate().active, gate().waiting]).toEqual([0, 0]);
    // Both turns are free: two requests at once are admitted, none shed.
    closeDoor();
    const two = [hold(), hold()];
    await eventually(() => gate().active === 2, 'two admitted');
    door.open();
    expect((await Promise.all(two)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(gate().active).toBe(0);
  });

  it('gives the turn back, and leaves the queue, when the client goes away', async () => {
    closeDoor();
    const aborts = [new AbortController(), new AbortController(), new AbortController()];
    const calls = aborts.map((ac) => fetch(`${base}/api/test/hold`, { signal: ac.signal }).catch(() => 'aborted'));
    await eventually(() => gate().active === 2 && gate().waiting === 1, 'two admitted, one queued');
    aborts[2]!.abort();
    await eventually(() => gate().waiting === 0, 'the queued client left');
    aborts[0]!.abort();
    aborts[1]!.abort();
    await eventually(() => gate().active === 0, 'both turns back');
    expect(await Promise.all(calls)).toEqual(['aborted', 'aborted', 'aborted']);
    door.open();
  });
});

describe('load limits configuration', () => {
  it('has sane defaults and can switch the gate off', () => {
    expect(loadConfig({})).toMatchObject({
      exportMaxPerUser: 2,
      exportMaxConcurrent: 4,
      admissionMaxActive: 20,
      admissionMaxQueue: 500,
      admissionMaxWaitMs: 500,
    });
    expect(loadConfig({ ADMISSION_MAX_ACTIVE: '0' }).admissionMaxActive).toBe(0);
    expect(() => loadConfig({ EXPORT_MAX_PER_USER: '0' })).toThrow(/EXPORT_MAX_PER_USER/);
  });
});
