import { translate } from '@habla/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { loginAs } from '../../test/factories';

/**
 * Decision 020: analyses and PDFs run in worker threads, so the event loop keeps answering while
 * they compute. Proved by order, not by milliseconds: on a main-thread analysis nothing else runs
 * from the moment its handler starts until it has finished, whatever the machine's speed.
 */

/** Brown's Adam at 3;1 with its utterances eight times over (1.4 MB, about 17,000 utterances): seconds of counting. */
function bigSample(): string {
  const lines = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'chat', 'adam22.cha'), 'utf8')
    .replace(/\r/g, '')
    .split('\n');
  const first = lines.findIndex((l) => l.startsWith('*'));
  const end = lines.lastIndexOf('@End');
  const body = lines.slice(first, end);
  return [...lines.slice(0, first), ...Array.from({ length: 8 }, () => body).flat(), '@End', ''].join('\n');
}

const text = bigSample();
let t: TestApp;
let headers: { authorization: string };
/** Resolved when the analysis's handler is about to run (after sign-in and validation). */
let analysisStarts: () => Promise<void>;

beforeAll(async () => {
  let started: (() => void) | undefined;
  analysisStarts = () => new Promise<void>((resolve) => (started = resolve));
  t = await buildTestApp({
    routes: (app) =>
      // A callback hook: the handler is called in the same turn of the event loop as `done`.
      app.addHook('preHandler', (req, _reply, done) => {
        if (req.url === '/api/lsa/analyze') started?.();
        done();
      }),
  });
  headers = (await loginAs(t.app, 'THERAPIST')).headers;
});

describe('the CPU pool', () => {
  it('answers /api/health while a long analysis is computed, before the analysis ends', async () => {
    const order: string[] = [];
    const starting = analysisStarts();
    // Spanish reads no catalog: on the main thread the sample would be read and counted in one turn,
    // with no database round trip in between for anything else to slip into.
    const analysis = t.app
      .inject({ method: 'POST', url: '/api/lsa/analyze', headers, payload: { language: 'es', format: 'chat', text } })
      .then((res) => {
        order.push('analysis');
        return res;
      });
    // On the main thread the whole count would run before this line could: health would come second.
    await starting;
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    order.push('health');
    const res = await analysis;
    expect(health.statusCode).toBe(200);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.utterances.total).toBeGreaterThan(7000);
    expect(order).toEqual(['health', 'analysis']);
    expect(t.app.cpu.threads).toBeGreaterThan(0);
  });

  it('answers a refusal made in the worker as before: the field, the message, 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lsa/analyze',
      headers,
      payload: { language: 'en', format: 'chat', text: '*CHI:\tno header .\n@End\n' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'VALIDATION',
      fields: { text: expect.stringMatching(/^Line 1: /) },
    });
    const speaker = await t.app.inject({
      method: 'POST',
      url: '/api/lsa/analyze',
      headers,
      payload: { language: 'en', format: 'chat', text, speaker: 'XYZ' },
    });
    expect(speaker.statusCode).toBe(400);
    expect(Object.keys(speaker.json().fields)).toEqual(['speaker']);
  });

  it('refuses work past its bounded queue with 503 and Retry-After, in the caller’s language', async () => {
    const small = await buildTestApp({
      env: { WORKER_POOL_SIZE: '1', WORKER_POOL_MAX_QUEUE: '1', WORKER_POOL_MAX_WAIT_MS: '600000' },
    });
    const who = await loginAs(small.app, 'THERAPIST');
    const send = () =>
      small.app.inject({
        method: 'POST',
        url: '/api/lsa/analyze',
        headers: { ...who.headers, 'accept-language': 'es' },
        payload: { language: 'es', format: 'chat', text },
      });
    // One runs, one waits, the others find the queue full (each analysis takes far longer than they take to arrive).
    const sent = Promise.all([send(), send(), send(), send()]);
    while (!small.app.cpu.full()) await new Promise((r) => setTimeout(r, 10));
    // While the pool is full a sample is refused before its body is read: malformed JSON gets 503, not 400.
    const unread = await small.app.inject({
      method: 'POST',
      url: '/api/lsa/analyze',
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: '{"language": "es", "text": ',
    });
    expect(unread.statusCode).toBe(503);
    const answers = await sent;
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({
      status: false,
      errors: [translate('es', 'errors.cpuBusy')],
      code: 'UNAVAILABLE',
      retry_after: 1,
    });
    // Closing the app ends its threads (the tests build and close many apps).
    expect(small.app.cpu.threads).toBe(1);
    await small.app.close();
    expect(small.app.cpu.threads).toBe(0);
  });
});
