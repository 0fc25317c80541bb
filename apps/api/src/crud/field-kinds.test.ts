import { definePolicy, registerPolicy, type ResourceDef } from '@habla/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/app';
import { loginAs } from '../../test/factories';
import { multipartBody, noisyPngOfSize, pngOfSize } from '../../test/multipart';
import type { ServerResource } from './contract';
import { resourceRoutes } from './routes';

/**
 * The engine's `json` and `file` field kinds on a resource of this test's own,
 * served by the generic routes over a table the test creates: a JSON document validated by its
 * declared schema (a nested mistake named by its path), stored in `jsonb`, exported as compact
 * JSON and audited; a file field pointing at an upload the caller may see, of an accepted type as
 * detected from its bytes, still there.
 */
const answers = z.array(
  z.strictObject({
    text: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(200, { error: 'validation.tooLong' }),
    picture_id: z.uuid({ error: 'validation.invalid' }).optional(),
    correct: z.boolean({ error: 'validation.invalid' }),
  }),
  { error: 'validation.invalid' },
);

const def: ResourceDef = {
  name: 'test-cards',
  controller: 'test-cards',
  titleField: 'title',
  searchable: [],
  defaultSort: { col: 'title', order: 'asc' },
  fields: [
    { name: 'title', kind: 'text', required: true, max: 100, sortable: true, listed: true },
    { name: 'answers', kind: 'json', schema: answers, listed: true },
    { name: 'image_id', kind: 'file', accept: ['image/*'], maxBytes: 100_000, listed: true },
  ],
};

const resource: ServerResource = { def, table: 'test_cards', entity: 'test_card', relations: {}, many: {} };
registerPolicy(
  def.name,
  definePolicy({
    resource: def.name,
    rules: {
      list: 'signedIn',
      read: 'signedIn',
      export: 'signedIn',
      create: 'signedIn',
      update: 'signedIn',
      delete: 'signedIn',
      restore: 'signedIn',
    },
    scope: () => ({ kind: 'shared' }),
  }),
);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let therapist: Awaited<ReturnType<typeof loginAs>>;
let stranger: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  t = await buildTestApp({
    routes: (app) => void app.register(resourceRoutes(resource), { prefix: '/api/test-cards' }),
  });
  await t.database.pool.query(`CREATE TABLE test_cards (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), title text NOT NULL, answers jsonb, image_id uuid,
    deleted_at timestamptz, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, created_by uuid, updated_by uuid)`);
  therapist = await loginAs(t.app, 'THERAPIST');
  stranger = await loginAs(t.app, 'THERAPIST');
});

async function upload(headers: Record<string, string>, data: Buffer, filename: string, type: string): Promise<string> {
  const body = multipartBody([{ name: 'file', filename, type, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}

const create = (payload: Record<string, unknown>, headers = therapist.headers) =>
  t.app.inject({ method: 'POST', url: '/api/test-cards', headers, payload });

describe('json fields', () => {
  const good = [
    { text: 'cat', correct: true },
    { text: 'dog', correct: false },
  ];

  it('store the document in jsonb, give it back as JSON, export it as compact JSON and audit it', async () => {
    const res = await create({ title: 'Pets', answers: good });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    expect(res.json().data.answers).toEqual(good);
    const stored = await t.database.pool.query(
      `SELECT jsonb_typeof(answers) AS type, answers->1->>'text' AS second FROM test_cards WHERE id = $1`,
      [id],
    );
    expect(stored.rows[0]).toEqual({ type: 'array', second: 'dog' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/test-cards/${id}`, headers: therapist.headers })).json().data
        .answers,
    ).toEqual(good);

    const changed = [...good, { text: 'fish', picture_id: '0b7c6f1e-2f55-4b0e-9a55-2f8f1f0e4c11', correct: true }];
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/test-cards/${id}`,
      headers: therapist.headers,
      payload: { answers: changed },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data.answers).toEqual(changed);
    // The same document again is no change, although jsonb gives its keys back in another order (text, correct,
    // picture_id).
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/test-cards/${id}`,
          headers: therapist.headers,
          payload: { answers: changed },
        })
      ).statusCode,
    ).toBe(200);
    const audit = await t.database.pool.query(
      `SELECT action, changes FROM audit_log WHERE entity = 'test_card' AND entity_id = $1 ORDER BY at, action`,
      [id],
    );
    expect(audit.rows).toEqual([
      { action: 'create', changes: { title: 'Pets', answers: good } },
      { action: 'update', changes: { answers: { from: good, to: changed } } },
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/test-cards/export?columns=title,answers',
      headers: therapist.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.startsWith('Pets')) ?? '';
    expect(line).toMatch(/^Pets,"\[\{.*\}\]"$/);
    // One quoted cell holding the document as compact JSON (not "[object Object]", not a list joined by "; ").
    const cell = line.slice('Pets,"'.length, -1).replace(/""/g, '"');
    expect(JSON.parse(cell)).toEqual(changed);
    expect(cell).toBe(JSON.stringify(JSON.parse(cell)));
  });

  it("refuse a wrong document with 400 naming the nested path, in the caller's language", async () => {
    const res = await create({ title: 'Bad', answers: [...good, { text: '  ', correct: true }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'VALIDATION',
      fields: { 'answers.2.text': 'Answers (2.text) is required.' },
    });

    const es = await t.app.inject({
      method: 'POST',
      url: '/api/test-cards',
      headers: { ...therapist.headers, 'accept-language': 'es' },
      payload: { title: 'Bad', answers: [{ text: 'x', correct: 'yes' }] },
    });
    expect(es.statusCode).toBe(400);
    expect(Object.keys(es.json().fields)).toEqual(['answers.0.correct']);
    expect(es.json().fields['answers.0.correct']).toMatch(/no es válido/);

    const notList = await create({ title: 'Bad', answers: { text: 'x' } });
    expect(notList.statusCode).toBe(400);
    expect(Object.keys(notList.json().fields)).toEqual(['answers']);
    const extra = await create({ title: 'Bad', answers: [{ text: 'x', correct: true, score: 3 }] });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().fields)).toEqual(['answers.0.score']);
    expect(
      Number((await t.database.pool.query(`SELECT count(*) AS n FROM test_cards WHERE title = 'Bad'`)).rows[0].n),
    ).toBe(0);
  });

  it('may be left empty when not required', async () => {
    const res = await create({ title: 'Empty', answers: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.answers).toBeNull();
  });
});

describe('file fields', () => {
  it("take an uploaded picture of the caller's account and give its id back", async () => {
    const image = await upload(therapist.headers, pngOfSize(2_000), 'cat.png', 'image/png');
    const res = await create({ title: 'Cat', image_id: image });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.image_id).toBe(image);
    const id = res.json().data.id as string;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/test-cards/${id}`,
      headers: therapist.headers,
      payload: { image_id: null },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data.image_id).toBeNull();
  });

  it("refuse another account's file like a missing one, naming the field", async () => {
    const theirs = await upload(stranger.headers, pngOfSize(2_000), 'theirs.png', 'image/png');
    const res = await create({ title: 'Stolen', image_id: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { image_id: expect.stringMatching(/does not exist/) },
    });
    expect(res.body).not.toContain('theirs.png');
  });

  it('refuse a file whose detected type is not accepted, whatever its name and declared type', async () => {
    const pdf = await upload(therapist.headers, PDF, 'photo.png', 'image/png');
    const res = await create({ title: 'Paper', image_id: pdf });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { image_id: expect.stringMatching(/image\/\*/) } });
    // On update too, inside the write's transaction: the row keeps its value.
    const ok = await create({ title: 'Paper 2' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/test-cards/${ok.json().data.id}`,
      headers: therapist.headers,
      payload: { image_id: pdf },
    });
    expect(patch.statusCode).toBe(400);
    expect(Object.keys(patch.json().fields)).toEqual(['image_id']);
  });

  it('refuse a file larger than the field allows', async () => {
    const big = await upload(therapist.headers, noisyPngOfSize(150_000), 'big.png', 'image/png');
    const res = await create({ title: 'Big', image_id: big });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['image_id']);
  });

  it('refuse a deleted file', async () => {
    const gone = await upload(therapist.headers, pngOfSize(2_000), 'gone.png', 'image/png');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/files/${gone}`, headers: therapist.headers })).statusCode,
    ).toBe(200);
    const res = await create({ title: 'Gone', image_id: gone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { image_id: expect.stringMatching(/does not exist/) },
    });
  });

  it('refuse a value that is not an id with 400, never a 500', async () => {
    const res = await create({ title: 'Nonsense', image_id: 'cat.png' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['image_id']);
  });
});
