import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { loginAs } from '../../test/factories';

let t: TestApp;
let editor: { authorization: string };
const tag = crypto.randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await buildTestApp();
  editor = (await loginAs(t.app, 'EDITOR')).headers;
});

describe('list totals under load', () => {
  it('lets requests that miss the cached total at the same moment share one count, and counts afresh after a write', async () => {
    const spy = vi.spyOn(t.database.pool, 'query');
    // Count queries of this test's search (its tag is among the query's values).
    const counted = () =>
      spy.mock.calls.filter(
        ([text, values]) =>
          typeof text === 'string' && text.startsWith('SELECT count(*)') && JSON.stringify(values).includes(tag),
      ).length;
    const list = () => t.app.inject({ method: 'GET', url: `/api/catalogs/verbs?q=${tag}`, headers: editor });
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, list));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
      expect(answers.map((a) => (a.json() as { meta: { total: number } }).meta.total)).toEqual(Array(12).fill(0));
      expect(counted()).toBe(1);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/catalogs/verbs',
        headers: editor,
        payload: { base_form: `c${tag}`, past_simple: 'p', past_participle: 'p', type: 'regular' },
      });
      expect(made.statusCode).toBe(201);
      const after = await Promise.all(Array.from({ length: 5 }, list));
      expect(after.map((a) => (a.json() as { meta: { total: number } }).meta.total)).toEqual(Array(5).fill(1));
      expect(counted()).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  /**
   * Holds back the answers of this test's queries of one kind (its count, or its page) until
   * `release()`: each query runs at once on the pool, its rows arrive later. Counts the counts.
   */
  function gate(which: 'count' | 'page', mark: string) {
    const original = t.database.pool.query.bind(t.database.pool) as (...args: unknown[]) => Promise<unknown>;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let held = 0;
    let countsRun = 0;
    const spy = vi.spyOn(t.database.pool, 'query').mockImplementation(((text: unknown, values: unknown) => {
      const ours = typeof text === 'string' && JSON.stringify(values ?? []).includes(mark);
      const isCount = ours && (text as string).startsWith('SELECT count(*)');
      if (isCount) countsRun++;
      if (ours && (which === 'count') === isCount) {
        held++;
        // Run now (its snapshot is now), answer only once released.
        const result = original(text, values);
        return result.then((rows) => opened.then(() => rows));
      }
      return original(text, values);
    }) as never);
    return { release: open, held: () => held, counts: () => countsRun, restore: () => spy.mockRestore() };
  }
  const listOf = (mark: string) => () =>
    t.app.inject({ method: 'GET', url: `/api/catalogs/verbs?q=${mark}`, headers: editor });
  const total = (res: { json: () => unknown }) => (res.json() as { meta: { total: number } }).meta.total;
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ok()).toBe(true);
  };

  it('keeps a total from the moment its count ends: a request that comes while the first one waits for its page counts nothing', async () => {
    const mark = `w${tag}`;
    const list = listOf(mark);
    const g = gate('page', mark);
    try {
      const first = list();
      await until(() => g.held() === 1 && g.counts() === 1);
      // The count is done, the page is not: the next request takes the total from the cache.
      await new Promise((r) => setTimeout(r, 50));
      const second = list();
      await until(() => g.held() === 2);
      g.release();
      expect((await Promise.all([first, second])).map(total)).toEqual([0, 0]);
      expect(g.counts()).toBe(1);
    } finally {
      g.restore();
    }
  });

  it('does not keep a total counted before a write that ended while it was counting', async () => {
    const mark = `s${tag}`;
    const list = listOf(mark);
    const g = gate('count', mark);
    try {
      const before = list();
      await until(() => g.held() === 1);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/catalogs/verbs',
        headers: editor,
        payload: { base_form: `c${mark}`, past_simple: 'p', past_participle: 'p', type: 'regular' },
      });
      expect(made.statusCode).toBe(201);
      g.release();
      // Counted before the write: 0, and said so to the request that asked.
      expect(total(await before)).toBe(0);
    } finally {
      g.restore();
    }
    // The next request counts afresh instead of keeping that 0 for a minute.
    expect(total(await list())).toBe(1);
  });
});
