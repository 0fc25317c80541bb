import { CATALOG_NAMES, CATALOG_RESOURCES } from '@habla/shared';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
const tag = crypto.randomBytes(3).toString('hex');

type Body = {
  status: boolean;
  data: Record<string, unknown> & { id: string };
  message?: string;
  errors?: string[];
  fields?: Record<string, string>;
  meta?: { page: number; max: number; total: number };
};
type ListBody = {
  status: boolean;
  data: (Record<string, unknown> & { id: string })[];
  meta: { page: number; max: number; total: number };
};

const get = async (url: string, headers = editor) => t.app.inject({ method: 'GET', url, headers });
const list = async (url: string, headers = editor) => (await get(url, headers)).json() as ListBody;
const send = async (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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
const created = async (url: string, payload: Record<string, unknown>) => {
  const res = await send('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Body).data;
};

beforeAll(async () => {
  t = await buildTestApp();
  editor = (await loginAs(t.app, 'EDITOR')).headers;
  viewer = (await loginAs(t.app, 'VIEWER')).headers;
});

describe('generic resource engine on the catalogs', () => {
  it('pages from 0 with max, answers the total, and caps max at 100', async () => {
    for (let i = 0; i < 30; i += 1)
      await created('/api/catalogs/formulations', {
        name: `Pattern ${tag} ${String(i).padStart(2, '0')}`,
        language_type: i % 2 ? 'receptive' : 'expressive',
        types: ['affirmative'],
      });
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => list(`/api/catalogs/formulations?q=${tag}&max=12&page=${page}&col=name&order=asc`)),
    );
    expect(pages.map((p) => p.data.length)).toEqual([12, 12, 6, 0]);
    expect(pages.every((p) => p.meta.total === 30)).toBe(true);
    const names = pages.flatMap((p) => p.data.map((r) => r.name));
    expect(new Set(names).size).toBe(30);
    expect(names[0]).toBe(`Pattern ${tag} 00`);
    expect(names[29]).toBe(`Pattern ${tag} 29`);
    const big = await list(`/api/catalogs/formulations?q=${tag}&max=500`);
    expect(big.meta.max).toBe(100);
    const dflt = await list('/api/catalogs/formulations');
    expect(dflt.meta).toMatchObject({ page: 0, max: 25 });
  });

  it('serves a revisited page from its keyset anchor with the same rows, and drops anchors on a write', async () => {
    const url = (page: number) => `/api/catalogs/dictionary?col=word&order=desc&max=20&page=${page}`;
    const first = await Promise.all([0, 1, 2, 3].map(async (p) => (await list(url(p))).data.map((r) => r.id)));
    const again = await Promise.all([3, 2, 1].map(async (p) => (await list(url(p))).data.map((r) => r.id)));
    expect(again).toEqual([first[3], first[2], first[1]]);
    // A new word sorting before all others shifts every page by one row, anchors or not.
    await created('/api/catalogs/dictionary', { word: `zzzzzz${tag}`, type: 'noun' });
    const shifted = (await list(url(2))).data.map((r) => r.id);
    expect(shifted[0]).toBe(first[1]![19]);
    expect(shifted.slice(1)).toEqual(first[2]!.slice(0, 19));
  });

  it('sorts by every sortable column of every catalog, both ways, exactly as the database orders it', async () => {
    const pool = t.database.pool;
    for (const name of CATALOG_NAMES) {
      const def = CATALOG_RESOURCES[name];
      const table = name.replace(/-/g, '_');
      for (const f of def.fields.filter((x) => 'sortable' in x && x.sortable)) {
        for (const order of ['asc', 'desc'] as const) {
          const body = await list(`/api/catalogs/${name}?col=${f.name}&order=${order}&max=40`);
          expect(body.status, `${name}.${f.name}`).toBe(true);
          const dir = order.toUpperCase();
          const expr =
            f.kind === 'relation'
              ? `(SELECT x.${CATALOG_RESOURCES[f.target as keyof typeof CATALOG_RESOURCES].titleField} FROM ${String(f.target).replace(/-/g, '_')} x WHERE x.id = t.${f.name})`
              : `t."${f.name}"`;
          const expected = await pool.query(
            `SELECT t.id FROM ${table} t WHERE t.deleted_at IS NULL ORDER BY ${expr} ${dir}, t.id ${dir} LIMIT 40`,
          );
          expect(
            body.data.map((r) => r.id),
            `${name} by ${f.name} ${order}`,
          ).toEqual(expected.rows.map((r: { id: string }) => r.id));
        }
      }
    }
  });

  it('refuses an unknown sort column and a bad filter value with a message naming the field', async () => {
    const res = await get('/api/catalogs/verbs?col=password');
    expect(res.statusCode).toBe(400);
    expect((res.json() as Body).fields).toEqual({ col: 'Sort column cannot be used for sorting.' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/catalogs/verbs?type=weird',
      headers: { ...editor, 'accept-language': 'es' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as Body).fields).toEqual({ type: 'Tipo debe ser una de las opciones de la lista.' });
  });

  it('searches case-insensitively with the exact match first, and filters by enum, enum list and relation', async () => {
    await created('/api/catalogs/verbs', {
      base_form: `zork${tag}`,
      past_simple: `zorked${tag}`,
      past_participle: `zorked${tag}`,
      type: 'regular',
    });
    await created('/api/catalogs/verbs', {
      base_form: `zorkify${tag}`,
      past_simple: `zorkified`,
      past_participle: `zorkified`,
      type: 'irregular',
      semantic_complexity: 3,
    });
    await created('/api/catalogs/verbs', {
      base_form: `unzork${tag}x`,
      past_simple: `unzorked`,
      past_participle: `unzorked`,
      type: 'regular',
    });
    const found = await list(`/api/catalogs/verbs?q=ZORK${tag}`);
    expect(found.data.map((r) => r.base_form)).toEqual([`zork${tag}`, `unzork${tag}x`]);
    expect((await list(`/api/catalogs/verbs?q=zork&type=irregular`)).data.map((r) => r.base_form)).toEqual([
      `zorkify${tag}`,
    ]);
    expect((await list(`/api/catalogs/verbs?q=zork&semantic_complexity=3`)).meta.total).toBe(1);
    // Column search: only the past forms
    expect((await list(`/api/catalogs/verbs?q=zorked${tag}&in=past_simple`)).data.map((r) => r.base_form)).toEqual([
      `zork${tag}`,
    ]);
    expect((await list(`/api/catalogs/verbs?q=ked${tag}&in=past_participle`)).data.map((r) => r.base_form)).toEqual([
      `zork${tag}`,
    ]);
    expect((await list(`/api/catalogs/verbs?q=zorkify&in=past_simple`)).meta.total).toBe(0);
    expect((await get('/api/catalogs/verbs?q=x&in=type')).statusCode).toBe(400);
    // LIKE wildcards in the text are literal
    expect((await list(`/api/catalogs/verbs?q=${encodeURIComponent('zo%k')}`)).meta.total).toBe(0);

    const neg = await created('/api/catalogs/formulations', {
      name: `Negative ${tag}`,
      language_type: 'expressive',
      types: ['negative', 'interrogative'],
      example: "Don't you like it?",
    });
    const byType = await list(`/api/catalogs/formulations?types=negative&max=100`);
    expect(byType.data.map((r) => r.id)).toContain(neg.id);
    expect(byType.data.every((r) => (r.types as string[]).includes('negative'))).toBe(true);

    const type = await created('/api/catalogs/topic-types', { name: `Kind ${tag}` });
    const topic = await created('/api/catalogs/topics', { name: `Topic ${tag}`, topic_type_id: type.id });
    expect(topic.topic_type).toEqual({ id: type.id, label: `Kind ${tag}` });
    const byRelation = await list(`/api/catalogs/topics?topic_type_id=${type.id}`);
    expect(byRelation.data.map((r) => r.id)).toEqual([topic.id]);
  });

  it('validates create and update with one translated message per field', async () => {
    const res = await send('POST', '/api/catalogs/verbs', {
      base_form: '  ',
      type: 'odd',
      semantic_complexity: 9,
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as Body;
    expect(body.fields).toEqual({
      base_form: 'Base form is required.',
      past_simple: 'Past simple is required.',
      past_participle: 'Past participle is required.',
      type: 'Type must be one of the listed options.',
      semantic_complexity: 'Semantic complexity is out of the allowed range.',
      colour: 'colour is not an accepted field.',
    });
    expect(body.errors).toHaveLength(6);
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/catalogs/dictionary',
      headers: { ...editor, 'accept-language': 'es' },
      payload: { word: 'x'.repeat(101), type: 'noun' },
    });
    expect((es.json() as Body).fields).toEqual({ word: 'Palabra es demasiado largo (como máximo 100 caracteres).' });
    const verb = await created('/api/catalogs/verbs', {
      base_form: `valid${tag}`,
      past_simple: 'x',
      past_participle: 'x',
      type: 'regular',
    });
    const patch = await send('PATCH', `/api/catalogs/verbs/${verb.id}`, { semantic_complexity: 'high' });
    expect(patch.statusCode).toBe(400);
    expect((patch.json() as Body).fields).toEqual({
      semantic_complexity: 'Semantic complexity must be a whole number.',
    });
  });

  it('answers 409 naming the field for a duplicate, case-insensitively, and 400 for a reference to a missing row', async () => {
    await created('/api/catalogs/verbs', {
      base_form: `dup${tag}`,
      past_simple: 'a',
      past_participle: 'b',
      type: 'regular',
    });
    const dup = await send('POST', '/api/catalogs/verbs', {
      base_form: `DUP${tag}`,
      past_simple: 'a',
      past_participle: 'b',
      type: 'regular',
    });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as Body).fields).toEqual({ base_form: 'Base form is already in use.' });
    const missing = await send('POST', '/api/catalogs/topics', {
      name: `Orphan ${tag}`,
      topic_type_id: crypto.randomUUID(),
    });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as Body).fields).toEqual({
      topic_type_id: 'Topic type refers to a record that does not exist.',
    });
    const skill = await send('POST', '/api/catalogs/skills', {
      name: `Skill ${tag} orphan`,
      target_ids: [crypto.randomUUID()],
    });
    expect(skill.statusCode).toBe(400);
    expect(Object.keys((skill.json() as Body).fields ?? {})).toEqual(['target_ids']);
    const badId = await get('/api/catalogs/verbs/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect((await get(`/api/catalogs/verbs/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('updates only what changed, records who and when, and writes the audit log', async () => {
    const verb = await created('/api/catalogs/verbs', {
      base_form: `audit${tag}`,
      past_simple: 'audited',
      past_participle: 'audited',
      type: 'regular',
    });
    t.clock.advance(60_000);
    const res = await send('PATCH', `/api/catalogs/verbs/${verb.id}`, { past_simple: 'audit-ed', type: 'regular' });
    expect(res.statusCode).toBe(200);
    const after = (res.json() as Body).data;
    expect(after).toMatchObject({ past_simple: 'audit-ed', past_participle: 'audited', created_by: verb.created_by });
    expect(after.updated_by_name).toMatch(/^editor_/);
    expect(new Date(String(after.updated_at)).getTime()).toBeGreaterThan(new Date(String(verb.updated_at)).getTime());
    const put = await send('PUT', `/api/catalogs/verbs/${verb.id}`, {
      base_form: `audit${tag}`,
      past_simple: 'audited',
      past_participle: 'audited',
      type: 'irregular',
    });
    expect((put.json() as Body).data).toMatchObject({
      past_simple: 'audited',
      type: 'irregular',
      semantic_complexity: null,
    });
    await send('DELETE', `/api/catalogs/verbs/${verb.id}`);
    const rows = await t.database.pool.query(
      'SELECT action, changes, actor_user_id, request_id FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY at, created_at',
      ['catalog.verbs', verb.id],
    );
    expect(rows.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(rows.rows[1].changes).toEqual({ past_simple: { from: 'audited', to: 'audit-ed' } });
    expect(
      rows.rows.every(
        (r: { actor_user_id: string; request_id: string }) => r.actor_user_id === verb.created_by && r.request_id,
      ),
    ).toBe(true);
  });

  it('deletes softly, lists the trash, shows and restores', async () => {
    const w = await created('/api/catalogs/dictionary', {
      word: `trashword${tag}`,
      type: 'noun',
      definition: 'a word to delete',
    });
    const del = await send('DELETE', `/api/catalogs/dictionary/${w.id}`);
    expect(del.statusCode).toBe(200);
    expect((del.json() as Body).message).toBe('The record was moved to the trash.');
    expect((await list(`/api/catalogs/dictionary?q=trashword${tag}`)).meta.total).toBe(0);
    const trash = await list(`/api/catalogs/dictionary?q=trashword${tag}&trash=true`);
    expect(trash.data.map((r) => r.id)).toEqual([w.id]);
    const shown = (await get(`/api/catalogs/dictionary/${w.id}`)).json() as Body;
    expect(shown.data.deleted_at).not.toBeNull();
    expect((await send('DELETE', `/api/catalogs/dictionary/${w.id}`)).statusCode).toBe(404);
    expect(
      (await send('PATCH', `/api/catalogs/dictionary/${w.id}`, { definition: 'edited in the trash' })).statusCode,
    ).toBe(404);
    const restored = await send('POST', `/api/catalogs/dictionary/${w.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((restored.json() as Body).data.deleted_at).toBeNull();
    expect((await list(`/api/catalogs/dictionary?q=trashword${tag}`)).meta.total).toBe(1);
    expect((await send('POST', `/api/catalogs/dictionary/${w.id}/restore`)).statusCode).toBe(404);
  });

  it('restoring a row whose unique name was taken meanwhile answers 409', async () => {
    const a = await created('/api/catalogs/topic-types', { name: `Reused ${tag}` });
    await send('DELETE', `/api/catalogs/topic-types/${a.id}`);
    await created('/api/catalogs/topic-types', { name: `reused ${tag}` });
    const res = await send('POST', `/api/catalogs/topic-types/${a.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect((res.json() as Body).fields).toEqual({ name: 'Name is already in use.' });
  });

  it('bulk deletes and restores all or nothing; an empty selection gets the seed text', async () => {
    const a = await created('/api/catalogs/topic-types', { name: `Bulk${tag} A` });
    const b = await created('/api/catalogs/topic-types', { name: `Bulk${tag} B` });
    const partial = await send('POST', '/api/catalogs/topic-types/bulk-delete', { ids: [a.id, crypto.randomUUID()] });
    expect(partial.statusCode).toBe(404);
    expect((await list(`/api/catalogs/topic-types?q=Bulk${tag}`)).meta.total).toBe(2);
    const ok = await send('POST', '/api/catalogs/topic-types/bulk-delete', { ids: [a.id, b.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { count: 2 }, message: '2 record(s) moved to the trash.' });
    expect((await list(`/api/catalogs/topic-types?q=Bulk${tag}`)).meta.total).toBe(0);
    const back = await send('POST', '/api/catalogs/topic-types/bulk-restore', { ids: [a.id, b.id] });
    expect(back.json()).toMatchObject({ data: { count: 2 } });
    expect((await list(`/api/catalogs/topic-types?q=Bulk${tag}`)).meta.total).toBe(2);
    const empty = await send('POST', '/api/catalogs/topic-types/bulk-delete', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as Body).errors).toEqual(['Please, select items to proccede.']);
    const audit = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE entity = 'catalog.topic-types' AND action IN ('delete','restore') AND entity_id = ANY($1)",
      [[a.id, b.id]],
    );
    expect(audit.rows[0].n).toBe(4);
  });

  it('links skills and targets both ways', async () => {
    const t1 = await created('/api/catalogs/targets', { name: `Names ${tag} nouns` });
    const t2 = await created('/api/catalogs/targets', { name: `Uses ${tag} plurals` });
    const skill = await created('/api/catalogs/skills', { name: `Vocabulary ${tag}`, target_ids: [t1.id, t2.id] });
    expect((skill.targets as { label: string }[]).map((x) => x.label)).toEqual([
      `Names ${tag} nouns`,
      `Uses ${tag} plurals`,
    ]);
    const fromTarget = ((await get(`/api/catalogs/targets/${t1.id}`)).json() as Body).data;
    expect(fromTarget.skill_ids).toEqual([skill.id]);
    const edited = await send('PATCH', `/api/catalogs/targets/${t2.id}`, { skill_ids: [] });
    expect((edited.json() as Body).data.skills).toEqual([]);
    expect(((await get(`/api/catalogs/skills/${skill.id}`)).json() as Body).data.target_ids as string[]).toEqual([
      t1.id,
    ]);
  });

  it('exports the current filter as CSV with translated headers and neutralised formulas', async () => {
    await created('/api/catalogs/verbs', {
      base_form: `csv${tag}`,
      past_simple: '=cmd()',
      past_participle: 'x, "y"',
      type: 'regular',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/catalogs/verbs/export?q=csv${tag}&columns=base_form,past_simple,past_participle`,
      headers: { ...editor, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="verbs.csv"');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Forma base,Pasado simple,Participio pasado',
      `csv${tag},'=cmd(),"x, ""y"""`,
      '',
    ]);
  });

  it('lets a viewer read every catalog but refuses every write with 403; anonymous gets 401', async () => {
    const verb = await created('/api/catalogs/verbs', {
      base_form: `perm${tag}`,
      past_simple: 'p',
      past_participle: 'p',
      type: 'regular',
    });
    for (const name of CATALOG_NAMES) {
      const base = `/api/catalogs/${name}`;
      expect((await get(base, viewer)).statusCode, name).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: base })).statusCode, name).toBe(401);
      const id = name === 'verbs' ? verb.id : crypto.randomUUID();
      const attempts = [
        await send('POST', base, {}, viewer),
        await send('PUT', `${base}/${id}`, {}, viewer),
        await send('PATCH', `${base}/${id}`, {}, viewer),
        await send('DELETE', `${base}/${id}`, undefined, viewer),
        await send('POST', `${base}/${id}/restore`, undefined, viewer),
        await send('POST', `${base}/bulk-delete`, { ids: [id] }, viewer),
        await send('POST', `${base}/bulk-restore`, { ids: [id] }, viewer),
      ];
      expect(
        attempts.map((r) => r.statusCode),
        name,
      ).toEqual([403, 403, 403, 403, 403, 403, 403]);
    }
    expect(((await get(`/api/catalogs/verbs/${verb.id}`, viewer)).json() as Body).data.deleted_at).toBeNull();
  });

  it('lets an editor write in every catalog', async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      dictionary: { word: `w${tag}`, type: 'noun' },
      verbs: { base_form: `v${tag}`, past_simple: 'x', past_participle: 'x', type: 'regular' },
      'topic-types': { name: `tt${tag}` },
      topics: { name: `tp${tag}` },
      'grammatical-categories': { name: `gc${tag}`, order: 99 },
      'verb-tenses': { name: `vt${tag}`, type: 'future' },
      formulations: { name: `f${tag}`, language_type: 'receptive' },
      vocabulary: { word: `vo${tag}`, type: 'noun' },
      skills: { name: `s${tag}` },
      targets: { name: `t${tag}` },
    };
    const category = await created('/api/catalogs/grammatical-categories', { name: `cat${tag}` });
    const gType = await created('/api/catalogs/grammatical-types', { name: `gt${tag}`, category_id: category.id });
    bodies['grammatical-items'] = { name: `gi${tag}`, type_id: gType.id };
    for (const name of CATALOG_NAMES.filter((n) => n !== 'grammatical-types')) {
      const res = await send('POST', `/api/catalogs/${name}`, bodies[name]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    }
  });
});
