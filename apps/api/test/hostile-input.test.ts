import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './app';
import { loginAs } from './factories';

// Each request below answered 500 before the input rule; each must answer 400
// naming the field, in the caller's language, and write nothing.
const { app } = await buildTestApp();
let therapist: { authorization: string };
let editor: { authorization: string };
let superadmin: { authorization: string };

beforeAll(async () => {
  therapist = (await loginAs(app, 'THERAPIST')).headers;
  editor = (await loginAs(app, 'EDITOR')).headers;
  superadmin = (await loginAs(app, 'SUPERADMIN')).headers;
});

const count = async (table: string): Promise<number> =>
  (await app.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]?.n as number;

/** Send `body` as raw JSON text, so escapes such as \u0000 and \ud800 arrive exactly as a client wrote them. */
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: body });

function expectFieldError(res: { statusCode: number; json: () => unknown }, field: string, message: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { status: boolean; code: string; fields: Record<string, string>; errors: string[] };
  expect(body.status).toBe(false);
  expect(body.code).toBe('VALIDATION');
  expect(Object.keys(body.fields)).toEqual([field]);
  expect(body.fields[field]).toMatch(message);
  expect(body.errors).toEqual([body.fields[field]]);
}

const NOT_ALLOWED = /contains a character that is not allowed/;

describe('a NUL character answers 400 naming the field, on every way in', () => {
  it('sign-in, sign-up and forgot-password (no sign-in needed)', async () => {
    const users = await count('users');
    const accounts = await count('accounts');
    expectFieldError(
      await send('POST', '/api/auth/login', '{"login":"a\\u0000b","password":"whatever1"}'),
      'login',
      /^E-mail or username contains a character/,
    );
    expectFieldError(await send('POST', '/api/auth/forgot-password', '{"login":"a\\u0000"}'), 'login', NOT_ALLOWED);
    expectFieldError(
      await send(
        'POST',
        '/api/auth/register',
        '{"first_name":"Ana\\u0000","last_name":"Ruiz","email":"ana@example.test","username":"ana_nul","password":"Sturdy-Lantern-58","membership_type":"parent"}',
      ),
      'first_name',
      NOT_ALLOWED,
    );
    expect(await count('users')).toBe(users);
    expect(await count('accounts')).toBe(accounts);
  });

  it('in Spanish when the caller asks for Spanish', async () => {
    const res = await send('POST', '/api/auth/login', '{"login":"a\\u0000b","password":"whatever1"}', {
      'accept-language': 'es',
    });
    expectFieldError(res, 'login', /^Correo o nombre de usuario contiene un carácter no permitido/);
  });

  it('in a search, a text filter, a profile change and a saved column layout', async () => {
    expectFieldError(
      await app.inject({ method: 'GET', url: '/api/catalogs/dictionary?q=%00', headers: therapist }),
      'q',
      NOT_ALLOWED,
    );
    expectFieldError(
      await app.inject({ method: 'GET', url: '/api/catalogs/dictionary?semantic_class=a%00b', headers: therapist }),
      'semantic_class',
      NOT_ALLOWED,
    );
    expectFieldError(
      await app.inject({ method: 'GET', url: '/api/catalogs/dictionary/export?q=a%00', headers: editor }),
      'q',
      NOT_ALLOWED,
    );
    expectFieldError(
      await send('PATCH', '/api/auth/profile', '{"first_name":"Le\\u0000o"}', therapist),
      'first_name',
      NOT_ALLOWED,
    );
    expectFieldError(
      await send('PUT', '/api/auth/view-options', '{"controller":"a\\u0000","view":"b","columns":[]}', therapist),
      'controller',
      NOT_ALLOWED,
    );
    expectFieldError(
      await send(
        'PUT',
        '/api/auth/view-options',
        '{"controller":"a","view":"b","columns":["word","x\\u0000"]}',
        therapist,
      ),
      'columns.1',
      NOT_ALLOWED,
    );
  });

  it('in a key of the body: the object holding it is named', async () => {
    expectFieldError(
      await send('PATCH', '/api/auth/profile', '{"first\\u0000name":"Leo"}', therapist),
      'body',
      NOT_ALLOWED,
    );
  });
});

describe('a lone UTF-16 surrogate answers 400 and writes nothing (no row, no audit row)', () => {
  it('on a catalog create', async () => {
    const words = await count('dictionary');
    const audits = await count('audit_log');
    expectFieldError(
      await send('POST', '/api/catalogs/dictionary', '{"word":"a\\ud800","type":"noun"}', editor),
      'word',
      NOT_ALLOWED,
    );
    expectFieldError(
      await send('POST', '/api/catalogs/dictionary', '{"word":"\\udc00b","type":"noun"}', editor),
      'word',
      NOT_ALLOWED,
    );
    expect(await count('dictionary')).toBe(words);
    expect(await count('audit_log')).toBe(audits);
  });

  it('on a failed sign-in', async () => {
    const attempts = await count('audit_log');
    expectFieldError(
      await send('POST', '/api/auth/login', '{"login":"leo\\ud83d","password":"whatever1"}'),
      'login',
      NOT_ALLOWED,
    );
    expect(await count('audit_log')).toBe(attempts);
  });

  it('while a whole emoji (a surrogate pair) is ordinary text', async () => {
    const res = await send('POST', '/api/catalogs/dictionary', '{"word":"cat \\ud83d\\udc31","type":"noun"}', editor);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.word).toBe('cat 🐱');
  });
});

describe('numbers and yes/no filters are typed like their columns', () => {
  it('an integer filter beyond its bounds (and beyond PostgreSQL integer) → 400 naming it', async () => {
    for (const v of ['2147483648', '-2147483649', '6', '0']) {
      expectFieldError(
        await app.inject({ method: 'GET', url: `/api/catalogs/verbs?semantic_complexity=${v}`, headers: therapist }),
        'semantic_complexity',
        /out of the allowed range/,
      );
    }
    for (const v of ['1.5', '99999999999999999999', '1e400', 'abc']) {
      expectFieldError(
        await app.inject({ method: 'GET', url: `/api/catalogs/verbs?semantic_complexity=${v}`, headers: therapist }),
        'semantic_complexity',
        /whole number/,
      );
    }
    const ok = await app.inject({
      method: 'GET',
      url: '/api/catalogs/verbs?semantic_complexity=5',
      headers: therapist,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a yes/no filter with any other text → 400; true and false filter', async () => {
    expectFieldError(
      await app.inject({ method: 'GET', url: '/api/plans?is_calculated=abc', headers: superadmin }),
      'is_calculated',
      /must be one of the listed options/,
    );
    const make = async (code: string, is_calculated: boolean) =>
      expect(
        (
          await send(
            'POST',
            '/api/plans',
            JSON.stringify({ code, description: code, is_calculated, price: 10 }),
            superadmin,
          )
        ).statusCode,
      ).toBe(201);
    await make('FILTER-YES', true);
    await make('FILTER-NO', false);
    const yes = (
      await app.inject({ method: 'GET', url: '/api/plans?is_calculated=true&q=FILTER', headers: superadmin })
    ).json();
    const no = (
      await app.inject({ method: 'GET', url: '/api/plans?is_calculated=0&q=FILTER', headers: superadmin })
    ).json();
    expect(yes.data.map((p: { code: string }) => p.code)).toEqual(['FILTER-YES']);
    expect(no.data.map((p: { code: string }) => p.code)).toEqual(['FILTER-NO']);
  });
});

describe('a search ending in U+FFFF is an ordinary search', () => {
  it('answers 200 instead of failing on the prefix range', async () => {
    for (const q of ['%EF%BF%BF', 'ca%EF%BF%BF', '%F4%8F%BF%BF', 'cat']) {
      const res = await app.inject({ method: 'GET', url: `/api/catalogs/dictionary?q=${q}`, headers: therapist });
      expect(res.statusCode, q).toBe(200);
    }
    const cats = (
      await app.inject({ method: 'GET', url: '/api/catalogs/dictionary?q=cat', headers: therapist })
    ).json();
    expect(cats.data[0].word.toLowerCase().startsWith('cat')).toBe(true);
  });
});

describe('addresses Fastify refuses before routing answer the error envelope', () => {
  it('an undecodable path → 400, a path segment longer than any id → 414, translated', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/catalogs/%zz', headers: { 'accept-language': 'es' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      status: false,
      errors: ['La dirección de la solicitud no es válida.'],
      code: 'FST_ERR_BAD_URL',
    });
    const long = await app.inject({ method: 'DELETE', url: `/api/users/${'a'.repeat(3000)}`, headers: superadmin });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      status: false,
      errors: ['The address of the request is too long.'],
      code: 'FST_ERR_MAX_PARAM_LENGTH',
    });
  });
});
