import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from './app';
import {
  describeSpot,
  EXCEPTIONS,
  KNOWN_LOOSE,
  looseSpots,
  NON_JSON_MEDIA,
  walkAnswers,
  type Answer,
  type LooseEntry,
  type SchemaNode,
} from './openapi-answers';

/**
 * Typed answers (docs/decisions/023-typed-answers.md): every 2xx JSON answer of the OpenAPI document
 * says what its body holds. The detector is tested first, on hand-written schemas and on what zod
 * really publishes through fastify-type-provider-zod; then the app's document is walked, and every
 * loose answer must be an exception or known debt, with the debt list only shrinking.
 */

const paths = (schema: SchemaNode, document: unknown = {}) => looseSpots(schema, document).map((s) => s.path);

describe('the detector, on hand-written schemas', () => {
  it('finds a value of any kind', () => {
    expect(paths({})).toEqual(['']);
    expect(paths(true)).toEqual(['']);
    expect(paths({ description: 'anything', nullable: true })).toEqual(['']);
    expect(paths(false)).toEqual([]);
    for (const typed of [{ type: 'string' }, { enum: [null] }, { const: 3 }, { type: 'integer', nullable: true }])
      expect(paths(typed)).toEqual([]);
  });

  it('finds an open map: additionalProperties of any value, propertyNames without a typed value', () => {
    expect(paths({ type: 'object', additionalProperties: {} })).toEqual(['']);
    expect(paths({ type: 'object', additionalProperties: true })).toEqual(['']);
    expect(paths({ type: 'object', additionalProperties: { description: 'x' } })).toEqual(['']);
    expect(
      looseSpots({ type: 'object', properties: { a: { type: 'string' } }, propertyNames: { pattern: '^a' } }),
    ).toEqual([{ path: '', why: 'propertyNames without a typed value' }]);
    expect(
      paths({ type: 'object', propertyNames: { pattern: '^a' }, additionalProperties: { type: 'number' } }),
    ).toEqual([]);
    expect(paths({ type: 'object', additionalProperties: { type: 'number' } })).toEqual([]);
    // A typed map of loose values: the spot is the value.
    expect(paths({ type: 'object', additionalProperties: { type: 'object', additionalProperties: {} } })).toEqual([
      '*',
    ]);
  });

  it('finds an open object: named properties and more of any value', () => {
    const open = { type: 'object', properties: { a: { type: 'string' }, b: {} }, additionalProperties: {} };
    expect(looseSpots(open)).toEqual([
      { path: 'b', why: 'any value' },
      { path: '', why: 'open object (additionalProperties of any value)' },
    ]);
    expect(paths({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false })).toEqual([]);
    expect(paths({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([]);
  });

  it('finds an object that names no property', () => {
    expect(paths({ type: 'object' })).toEqual(['']);
    expect(paths({ type: 'object', properties: {}, additionalProperties: false })).toEqual(['']);
    expect(paths({ properties: {} })).toEqual(['']);
    // Shaped by its branches, not empty.
    expect(paths({ type: 'object', oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }] })).toEqual([]);
  });

  it('walks properties, items, branches and typed map values, and names the spot', () => {
    const schema = {
      type: 'object',
      properties: {
        status: { type: 'boolean' },
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              answer: { anyOf: [{ type: 'string' }, {}] },
              pick: { oneOf: [{ type: 'number' }, { type: 'object', additionalProperties: true }] },
              both: { allOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { type: 'object' }] },
              scores: { type: 'object', additionalProperties: { type: 'array' } },
              pair: { type: 'array', items: [{ type: 'string' }, {}] },
            },
          },
        },
      },
    };
    expect(paths(schema)).toEqual([
      'data/[]/answer/anyOf[1]',
      'data/[]/pick/oneOf[1]',
      'data/[]/both/allOf[1]',
      'data/[]/scores/*',
      'data/[]/pair/[1]',
    ]);
    expect(looseSpots({ type: 'array' })).toEqual([{ path: '', why: 'array without items' }]);
    expect(paths({ anyOf: [] })).toEqual(['']);
  });

  it('follows $ref into the document, stops on a recursive one, and flags one that leads nowhere', () => {
    const document = {
      components: {
        schemas: {
          Word: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
          Bag: { type: 'object', additionalProperties: {} },
          Tree: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
            },
          },
          'a/b': { type: 'object', properties: { leaf: {} } },
        },
      },
    };
    expect(paths({ $ref: '#/components/schemas/Word' }, document)).toEqual([]);
    expect(paths({ type: 'object', properties: { bag: { $ref: '#/components/schemas/Bag' } } }, document)).toEqual([
      'bag',
    ]);
    expect(paths({ $ref: '#/components/schemas/Tree' }, document)).toEqual([]);
    expect(paths({ $ref: '#/components/schemas/a~1b' }, document)).toEqual(['leaf']);
    expect(looseSpots({ $ref: '#/components/schemas/Nowhere' }, document)).toEqual([
      { path: '', why: '$ref #/components/schemas/Nowhere leads nowhere' },
    ]);
    expect(paths({ $ref: 'https://example.com/schema.json' }, document)).toEqual(['']);
  });

  it('walks the 2xx answers of a document: JSON checked, other bodies skipped, a 2xx without a body loose unless 204', () => {
    const ok = {
      content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'boolean' } } } } },
    };
    const document = {
      paths: {
        '/a': {
          parameters: [],
          get: { responses: { 200: ok, 400: { content: { 'application/json': { schema: {} } } } } },
          post: {
            responses: {
              201: { content: { 'application/json': { schema: { type: 'object', properties: { data: {} } } } } },
            },
          },
        },
        '/a.csv': { get: { responses: { 200: { content: { 'text/csv': { schema: {} } } } } } },
        '/b': {
          delete: { responses: { 204: { description: 'No content' } } },
          put: { responses: { 200: { description: 'Default Response' } } },
        },
        '/c': {
          patch: { responses: { 200: { content: { 'application/problem+json': { schema: { type: 'object' } } } } } },
        },
      },
    };
    const { operations, answers } = walkAnswers(document);
    expect(operations).toEqual(['GET /a', 'POST /a', 'GET /a.csv', 'PUT /b', 'DELETE /b', 'PATCH /c']);
    const found = Object.fromEntries(answers.map((a) => [a.answer, { json: a.json, at: a.spots.map((s) => s.path) }]));
    expect(found).toEqual({
      'GET /a 200': { json: true, at: [] },
      'POST /a 201': { json: true, at: ['data'] },
      'GET /a.csv 200': { json: false, at: [] },
      'PUT /b 200': { json: true, at: [''] },
      'DELETE /b 204': { json: false, at: [] },
      'PATCH /c 200': { json: true, at: [''] },
    });
    expect(describeSpot('POST /a 201', { path: 'data', why: 'any value' })).toBe('POST /a 201: data — any value');
  });
});

describe('the detector, on what zod 4 publishes through fastify-type-provider-zod', () => {
  type Tree = { name: string; children: Tree[] };
  const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
  const loose = {
    unknown: z.unknown(),
    any: z.any(),
    custom: z.custom<Uint8Array>(),
    nullableUnknown: z.unknown().nullable(),
    map: z.map(z.string(), z.number()),
    unknowns: z.array(z.unknown()),
    record: z.record(z.string(), z.unknown()),
    looseObject: z.looseObject({ a: z.string() }),
    empty: z.object({}),
    json: z.json(),
    recursive: tree,
    branch: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a') }),
      z.object({ kind: z.literal('b'), value: z.unknown() }),
    ]),
  };
  const typed = {
    object: z.object({ a: z.string().nullable(), b: z.array(z.number()).optional() }),
    strict: z.strictObject({ a: z.string() }),
    numbers: z.record(z.string(), z.number()),
    byKind: z.record(z.enum(['a', 'b']), z.boolean()),
    catchall: z.object({ a: z.string() }).catchall(z.number()),
    both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
    either: z.union([z.string(), z.object({ x: z.number() })]),
    pair: z.tuple([z.string(), z.number()]),
    date: z.date(),
    nothing: z.null(),
    word: z.literal('x'),
    role: z.enum(['A', 'B']),
  };

  let published: unknown;
  beforeAll(async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: { info: { title: 'probe', version: '0' } },
      transform: jsonSchemaTransform,
    });
    app.get('/probe', { schema: { response: { 200: z.object({ ...loose, ...typed }) } } }, async () => ({}));
    await app.ready();
    published = app.swagger();
    await app.close();
  });

  it('finds every loose construct, and only those', () => {
    const [answer] = walkAnswers(published).answers;
    expect(answer?.answer).toBe('GET /probe 200');
    expect(answer?.spots.map((s) => s.path).sort()).toEqual(
      [
        'unknown',
        'any',
        'custom',
        'nullableUnknown',
        'map',
        'unknowns/[]',
        'record',
        'looseObject',
        'empty',
        'json',
        'recursive',
        'branch/oneOf[1]/value',
      ].sort(),
    );
  });
});

describe("the API's OpenAPI document", () => {
  let operations: string[];
  let answers: Map<string, Answer>;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          responses: Record<
            string,
            { content?: Record<string, { schema?: { properties?: Record<string, SchemaNode> } }> }
          >;
        }
      >
    >;
  };

  beforeAll(async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    const walked = walkAnswers(document);
    operations = walked.operations;
    answers = new Map(walked.answers.map((a) => [a.answer, a]));
  });

  it('walks every operation, each with a 2xx answer', () => {
    expect(operations.length).toBeGreaterThan(200);
    const withSuccess = new Set([...answers.values()].map((a) => `${a.method} ${a.path}`));
    expect(operations.filter((op) => !withSuccess.has(op))).toEqual([]);
  });

  it('sees the typed answers as typed', () => {
    // Written by hand from their zod contracts: each one's `data` is an object or array of closed objects.
    const TYPED = [
      'GET /api/auth/me 200',
      'GET /api/jobs 200',
      'GET /api/selector 200',
      'GET /api/app-configuration/{module} 200',
      'POST /api/files 201',
    ];
    for (const name of TYPED) {
      const answer = answers.get(name);
      expect(answer, name).toBeDefined();
      expect({ name, json: answer?.json, spots: answer?.spots }).toEqual({ name, json: true, spots: [] });
      const [method = '', path = '', status = ''] = name.split(' ');
      const data =
        document.paths[path]?.[method.toLowerCase()]?.responses[status]?.content?.['application/json']?.schema
          ?.properties?.data;
      expect(
        typeof data === 'object' && ('properties' in data || 'items' in data),
        `${name}: data is an object or an array`,
      ).toBe(true);
    }
  });

  it('skips only the non-JSON bodies a decision allows', () => {
    const skipped = [...answers.values()].filter((a) => !a.json && a.mediaTypes.length > 0);
    expect(skipped.map((a) => a.answer)).toEqual(
      expect.arrayContaining([
        'GET /api/catalogs/dictionary/export 200',
        'GET /api/recordings/{id}/audio 206',
        'GET /api/assessments/{id}/report.pdf 200',
      ]),
    );
    const unexplained = skipped.flatMap((a) =>
      a.mediaTypes
        .filter((m) => !NON_JSON_MEDIA.some((allowed) => allowed.pattern.test(m)))
        .map((m) => `${a.answer}: ${m}`),
    );
    expect(
      unexplained,
      'a non-JSON answer no decision allows: describe its body as JSON, or add its media type to NON_JSON_MEDIA with its decision',
    ).toEqual([]);
  });

  it('has no loose JSON answer that is neither an exception nor known debt', () => {
    const problems: string[] = [];
    for (const answer of answers.values()) {
      if (!answer.json || answer.spots.length === 0) continue;
      const at = answer.spots.map((s) => s.path);
      const entry: LooseEntry | undefined = EXCEPTIONS[answer.answer] ?? KNOWN_LOOSE[answer.answer];
      if (!entry)
        problems.push(
          ...answer.spots.map(
            (s) =>
              `${describeSpot(answer.answer, s)}: describe it with a typed zod contract (docs/decisions/023-typed-answers.md)`,
          ),
        );
      else if (JSON.stringify(at) !== JSON.stringify(entry.at))
        problems.push(
          `${answer.answer}: loose at ${JSON.stringify(at)}, the list says ${JSON.stringify(entry.at)}: write at: ${JSON.stringify(at)}`,
        );
    }
    expect(problems).toEqual([]);
  });

  it('lists only answers that are still loose, so KNOWN_LOOSE only shrinks', () => {
    const stale: string[] = [];
    for (const [list, entries] of [
      ['KNOWN_LOOSE', KNOWN_LOOSE],
      ['EXCEPTIONS', EXCEPTIONS],
    ] as const) {
      for (const name of Object.keys(entries)) {
        const answer = answers.get(name);
        if (!answer) stale.push(`${name} no longer exists: remove it from ${list} in apps/api/test/openapi-answers.ts`);
        else if (!answer.json || answer.spots.length === 0)
          stale.push(`${name} is no longer loose: remove it from ${list} in apps/api/test/openapi-answers.ts`);
      }
    }
    expect(stale).toEqual([]);
  });

  it('exempts an answer only with its decision, and never lists one twice', () => {
    for (const [name, entry] of Object.entries(EXCEPTIONS)) expect(entry.why, name).toMatch(/decision \d{3}/);
    expect(Object.keys(EXCEPTIONS).filter((name) => name in KNOWN_LOOSE)).toEqual([]);
  });
});
