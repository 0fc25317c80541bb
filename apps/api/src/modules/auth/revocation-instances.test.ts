import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { buildTestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';

/**
 * Two API instances on one database, as behind a load balancer (docs/decisions/008-performance.md):
 * a session that one instance has just served must fail on its very next request at that instance
 * once another instance revokes it, or once the user is disabled or the account put on hold. Any
 * per-instance cache of sessions would break this; each request re-reads the session.
 */
const { app: a, config, clock } = await buildTestApp();
const b = await buildApp({
  config,
  db: a.db,
  now: clock.now,
  mailer: a.mailer,
  logger: createLogger({ level: 'silent' }),
});
await b.ready();
afterAll(() => b.close());

const DICTIONARY = '/api/catalogs/dictionary?page=0&max=25';
const get = (app: typeof a, url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers });

describe('revocation across instances', () => {
  it('a logout on instance A ends the session on instance B at its next request', async () => {
    const { headers } = await loginAs(a, 'THERAPIST');
    // B serves the session several times first: list and profile, as a busy client does.
    for (let i = 0; i < 3; i++) {
      expect((await get(b, DICTIONARY, headers)).statusCode).toBe(200);
      expect((await get(b, '/api/auth/me', headers)).statusCode).toBe(200);
    }
    expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    const list = await get(b, DICTIONARY, headers);
    expect(list.statusCode).toBe(401);
    expect(list.json().code).toBe('SESSION_EXPIRED');
    expect((await get(b, '/api/auth/me', headers)).statusCode).toBe(401);
  });

  it('a user disabled or an account put on hold (by any instance, or straight in the database) fails at once on both', async () => {
    const { user, headers } = await loginAs(a, 'THERAPIST');
    expect((await get(b, DICTIONARY, headers)).statusCode).toBe(200);
    await a.db.execute(`update users set status = 'DISABLED' where id = '${user.id}'`);
    for (const app of [b, a]) {
      const res = await get(app, DICTIONARY, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toEqual(['Your user is disabled. Please contact your administrator.']);
    }

    const other = await loginAs(a, 'THERAPIST');
    expect((await get(b, DICTIONARY, other.headers)).statusCode).toBe(200);
    await a.db.execute(`update accounts set status = 'ON-HOLD' where id = '${other.user.accountId}'`);
    const res = await get(b, DICTIONARY, other.headers);
    expect(res.statusCode).toBe(401);
  });
});
