import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from './render-app';

afterEach(() => vi.unstubAllGlobals());

describe('stubApi', () => {
  it('answers through the handler and records every call', async () => {
    const calls = stubApi(({ url }) => (url.pathname === '/api/x' ? json({ ok: 1 }) : undefined));
    const res = await fetch('/api/x?a=1', { method: 'POST', body: JSON.stringify({ b: 2 }) });
    expect(await res.json()).toEqual({ ok: 1 });
    expect(calls.map((c) => [c.method, c.url.pathname, c.url.search, c.body])).toEqual([
      ['POST', '/api/x', '?a=1', { b: 2 }],
    ]);
  });

  // `fails`: the test passes only if it fails. The call below is swallowed, as the app's toast
  // would swallow it, and nothing in the body fails; the helper must fail the test anyway.
  it.fails('fails a test that made a call nobody answered, even when the app swallowed the error', async () => {
    stubApi(() => undefined);
    await fetch('/api/nobody-answers').catch(() => undefined);
  });
});
