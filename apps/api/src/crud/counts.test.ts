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
    const counted = () => spy.mock.calls.filter(([text, values]) => typeof text === 'string' && text.startsWith('SELECT count(*)') && JSON.stringify(values).includes(tag)).length;
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
});
