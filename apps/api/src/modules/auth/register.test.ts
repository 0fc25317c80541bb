import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { accounts, auditLog, users } from '../../db/schema/index';

const { app } = await buildTestApp();
let n = 0;
const signUp = (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  n++;
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: {
      first_name: 'Rosa',
      last_name: 'Diaz',
      email: `rosa${n}@example.test`,
      username: `rosa${n}`,
      password: 'Lavender-Piano-77',
      membership_type: 'therapist',
      ...over,
    },
  });
};

describe('POST /api/auth/register', () => {
  it('creates a free-trial account, its ACCOUNT_ADMIN user and profile; the user can sign in', async () => {
    const res = await signUp({
      email: 'Maria.Lopez@Example.test',
      username: 'MariaL',
      account_name: 'Lopez Speech',
      membership_type: 'therapist_center',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: true,
      message: 'New user was created',
      data: { advice: 'Please use your new credentials to log in' },
    });
    const [user] = await app.db.select().from(users).where(eq(users.username, 'marial'));
    expect(user).toMatchObject({ email: 'maria.lopez@example.test', role: 'ACCOUNT_ADMIN', status: 'ACTIVE' });
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.id, user!.account_id!));
    expect(account).toMatchObject({
      name: 'Lopez Speech',
      membership_type: 'therapist_center',
      membership_length: 'free_trial',
      status: 'ACTIVE',
      type: 'legal_person',
    });
    const [profile] = await app.db.select().from(users).where(eq(users.id, user!.id));
    expect(profile).toMatchObject({ first_name: 'Rosa', last_name: 'Diaz', account_id: account!.id });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entity_id, user!.id));
    expect(audit.map((a) => a.action)).toContain('register');
    expect(JSON.stringify(audit)).not.toContain('Lavender-Piano-77');
    const session = await login(app, 'maria.lopez@example.test', 'Lavender-Piano-77');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers });
    expect(me.json().data).toMatchObject({
      username: 'marial',
      role: 'ACCOUNT_ADMIN',
      first_name: 'Rosa',
      last_name: 'Diaz',
    });
  });

  it('names the account after the person when no account name is given', async () => {
    const res = await signUp({
      username: 'plainname',
      first_name: 'Tom',
      last_name: 'Reed',
      membership_type: 'parent',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db
      .select({ name: accounts.name, type: accounts.type })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.account_id))
      .where(eq(users.username, 'plainname'));
    expect(row).toEqual({ name: 'Tom Reed', type: 'natural_person' });
  });

  it('answers 409 naming the field for a duplicate e-mail or username, whatever the case', async () => {
    expect((await signUp({ email: 'dup@example.test', username: 'dupuser' })).statusCode).toBe(201);
    const accountsBefore = (await app.db.select().from(accounts)).length;
    const email = await signUp({ email: 'DUP@example.test', username: 'other1' });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({
      status: false,
      errors: ['E-mail is already in use.'],
      code: 'CONFLICT',
      fields: { email: 'E-mail is already in use.' },
    });
    const username = await signUp({ email: 'fresh@example.test', username: 'DupUser' });
    expect(username.statusCode).toBe(409);
    expect(username.json().fields).toEqual({ username: 'Username is already in use.' });
    const es = await signUp({ email: 'dup@example.test', username: 'other2' }, { 'accept-language': 'es' });
    expect(es.json().errors).toEqual(['Correo electrónico ya está en uso.']);
    // Nothing half-made: no account was created for the refused sign-ups.
    expect((await app.db.select().from(accounts)).length).toBe(accountsBefore);
  });

  it('answers 400 with one message per bad field, in English and in Spanish', async () => {
    const res = await signUp({ email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields).toEqual({
      email: 'E-mail must be a valid e-mail address.',
      password: 'Password must have at least 8 characters.',
    });
    expect(body.errors).toEqual([
      'E-mail must be a valid e-mail address.',
      'Password must have at least 8 characters.',
    ]);
    const es = await signUp({ email: 'not-an-email', password: 'short' }, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(es.json().fields).toEqual({
      email: 'Correo electrónico debe ser una dirección de correo válida.',
      password: 'Contraseña debe tener al menos 8 caracteres.',
    });
  });

  it('reports missing fields, bad choices and too long passwords by field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { membership_type: 'pirate', password: 'x'.repeat(129) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
      email: 'E-mail is required.',
      membership_type: 'Membership type must be one of the listed options.',
      password: 'Password must have at most 128 characters.',
    });
  });

  it('refuses a common password', async () => {
    const res = await signUp({ password: 'password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { password: 'Password is too common; choose one that is harder to guess.' },
    });
    expect((await signUp({ password: 'Qwerty123456' })).statusCode).toBe(400);
  });

  it('limits sign-ups per address: the 21st in a minute → 429 with retry_after', async () => {
    const attempt = () =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(400);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: false, code: 'TOO_MANY_REQUESTS' });
    expect(res.json().retry_after).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
