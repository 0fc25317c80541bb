import { fieldLabel, PERMISSIONS } from '@habla/shared';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { loginAs } from '../../test/factories';
import { pino } from 'pino';

const { app } = await buildTestApp();
const lines: string[] = [];
const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
// A second app with a test-only failing route, logging into `lines`.
const { app: local } = await buildTestApp({
  logger,
  routes: (a) =>
    a.get('/api/test/boom', async () => {
      throw new Error('secret internals');
    }),
});

describe('error envelopes', () => {
  it('unknown API route → 404 envelope, translated', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      errors: ['There is no API route GET /api/no-such-thing.'],
      code: 'NOT_FOUND',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const es = await app.inject({ method: 'DELETE', url: '/api/nada', headers: { 'accept-language': 'es' } });
    expect(es.json().errors).toEqual(['No existe la ruta de API DELETE /api/nada.']);
  });

  it('malformed JSON → 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "a", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, errors: ['The request body is not valid JSON.'] });
  });

  it('a body-less JSON POST to a route that needs a body → 400 naming the fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    // Each required field by its label, as for an empty object; not one message about "the body".
    expect(res.json()).toEqual({
      status: false,
      code: 'VALIDATION',
      errors: ['E-mail or username is required.', 'Password is required.'],
      fields: { login: 'E-mail or username is required.', password: 'Password is required.' },
    });
    // The same without a content type, and in the caller's language.
    const es = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'es' } });
    expect(es.statusCode).toBe(400);
    expect(Object.keys(es.json().fields)).toEqual(['login', 'password']);
    expect(es.json().fields.login).toContain(fieldLabel('es', 'login'));
    expect(es.json().fields.password).toContain(fieldLabel('es', 'password'));
  });

  it('too large a body → 413 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'x'.repeat(1_100_000), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, errors: ['The request is too large.'] });
  });

  it('a missing permission → 403 envelope; the holder passes', async () => {
    const therapist = await loginAs(app, 'THERAPIST');
    const res = await app.inject({ method: 'GET', url: '/api/role-permissions', headers: therapist.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      errors: ['You do not have permission to do this.'],
      code: 'FORBIDDEN',
    });
    const anonymous = await app.inject({ method: 'GET', url: '/api/role-permissions' });
    expect(anonymous.statusCode).toBe(401);

    const superadmin = await loginAs(app, 'SUPERADMIN');
    const ok = await app.inject({ method: 'GET', url: '/api/role-permissions', headers: superadmin.headers });
    expect(ok.statusCode).toBe(200);
    const roles = ok.json().data as { role: string; permissions: string[] }[];
    expect(roles.find((r) => r.role === 'SUPERADMIN')?.permissions).toEqual([PERMISSIONS.FULL]);
    expect(roles.find((r) => r.role === 'STUDENT')?.permissions).toEqual([
      PERMISSIONS.PLAY_ACTIVITIES,
      PERMISSIONS.PLAY_GAMES,
    ]);
  });

  it('a permission granted in the database applies on the next request', async () => {
    const therapist = await loginAs(app, 'THERAPIST');
    await app.db.execute(`insert into role_permissions (role, permission) values ('THERAPIST', 'PERMISSION_FULL')`);
    const res = await app.inject({ method: 'GET', url: '/api/role-permissions', headers: therapist.headers });
    await app.db.execute(`delete from role_permissions where role = 'THERAPIST' and permission = 'PERMISSION_FULL'`);
    expect(res.statusCode).toBe(200);
  });
});

describe('5xx', () => {
  it('hides the message and stack, names the request id, and logs the error with it', async () => {
    const res = await local.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: false,
      errors: ['Something went wrong on our side. Please try again later. (Reference: req-boom-1)'],
      code: 'INTERNAL',
    });
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    const logged = lines
      .map((l) => JSON.parse(l) as { reqId?: string; level: number; err?: { message: string } })
      .find((l) => l.err);
    expect(logged).toMatchObject({ reqId: 'req-boom-1', level: 50, err: { message: 'secret internals' } });
  });
});
