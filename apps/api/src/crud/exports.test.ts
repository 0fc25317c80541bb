import {
  CATALOG_POLICIES,
  CATALOG_RESOURCES,
  TENANCY_RESOURCES,
  type CatalogName,
  type ResourceDef,
  type Role,
} from '@habla/shared';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { loginAs } from '../../test/factories';
import { csvLine } from './csv';
import { EXPORT_APPLICATION_NAME } from './export';

/**
 * Exports: who may download a reference catalog, the concurrent-export limits (per user
 * and per instance, 429 + Retry-After), and the slots given back after a finished, a failed and an
 * abandoned download, on a real HTTP listener (inject cannot abort a response half way).
 */
let t: TestApp;
let base: string;
const tag = crypto.randomBytes(3).toString('hex');
type Auth = { authorization: string };
const signedIn = new Map<string, { id: string; headers: Auth }>();

async function as(who: string, role: Role): Promise<{ id: string; headers: Auth }> {
  let s = signedIn.get(who);
  if (!s) {
    const l = await loginAs(t.app, role);
    s = { id: l.user.id, headers: l.headers };
    signedIn.set(who, s);
  }
  return s;
}

const DICTIONARY = '/api/catalogs/dictionary/export';

/** Poll until `check` holds (slots are given back when the server sees the connection close). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const exportConnections = async () =>
  Number(
    (
      await t.database.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1',
        [EXPORT_APPLICATION_NAME],
      )
    ).rows[0]!.n,
  );

/** A whole-dictionary download (14 MB) left unread: the server stops at the socket's backpressure, the slot stays
 * taken. */
async function openDownload(headers: Auth): Promise<{ res: Response; abort: () => void }> {
  const ac = new AbortController();
  const res = await fetch(`${base}${DICTIONARY}`, { headers, signal: ac.signal });
  return { res, abort: () => ac.abort() };
}

async function refusedEnvelope(res: Response) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({
    status: false,
    code: 'TOO_MANY_REQUESTS',
    retry_after: 5,
    errors: ['Too many exports are running. Please try again in 5 second(s).'],
  });
}

beforeAll(async () => {
  t = await buildTestApp({ env: { EXPORT_MAX_PER_USER: '2', EXPORT_MAX_CONCURRENT: '3' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('who exports reference catalogs', () => {
  it('refuses students and accounts’ readers (403 envelope) and lets the content team export', async () => {
    for (const role of ['STUDENT', 'THERAPIST', 'SUPERVISOR', 'ACCOUNT_ADMIN', 'VIEWER', 'SUPPORT'] as const) {
      const { headers } = await as(role, role);
      for (const name of ['dictionary', 'verbs', 'skills'] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/api/catalogs/${name}/export?q=${tag}`, headers });
        expect(res.statusCode, `${role} ${name}`).toBe(403);
        expect(res.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
        // Reading the same catalog is still open to every signed-in user.
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/catalogs/${name}?q=${tag}`, headers })).statusCode,
          `${role} lists ${name}`,
        ).toBe(200);
      }
    }
    for (const role of ['EDITOR', 'ADMIN', 'SUPERADMIN'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/catalogs/verbs/export?q=go&columns=base_form`,
        headers: (await as(role, role)).headers,
      });
      expect(res.statusCode, role).toBe(200);
      expect(res.body.split('\r\n')[0]).toBe('\uFEFFBase form');
    }
  });

  it('declares it once, in the catalog policy: every catalog exports with its write rule', () => {
    for (const name of Object.keys(CATALOG_RESOURCES) as CatalogName[])
      expect(CATALOG_POLICIES[name].rules.export, name).toEqual(CATALOG_POLICIES[name].rules.update);
  });

  it('keeps tenancy exports on their read rule and scope: a therapist exports their own students', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clients/export?columns=username',
      headers: (await as('THERAPIST', 'THERAPIST')).headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe('\uFEFFUsername');
  });
});

describe('export contents', () => {
  /** The value the list shows for a column, as the export writes it: relations by their labels. */
  const cell = (def: ResourceDef, row: Record<string, unknown>, name: string) => {
    const f = def.fields.find((x) => x.name === name)!;
    if (f.kind === 'relation' && f.as) return (row[f.as] as { label: string } | null)?.label ?? null;
    if (f.kind === 'relationMany' && f.as) return (row[f.as] as { label: string }[]).map((x) => x.label);
    return row[name];
  };

  async function sameAsList(path: string, def: ResourceDef, query: string, headers: Auth) {
    const columns = def.fields.filter((f) => !f.writeOnly).map((f) => f.name);
    const list = await t.app.inject({ method: 'GET', url: `${path}?${query}&max=100`, headers });
    expect(list.statusCode, list.body).toBe(200);
    const rows = (list.json() as { data: Record<string, unknown>[] }).data;
    expect(rows.length, `${def.name} fixtures`).toBeGreaterThan(0);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${path}/export?${query}&columns=${columns.join(',')}`,
      headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1);
    expect(lines, def.name).toEqual(
      rows.map((row) => csvLine(columns.map((n) => cell(def, row, n))).replace(/\r\n$/, '')),
    );
  }

  it('writes what the list shows, column for column (labels of relations and many-links, enumerations, numbers, masked SSNs)', async () => {
    const editor = (await as('EDITOR', 'EDITOR')).headers;
    const post = async (path: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: path, headers: editor, payload });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { data: { id: string } }).data.id;
    };
    const type = await post('/api/catalogs/topic-types', { name: `Kind ${tag}` });
    const topic = await post('/api/catalogs/topics', { name: `Topic ${tag}`, topic_type_id: type, picture: '1f415' });
    await post('/api/catalogs/vocabulary', { word: `dog ${tag}`, type: 'noun', topic_id: topic });
    await post('/api/catalogs/vocabulary', { word: `cat ${tag}`, type: 'noun' });
    const target = await post('/api/catalogs/targets', { name: `Names ${tag}` });
    await post('/api/catalogs/targets', { name: `Counts ${tag}` });
    await post('/api/catalogs/skills', { name: `Skill ${tag}`, target_ids: [target] });
    await post('/api/catalogs/formulations', {
      name: `Ask ${tag}`,
      language_type: 'expressive',
      types: ['affirmative', 'negative'],
    });
    await post('/api/catalogs/verbs', {
      base_form: `walk${tag}`,
      past_simple: '=x',
      past_participle: 'a, "b"',
      type: 'regular',
      semantic_complexity: 3,
    });
    for (const name of ['topics', 'vocabulary', 'targets', 'skills', 'formulations', 'verbs'] as const) {
      const def = CATALOG_RESOURCES[name] as ResourceDef;
      await sameAsList(`/api/catalogs/${name}`, def, `q=${tag}&col=${def.titleField}&order=asc`, editor);
    }
    // Users are reshaped before they leave the API (masked SSN): their export goes through the same rows.
    const admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { first_name: 'Ann', last_name: tag, username: `ann_${tag}`, role: 'THERAPIST', ssn: '123-45-6789' },
    });
    expect(made.statusCode, made.body).toBe(201);
    await sameAsList(
      '/api/users',
      TENANCY_RESOURCES.users as ResourceDef,
      `q=${tag}&col=username&order=asc`,
      admin.headers,
    );
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/users/export?q=${tag}&columns=username,ssn`,
      headers: admin.headers,
    });
    expect(csv.body).toContain(`ann_${tag},***-**-6789`);
  });
});

describe('concurrent exports', () => {
  it('limits exports per user and per instance with 429 + Retry-After, and gives a slot back when a download is abandoned', async () => {
    const a = await as('editorA', 'EDITOR');
    const b = await as('editorB', 'EDITOR');
    const c = await as('adminC', 'ADMIN');
    const a1 = await openDownload(a.headers);
    const a2 = await openDownload(a.headers);
    expect([a1.res.status, a2.res.status]).toEqual([200, 200]);
    expect(t.app.exportSlots.active(a.id)).toBe(2);
    // A third for the same user: over the per-user limit (2).
    await refusedEnvelope(await fetch(`${base}${DICTIONARY}`, { headers: a.headers }));
    const b1 = await openDownload(b.headers);
    expect(b1.res.status).toBe(200);
    // Three streaming: the instance is full (3) for anybody.
    await refusedEnvelope(await fetch(`${base}${DICTIONARY}`, { headers: c.headers }));
    const es = await fetch(`${base}${DICTIONARY}`, { headers: { ...c.headers, 'accept-language': 'es' } });
    expect(es.status).toBe(429);
    expect(((await es.json()) as { errors: string[] }).errors).toEqual([
      'Hay demasiadas exportaciones en curso. Inténtelo de nuevo en 5 segundo(s).',
    ]);
    expect(t.app.exportSlots.active()).toBe(3);

    // The client goes away half way: its slot and its database connection are given back.
    a1.abort();
    await eventually(
      () => t.app.exportSlots.active(a.id) === 1 && t.app.exportSlots.active() === 2,
      'the aborted export’s slot',
    );
    const c1 = await openDownload(c.headers);
    expect(c1.res.status).toBe(200);
    for (const d of [a2, b1, c1]) d.abort();
    await eventually(() => t.app.exportSlots.active() === 0, 'every slot back');
    await eventually(async () => (await exportConnections()) === 0, 'every export connection closed');
  });

  it('gives the slot back after a complete download: more exports in a row than the limit all succeed', async () => {
    const { id, headers } = await as('editorD', 'EDITOR');
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${base}/api/catalogs/verbs/export?q=go&columns=base_form`, { headers });
      expect(res.status, `export ${i + 1}`).toBe(200);
      expect(await res.text()).toContain('go');
    }
    // The whole dictionary, read to the end.
    const whole = await fetch(`${base}${DICTIONARY}?columns=word`, { headers });
    const text = await whole.text();
    expect(text.split('\r\n').length).toBeGreaterThan(100_000);
    await eventually(
      () => t.app.exportSlots.active(id) === 0 && t.app.exportSlots.active() === 0,
      'slots back after completion',
    );
    await eventually(async () => (await exportConnections()) === 0, 'export connections closed');
  });

  it('gives the slot back when the export fails half way (its database connection ends)', async () => {
    const { id, headers } = await as('editorE', 'EDITOR');
    const d = await openDownload(headers);
    expect(d.res.status).toBe(200);
    expect(t.app.exportSlots.active(id)).toBe(1);
    await eventually(async () => (await exportConnections()) === 1, 'the export connection');
    await t.database.pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      EXPORT_APPLICATION_NAME,
    ]);
    // Reading on makes the server fetch again: the failure cuts the response short.
    const read = await d.res.text().then(
      (body) => body.length,
      () => -1,
    );
    expect(read).toBeLessThan(14_000_000);
    await eventually(() => t.app.exportSlots.active() === 0, 'the failed export’s slot');
    // The next export of the same user works.
    const again = await fetch(`${base}/api/catalogs/verbs/export?q=go&columns=base_form`, { headers });
    expect(again.status).toBe(200);
    await again.text();
    await eventually(() => t.app.exportSlots.active() === 0, 'slots back');
  });
});
