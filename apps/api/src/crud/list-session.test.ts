import { policyOf, resourceRowSchema } from '@habla/shared';
import { describe, expect, it } from 'vitest';
import { ENGINE_RESOURCES } from '../../test/resources';
import { buildTestApp } from '../../test/app';
import { loginAs } from '../../test/factories';
import { hashToken } from '../lib/tokens';

/**
 * The list hot path (decision 008): a list request on a session this instance has
 * seen reads the session in the page's own statement, and is answered only once that fresh row is
 * checked; when the person's rights changed meanwhile, the page is read again for who they are now.
 * Revocation across instances is tested in modules/auth/revocation-instances.test.ts.
 */
const { app, database } = await buildTestApp();
const DICTIONARY = '/api/catalogs/dictionary?page=0&max=25&col=word&order=asc';

/** How many statements the pool runs during `fn`. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const pool = database.pool;
  const original = pool.query.bind(pool);
  const seen: string[] = [];
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    seen.push(typeof first === 'string' ? first : first.text);
    return (original as (...a: unknown[]) => unknown)(...args);
  };
  try {
    await fn();
  } finally {
    (pool as { query: unknown }).query = original;
  }
  return seen;
}

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('a list request on a known session', () => {
  it('takes one statement: the session and the page together', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    // The first request checks the session on its own and learns the total.
    expect((await get(DICTIONARY, headers)).statusCode).toBe(200);
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await statementsDuring(async () => {
      res = await get(DICTIONARY, headers);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json().data).toHaveLength(25);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM sessions s JOIN users u/);
    expect(statements[0]).toMatch(/FROM "dictionary" t/);
    // The page comes in its order, without the statement's own columns.
    const words = (res!.json().data as { word: string; __ord?: unknown; __alongside?: unknown }[]).map((r) => r.word);
    expect(words).toEqual([...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(res!.json().data[0])).not.toContain('__ord');
    expect(Object.keys(res!.json().data[0])).not.toContain('__alongside');
  });

  it('an empty page still checks the session', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    const none = '/api/catalogs/dictionary?page=0&max=25&q=zzqqxxnothing';
    expect((await get(none, headers)).statusCode).toBe(200);
    const again = await get(none, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await get(none, headers)).statusCode).toBe(401);
  });

  it('rights changed since the last request: the page is read for who the person is now', async () => {
    const { user, headers } = await loginAs(app, 'EDITOR');
    const before = await get(DICTIONARY, headers);
    expect(before.json().data[0]._actions).toContain('update');
    await database.pool.query(`UPDATE users SET role = 'VIEWER' WHERE id = $1`, [user.id]);
    const after = await get(DICTIONARY, headers);
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0]._actions).not.toContain('update');
    expect(after.json().data[0]._actions).toContain('read');
  });

  it('a list the person may no longer see answers 403 on the fresh row, not the page of the old one', async () => {
    const { user, headers } = await loginAs(app, 'ADMIN');
    expect((await get('/api/users?page=0&max=5', headers)).statusCode).toBe(200);
    expect((await get('/api/users?page=0&max=5', headers)).statusCode).toBe(200);
    await database.pool.query(`UPDATE users SET role = 'VIEWER' WHERE id = $1`, [user.id]);
    const res = await get('/api/users?page=0&max=5', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeUndefined();
  });

  it('a revoked session with a query the schema refuses answers 401, not 400', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    expect((await get(DICTIONARY, headers)).statusCode).toBe(200);
    expect((await get('/api/catalogs/dictionary?page=-1', headers)).statusCode).toBe(400);
    // Revoked elsewhere (another instance, an admin): this instance still holds its guess of the token.
    const token = headers.authorization.slice('Bearer '.length);
    await database.pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [hashToken(token)]);
    const refused = await get('/api/catalogs/dictionary?page=-1', headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('SESSION_EXPIRED');
  });

  it('an idle session is refused and its last sight forgotten', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    expect((await get(DICTIONARY, headers)).statusCode).toBe(200);
    await database.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '30 days'`);
    expect((await get(DICTIONARY, headers)).statusCode).toBe(401);
  });
});

const RESOURCES = ENGINE_RESOURCES;

describe('list and show answers keep their declared shape', () => {
  it('every resource’s rows parse with its row schema (the answers are written without it)', async () => {
    const { headers } = await loginAs(app, 'SUPERADMIN');
    const spec = app.swagger() as { paths: Record<string, { get?: { summary?: string } }> };
    let checked = 0;
    for (const r of RESOURCES) {
      const path = Object.entries(spec.paths).find(([, ops]) => ops.get?.summary === `List ${r.def.name}`)?.[0];
      expect(path, r.def.name).toBeDefined();
      const list = await get(`${path!.replace(/\/$/, '')}?page=0&max=5`, headers);
      expect(list.statusCode, r.def.name).toBe(200);
      const schema = resourceRowSchema(r.def, policyOf(r.def.name).hideable);
      for (const row of list.json().data as Record<string, unknown>[]) {
        // Parsing keeps every key and changes no value: the row holds its declared fields and nothing else.
        expect(schema.parse(row), `${r.def.name} ${JSON.stringify(row)}`).toEqual(row);
        const show = await get(`${path!.replace(/\/$/, '')}/${String(row.id)}`, headers);
        expect(show.statusCode).toBe(200);
        expect(schema.parse(show.json().data), r.def.name).toEqual(show.json().data);
        // The list's rows may be written by PostgreSQL (list-query.ts rowJson), the show's are built in
        // Node: the same row either way.
        expect(row, r.def.name).toEqual(show.json().data);
        checked++;
      }
    }
    // The seeded reference data and the signed-in users give most resources rows to check.
    expect(checked).toBeGreaterThan(40);
  });
});
