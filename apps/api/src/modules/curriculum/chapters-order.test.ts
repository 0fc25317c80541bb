import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { poolOf } from '../../db/client';

const pool = () => poolOf(t.app.db);

let t: TestApp;
let editor: { authorization: string };
let therapist: { authorization: string };
const tag = crypto.randomBytes(3).toString('hex');
let n = 0;

type One = {
  status: boolean;
  data: Record<string, unknown> & { id: string };
  message?: string;
  fields?: Record<string, string>;
};

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = editor,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function level(): Promise<string> {
  n += 1;
  const res = await send('POST', '/api/levels', { name: `Level ${tag} ${n}`, slug: `level-${tag}-${n}` });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as One).data.id;
}
async function chapter(levelId: string, name: string): Promise<One['data']> {
  const res = await send('POST', '/api/chapters', { name, level_id: levelId });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as One).data;
}
/** The live chapters of a level straight from the database: names in position order, and the positions. */
async function stored(levelId: string) {
  const res = await pool().query<{ name: string; position: number }>(
    'SELECT name, position FROM chapters WHERE level_id = $1 AND deleted_at IS NULL ORDER BY position, name',
    [levelId],
  );
  return { names: res.rows.map((r) => r.name), positions: res.rows.map((r) => r.position) };
}
const ids = async (levelId: string) =>
  (
    await pool().query<{ id: string }>(
      'SELECT id FROM chapters WHERE level_id = $1 AND deleted_at IS NULL ORDER BY position',
      [levelId],
    )
  ).rows.map((r) => r.id);
const count = async (levelId: string) =>
  (await pool().query<{ c: number }>('SELECT chapters_count AS c FROM levels WHERE id = $1', [levelId])).rows[0]!.c;

beforeAll(async () => {
  t = await buildTestApp();
  editor = (await loginAs(t.app, 'EDITOR')).headers;
  therapist = (await loginAs(t.app, 'THERAPIST')).headers;
});

describe('chapters: ordered children of a level', () => {
  it('appends each new chapter at the end of its level and counts it on the level', async () => {
    const l = await level();
    const a = await chapter(l, 'A');
    const b = await chapter(l, 'B');
    expect([a.position, b.position]).toEqual([1, 2]);
    expect(await stored(l)).toEqual({ names: ['A', 'B'], positions: [1, 2] });
    expect(await count(l)).toBe(2);
    const listed = (await send('GET', `/api/chapters?level_id=${l}`)).json() as { data: { name: string }[] };
    expect(listed.data.map((r) => r.name)).toEqual(['A', 'B']);
  });

  it('reorders with the full list, audits it, and refuses a stale list with 409', async () => {
    const l = await level();
    for (const name of ['A', 'B', 'C']) await chapter(l, name);
    const [a, b, c] = await ids(l);
    const res = await send('PUT', `/api/levels/${l}/chapters/order`, { ids: [c, a, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(l)).toEqual({ names: ['C', 'A', 'B'], positions: [1, 2, 3] });
    const audit = await pool().query("SELECT 1 FROM audit_log WHERE action = 'reorder' AND entity_id = $1", [l]);
    expect(audit.rowCount).toBe(1);
    const stale = await send(
      'PUT',
      `/api/levels/${l}/chapters/order`,
      { ids: [a, b] },
      { ...editor, 'accept-language': 'en' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toMatch(/order of the list changed/);
    const dup = await send('PUT', `/api/levels/${l}/chapters/order`, { ids: [a, a, b] });
    expect(dup.statusCode).toBe(409);
    expect((await send('PUT', `/api/levels/${l}/chapters/order`, { ids: ['nope'] })).statusCode).toBe(400);
    expect(await stored(l)).toEqual({ names: ['C', 'A', 'B'], positions: [1, 2, 3] });
  });

  it('closes the gap on delete and appends on restore', async () => {
    const l = await level();
    for (const name of ['A', 'B', 'C']) await chapter(l, name);
    const [, b] = await ids(l);
    expect((await send('DELETE', `/api/chapters/${b}`)).statusCode).toBe(200);
    expect(await stored(l)).toEqual({ names: ['A', 'C'], positions: [1, 2] });
    expect(await count(l)).toBe(2);
    expect((await send('POST', `/api/chapters/${b}/restore`)).statusCode).toBe(200);
    expect(await stored(l)).toEqual({ names: ['A', 'C', 'B'], positions: [1, 2, 3] });
    expect(await count(l)).toBe(3);
  });

  it('moving a chapter to another level renumbers both', async () => {
    const one = await level();
    const two = await level();
    for (const name of ['A', 'B', 'C']) await chapter(one, name);
    await chapter(two, 'X');
    const [a] = await ids(one);
    const res = await send('PATCH', `/api/chapters/${a}`, { level_id: two });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(one)).toEqual({ names: ['B', 'C'], positions: [1, 2] });
    expect(await stored(two)).toEqual({ names: ['X', 'A'], positions: [1, 2] });
    expect([await count(one), await count(two)]).toEqual([2, 2]);
  });

  it('a therapist may not reorder (403); an unknown level is 404', async () => {
    const l = await level();
    await chapter(l, 'A');
    expect((await send('PUT', `/api/levels/${l}/chapters/order`, { ids: await ids(l) }, therapist)).statusCode).toBe(
      403,
    );
    expect((await send('GET', `/api/levels/${l}`, undefined, therapist)).statusCode).toBe(200);
    expect((await send('PUT', `/api/levels/${crypto.randomUUID()}/chapters/order`, { ids: [] })).statusCode).toBe(404);
    const orphan = await send('POST', '/api/chapters', { name: 'Nowhere', level_id: crypto.randomUUID() });
    expect(orphan.statusCode).toBe(400);
    expect((orphan.json() as One).fields).toHaveProperty('level_id');
    const [a] = await ids(l);
    expect((await send('PATCH', `/api/chapters/${a}`, { level_id: crypto.randomUUID() })).statusCode).toBe(400);
    expect(await stored(l)).toEqual({ names: ['A'], positions: [1] });
  });

  it('the database refuses a gap or a duplicate at commit', async () => {
    const l = await level();
    for (const name of ['A', 'B']) await chapter(l, name);
    await expect(
      pool().query("UPDATE chapters SET position = 3 WHERE level_id = $1 AND name = 'B'", [l]),
    ).rejects.toThrow(/1\.\.n/);
    await expect(
      pool().query("UPDATE chapters SET position = 1 WHERE level_id = $1 AND name = 'B'", [l]),
    ).rejects.toThrow();
    expect(await stored(l)).toEqual({ names: ['A', 'B'], positions: [1, 2] });
  });

  it('stays gap-free under many concurrent reorders, creates, deletes and restores on one level', async () => {
    const l = await level();
    for (let i = 0; i < 8; i += 1) await chapter(l, `C${i}`);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i += 1) {
      const kind = i % 4;
      work.push(
        (async () => {
          if (kind === 0) return send('POST', '/api/chapters', { name: `N${i}`, level_id: l });
          const current = await ids(l);
          if (kind === 1) return send('PUT', `/api/levels/${l}/chapters/order`, { ids: [...current].reverse() });
          const victim = current[i % current.length];
          if (kind === 2 && victim) return send('DELETE', `/api/chapters/${victim}`);
          const gone = (
            await pool().query<{ id: string }>(
              'SELECT id FROM chapters WHERE level_id = $1 AND deleted_at IS NOT NULL LIMIT 1',
              [l],
            )
          ).rows[0];
          return gone ? send('POST', `/api/chapters/${gone.id}/restore`) : undefined;
        })(),
      );
    }
    const answers = (await Promise.all(work)) as ({ statusCode: number } | undefined)[];
    // Every answer is a success or a clean refusal (a stale list, a row already deleted) — never a 500.
    for (const a of answers) if (a) expect([200, 201, 404, 409]).toContain(a.statusCode);
    const { positions } = await stored(l);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    expect(await count(l)).toBe(positions.length);
    const dupes = await pool().query(
      'SELECT position FROM chapters WHERE level_id = $1 AND deleted_at IS NULL GROUP BY position HAVING count(*) > 1',
      [l],
    );
    expect(dupes.rowCount).toBe(0);
  });
});
