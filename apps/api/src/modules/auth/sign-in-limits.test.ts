import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { LOCKOUT } from './lockout';

// Every request to the sign-in, sign-up and reset routes counts against its address, whatever it is
// answered: malformed bodies (400) and server failures (500) included.
const { app } = await buildTestApp({ env: { SIGN_IN_PER_MINUTE: '40' } });

const raw = (url: string, body: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body, remoteAddress });

/** Run `work` while `table` is renamed away, so the route's own query fails (500) as on a broken database. */
async function withTableGone<T>(table: string, work: () => Promise<T>): Promise<T> {
  await app.db.execute(sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_gone`));
  try {
    return await work();
  } finally {
    await app.db.execute(sql.raw(`ALTER TABLE ${table}_gone RENAME TO ${table}`));
  }
}

describe('sign-in: every refused request counts as a failure of the address', () => {
  it('35 sign-ins with a NUL: 400 until the per-IP limit, then 429; a wrong password right after is 429, not 401', async () => {
    const ip = '10.9.0.1';
    const user = await buildUser(app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await raw('/api/auth/login', '{"login":"a\\u0000b","password":"whatever1"}', ip)).statusCode);
    expect(statuses.slice(0, LOCKOUT.perIp)).toEqual(Array(LOCKOUT.perIp).fill(400));
    expect(statuses.slice(LOCKOUT.perIp)).toEqual(Array(35 - LOCKOUT.perIp).fill(429));
    const wrong = await raw(
      '/api/auth/login',
      JSON.stringify({ login: user.username, password: 'not-the-password' }),
      ip,
    );
    expect(wrong.statusCode).toBe(429);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(wrong.json().errors[0]).toMatch(/Too many failed sign-in attempts/);
    // Another address is not affected.
    expect(
      (await raw('/api/auth/login', JSON.stringify({ login: user.username, password: user.password }), '10.9.0.2'))
        .statusCode,
    ).toBe(200);
  });

  it('server failures (500) count too', async () => {
    const ip = '10.9.0.3';
    const statuses = await withTableGone('users', async () => {
      const out: number[] = [];
      for (let i = 0; i < LOCKOUT.perIp + 1; i++)
        out.push((await raw('/api/auth/login', '{"login":"someone","password":"whatever1"}', ip)).statusCode);
      return out;
    });
    expect(statuses.slice(0, LOCKOUT.perIp)).toEqual(Array(LOCKOUT.perIp).fill(500));
    expect(statuses.at(-1)).toBe(429);
  });

  it('every request, successes included, counts against the per-minute ceiling of the address', async () => {
    const ip = '10.9.0.4';
    const user = await buildUser(app.db);
    expect(app.config.signInPerMinute).toBe(40);
    for (let i = 0; i < 40; i++)
      expect(
        (await raw('/api/auth/login', JSON.stringify({ login: user.username, password: user.password }), ip))
          .statusCode,
      ).toBe(200);
    const over = await raw('/api/auth/login', JSON.stringify({ login: user.username, password: user.password }), ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-up and password reset: 400s and 500s count against the per-minute ceiling', () => {
  it('sign-up: 20 requests of any outcome, then 429', async () => {
    const ip = '10.9.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await raw('/api/auth/register', '{"first_name":"a\\u0000"}', ip)).statusCode);
    const body = (i: number) =>
      JSON.stringify({
        first_name: 'Ana',
        last_name: 'Ruiz',
        email: `ana${i}@example.test`,
        username: `ana_${i}`,
        password: 'Sturdy-Lantern-58',
        membership_type: 'parent',
      });
    await withTableGone('accounts', async () => {
      for (let i = 0; i < 10; i++) statuses.push((await raw('/api/auth/register', body(i), ip)).statusCode);
    });
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(10).fill(500)]);
    const over = await raw('/api/auth/register', body(99), ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('forgot-password: 10 requests of any outcome, then 429', async () => {
    const ip = '10.9.1.2';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await raw('/api/auth/forgot-password', '{"login":"a\\u0000"}', ip)).statusCode);
    await withTableGone('users', async () => {
      for (let i = 0; i < 5; i++)
        statuses.push((await raw('/api/auth/forgot-password', '{"login":"someone"}', ip)).statusCode);
    });
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(5).fill(500)]);
    expect((await raw('/api/auth/forgot-password', '{"login":"someone"}', ip)).statusCode).toBe(429);
  });

  it('reset-password: 20 requests of any outcome, then 429', async () => {
    const ip = '10.9.1.3';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await raw('/api/auth/reset-password', '{"token":"a\\u0000","password":"x"}', ip)).statusCode);
    expect(statuses).toEqual(Array(20).fill(400));
    expect(
      (
        await raw(
          '/api/auth/reset-password',
          JSON.stringify({ token: 'x'.repeat(43), password: 'Sturdy-Lantern-58' }),
          ip,
        )
      ).statusCode,
    ).toBe(429);
  });
});
