import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { buildUser, login, loginAs, TEST_PASSWORD } from '../../../test/factories';

const { app, clock } = await buildTestApp();
const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/me', headers });
const MIN = 60_000;

describe('sessions', () => {
  it('GET /api/auth/me without a token → 401 unauthenticated; with a made-up token → 401 session expired', async () => {
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ status: false, errors: ['Please sign in to continue.'], code: 'UNAUTHENTICATED' });
    const fake = await me({ authorization: `Bearer ${'x'.repeat(43)}` });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().errors).toEqual(['Your session has expired. Please sign in again.']);
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('logout revokes the session: the same token then answers 401', async () => {
    const { headers } = await loginAs(app, 'STUDENT');
    expect((await me(headers)).statusCode).toBe(200);
    // As the web client sends it: a JSON content type and no body.
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: true, message: 'You have signed out.' });
    const after = await me(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().errors).toEqual(['Your session has expired. Please sign in again.']);
  });

  it('expires after 30 idle minutes; activity keeps it alive', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    clock.advance(29 * MIN);
    expect((await me(headers)).statusCode).toBe(200);
    clock.advance(29 * MIN);
    expect((await me(headers)).statusCode).toBe(200);
    clock.advance(31 * MIN);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('ends after 12 hours however active the user is', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    for (let i = 0; i < 24; i++) {
      clock.advance(29 * MIN);
      if (i < 24 && (i + 1) * 29 < 12 * 60) expect((await me(headers)).statusCode).toBe(200);
    }
    // 24 × 29 min = 11 h 36 min; 25 more minutes pass the 12 h mark while never idle for 30.
    clock.advance(25 * MIN);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('refuses sessions of a user disabled or an account suspended after sign-in', async () => {
    const { user, headers } = await loginAs(app, 'THERAPIST');
    await app.db.execute(`update users set status = 'DISABLED' where id = '${user.id}'`);
    const res = await me(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual(['Your user is disabled. Please contact your administrator.']);
  });

  it('change password: needs the current one, ends the other sessions, keeps this one', async () => {
    const user = await buildUser(app.db, { role: 'ACCOUNT_ADMIN' });
    const a = await login(app, user.username, TEST_PASSWORD);
    const b = await login(app, user.email, TEST_PASSWORD);
    const change = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/auth/change-password', headers: a.headers, payload });

    const wrong = await change({ current_password: 'nope-nope', new_password: 'Another-Fine-Pass-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ current_password: 'The current password is not correct.' });
    expect((await change({ current_password: TEST_PASSWORD, new_password: 'short' })).json().fields).toEqual({
      new_password: 'New password must have at least 8 characters.',
    });
    expect((await change({ current_password: TEST_PASSWORD, new_password: 'football1' })).json().fields).toEqual({
      new_password: 'New password is too common; choose one that is harder to guess.',
    });

    const ok = await change({ current_password: TEST_PASSWORD, new_password: 'Another-Fine-Pass-9' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true, message: 'Your password was changed.' });
    expect((await me(a.headers)).statusCode).toBe(200);
    expect((await me(b.headers)).statusCode).toBe(401);
    await expect(login(app, user.username, TEST_PASSWORD)).rejects.toThrow(/401/);
    await login(app, user.username, 'Another-Fine-Pass-9');
  });

  it('saves view options per controller and view, and returns them with the user', async () => {
    const { headers } = await loginAs(app, 'THERAPIST');
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/auth/view-options', headers, payload });
    expect((await put({ controller: 'games', view: 'list', columns: ['name', 'status'] })).statusCode).toBe(200);
    await put({ controller: 'games', view: 'list', columns: ['name'] });
    const res = await put({ controller: 'levels', view: 'list', columns: ['order'] });
    expect(res.json().data).toEqual([
      { controller: 'games', view: 'list', columns: ['name'] },
      { controller: 'levels', view: 'list', columns: ['order'] },
    ]);
    expect((await me(headers)).json().data.view_options).toHaveLength(2);
  });
});
