import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { auditLog } from '../../db/schema/index';

const { app, clock } = await buildTestApp();
const INVALID = {
  status: false,
  errors: ['Please, input a correct email/username or password.'],
  code: 'UNAUTHENTICATED',
};

/** Each test signs in from its own address so the per-IP window of one test does not leak into another. */
let ipCounter = 10;
const nextIp = () => `10.0.0.${ipCounter++}`;
const post = (payload: object, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress, headers });

describe('POST /api/auth/login', () => {
  it('signs in by e-mail and by username (any case) with permissions and view_options', async () => {
    const user = await buildUser(app.db, { role: 'THERAPIST' });
    const ip = nextIp();
    for (const login of [user.email, user.username, user.email.toUpperCase(), ` ${user.username.toUpperCase()} `]) {
      const res = await post({ login, password: TEST_PASSWORD }, ip);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(true);
      expect(body.token).toMatch(/^[\w-]{43}$/);
      expect(body.data).toMatchObject({
        id: user.id,
        username: user.username,
        email: user.email,
        role: 'THERAPIST',
        account_id: user.accountId,
        language: 'en',
        view_options: [],
      });
      expect(body.data.permissions).toContain('PERMISSION_READ_GAMES');
      expect(body.data).not.toHaveProperty('password_hash');
    }
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const user = await buildUser(app.db);
    const ip = nextIp();
    const wrong = await post({ login: user.username, password: 'not-the-password' }, ip);
    const unknown = await post({ login: 'nobody-here', password: 'not-the-password' }, ip);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
    expect(unknown.json()).toEqual(wrong.json());
    const spanish = await post({ login: 'nobody-here', password: 'x' }, ip, { 'accept-language': 'es-ES' });
    expect(spanish.json().errors).toEqual(['Por favor, ingrese un correo/usuario o contraseña correctos.']);
  });

  it('takes similar time for an unknown user as for a wrong password', async () => {
    const user = await buildUser(app.db);
    const ip = nextIp();
    const time = async (login: string) => {
      const t = performance.now();
      await post({ login, password: 'not-the-password' }, ip);
      return performance.now() - t;
    };
    await time('warm-up-user');
    const known = Math.min(await time(user.username), await time(user.username));
    const unknown = Math.min(await time('nobody-at-all'), await time('nobody-at-all'));
    // Both pay for one argon2 verification (~25 ms); without the dummy hash "unknown" would take ~2 ms.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it('locks a login after 10 failures in 15 minutes: 429 with retry_after, even for the right password', async () => {
    const user = await buildUser(app.db);
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await post({ login: user.username, password: `wrong-${i}` }, ip)).statusCode).toBe(401);
    const locked = await post({ login: user.username, password: TEST_PASSWORD }, ip);
    expect(locked.statusCode).toBe(429);
    const body = locked.json();
    expect(body.status).toBe(false);
    expect(body.retry_after).toBeGreaterThan(14 * 60);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    expect(body.errors[0]).toBe('Too many failed sign-in attempts. Please try again in 15 minute(s).');
    expect(locked.headers['retry-after']).toBe(String(body.retry_after));
    // Another address does not help: the lock is on the login.
    expect((await post({ login: user.email, password: TEST_PASSWORD }, nextIp())).statusCode).toBe(429);
    const es = await post({ login: user.username, password: TEST_PASSWORD }, ip, { 'accept-language': 'es' });
    expect(es.json().errors[0]).toMatch(/^Demasiados intentos fallidos/);

    clock.advance(15 * 60_000 + 1000);
    expect((await post({ login: user.username, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('a success resets the per-login count', async () => {
    const user = await buildUser(app.db);
    const ip = nextIp();
    for (let i = 0; i < 9; i++) await post({ login: user.username, password: 'wrong' }, ip);
    expect((await post({ login: user.username, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await post({ login: user.username, password: 'wrong' }, ip)).statusCode).toBe(401);
    expect((await post({ login: user.username, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('locks an IP after 30 failures across logins', async () => {
    const ip = nextIp();
    const user = await buildUser(app.db);
    for (let i = 0; i < 30; i++)
      expect((await post({ login: `ghost-${i}`, password: 'wrong' }, ip)).statusCode).toBe(401);
    const res = await post({ login: user.username, password: TEST_PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
    expect((await post({ login: user.username, password: TEST_PASSWORD }, nextIp())).statusCode).toBe(200);
    clock.advance(16 * 60_000);
  });

  it('refuses a disabled user and a user of an inactive account with 403', async () => {
    const disabled = await buildUser(app.db, { status: 'DISABLED' });
    const onHold = await buildUser(app.db, { accountStatus: 'ON-HOLD' });
    const a = await post({ login: disabled.username, password: TEST_PASSWORD }, nextIp());
    expect(a.statusCode).toBe(403);
    expect(a.json().errors).toEqual(['Your user is disabled. Please contact your administrator.']);
    const b = await post({ login: onHold.username, password: TEST_PASSWORD }, nextIp());
    expect(b.statusCode).toBe(403);
    expect(b.json().errors).toEqual(['Your account is not active. Please contact your administrator.']);
  });

  it('writes successes and failures to the audit log with the request id, without secrets', async () => {
    const user = await buildUser(app.db);
    await post({ login: user.username, password: 'Wrong-Secret-1' }, nextIp(), { 'x-request-id': 'audit-fail-1' });
    await post({ login: user.username, password: TEST_PASSWORD }, nextIp(), { 'x-request-id': 'audit-ok-1' });
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.entity_id, user.id));
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(byAction['login.failure']?.request_id).toBe('audit-fail-1');
    expect(byAction['login.success']?.request_id).toBe('audit-ok-1');
    expect(JSON.stringify(rows)).not.toContain('Wrong-Secret-1');
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
  });

  it('answers 400 with a message per field for an empty body', async () => {
    const res = await post({}, nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'VALIDATION',
      fields: { login: 'E-mail or username is required.', password: 'Password is required.' },
    });
    expect(res.json().errors).toHaveLength(2);
  });
});
