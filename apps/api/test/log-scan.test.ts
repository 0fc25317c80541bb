import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { createLogger } from '../src/lib/logger';
import { createMailer, type Mailer } from '../src/lib/mailer';
import { buildTestApp } from './app';
import { buildUser, login } from './factories';
import { waitForJobs } from './jobs';

/**
 * No log line may hold a password, a password hash, a token, a reset link, an SSN or a query's
 * parameters. This test runs the server at its most talkative level (trace),
 * provokes every error path it has (validation, conflicts, lockout, resets, SSN reveal, mail
 * failures, server failures with secret parameters, malformed and oversized bodies, odd URLs), and
 * then scans everything logged for every secret value it used or the server made.
 */
const lines: string[] = [];
const logger = () => createLogger({ level: 'trace', destination: { write: (l: string) => void lines.push(l) } });

const PASSWORD = 'Sturdy-Lantern-58';
const NEW_PASSWORD = 'Copper-Meadow-91';
const WRONG_PASSWORD = 'Wrong-Guess-4471';
const SSN = '123-45-6789';
const QUERY_SECRET = 'Velvet-Harbor-307';
/** A proxy's request id: nine digits in a row, which the SSN rule would take for one. */
const CALLER_REQUEST_ID = 'web-1700000000-b0d975318642';

// The real file mailer (no SMTP_URL): e-mails land in an outbox folder, where the reset link is read back.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-log-scan-'));
const { app, config, clock } = await buildTestApp({
  logger: logger(),
  mailer: createMailer({ from: 'Habla <no-reply@habla.test>', outboxDir: outbox, log: logger() }),
  routes: (a) => {
    // A query that fails with a secret among its parameters, through Drizzle and through pg.
    a.get('/api/test/failing-query', async () => a.db.execute(sql`SELECT ${QUERY_SECRET}::int AS n`));
    a.get('/api/test/failing-pool', async () =>
      (a.db as unknown as { $client: { query: (t: string, v: unknown[]) => Promise<unknown> } }).$client.query(
        'SELECT $1::date',
        [QUERY_SECRET],
      ),
    );
  },
});
// A mail server that refuses and echoes the message back, as some do: the link must not reach the log.
const echoingMailer: Mailer = { send: async (mail) => Promise.reject(new Error(`550 message refused: ${mail.text}`)) };
const { app: failingMail } = await buildTestApp({ logger: logger(), mailer: echoingMailer });

const secrets: string[] = [PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, SSN, SSN.replace(/-/g, ''), QUERY_SECRET];
const post = (a: typeof app, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  a.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

function readResetToken(): string {
  const files = fs.readdirSync(outbox).sort();
  const text = fs.readFileSync(path.join(outbox, files.at(-1) ?? ''), 'utf8').replace(/=\r?\n/g, '');
  const token = /token=3D([\w-]+)|token=([\w-]+)/.exec(text);
  if (!token) throw new Error('no reset link in the outbox');
  return token[1] ?? token[2] ?? '';
}

beforeAll(async () => {
  // Sign-up: refused (NUL) with the password in the body, then accepted, then a duplicate.
  const signUp = {
    first_name: 'Ana',
    last_name: 'Ruiz',
    email: 'ana.ruiz@example.test',
    username: 'ana_ruiz',
    password: PASSWORD,
    membership_type: 'parent',
  };
  expect((await post(app, '/api/auth/register', { ...signUp, first_name: 'Ana\u0000' })).statusCode).toBe(400);
  expect((await post(app, '/api/auth/register', signUp)).statusCode).toBe(201);
  expect((await post(app, '/api/auth/register', signUp)).statusCode).toBe(409);
  const [row] = await app.db.select({ hash: users.password_hash }).from(users).where(eq(users.username, 'ana_ruiz'));
  secrets.push(row?.hash ?? 'missing hash');

  // Sign-in: wrong password, unknown user, success (a token), then a lockout.
  expect((await post(app, '/api/auth/login', { login: 'ana_ruiz', password: WRONG_PASSWORD })).statusCode).toBe(401);
  expect((await post(app, '/api/auth/login', { login: PASSWORD, password: PASSWORD })).statusCode).toBe(401);
  const session = await login(app, 'ana_ruiz', PASSWORD);
  secrets.push(session.token);
  // The app's clock stands still in tests: failures after the success must come later to count.
  clock.advance(1000);
  for (let i = 0; i < 11; i++)
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'ana_ruiz', password: WRONG_PASSWORD },
      remoteAddress: `10.3.0.${i}`,
    });
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'ana_ruiz', password: PASSWORD },
        remoteAddress: '10.3.1.1',
      })
    ).statusCode,
  ).toBe(429);

  // A signed-in caller: a wrong current password, a malformed body quoting a password, an oversized one.
  expect(
    (
      await post(
        app,
        '/api/auth/change-password',
        { current_password: WRONG_PASSWORD, new_password: NEW_PASSWORD },
        session.headers,
      )
    ).statusCode,
  ).toBe(400);
  expect(
    (await post(app, '/api/auth/change-password', `{"current_password":"${PASSWORD}", new_password`, session.headers))
      .statusCode,
  ).toBe(400);
  expect(
    (
      await post(
        app,
        '/api/auth/change-password',
        JSON.stringify({ current_password: PASSWORD, new_password: NEW_PASSWORD.repeat(80_000) }),
        session.headers,
      )
    ).statusCode,
  ).toBe(413);
  expect(
    (await post(app, '/api/auth/login', `{"__proto__":{"x":1},"login":"ana_ruiz","password":"${PASSWORD}"}`))
      .statusCode,
  ).toBe(400);

  // Password reset: the link is e-mailed (to the outbox), used once, then refused.
  expect((await post(app, '/api/auth/forgot-password', { login: 'ana.ruiz@example.test' })).statusCode).toBe(200);
  await waitForJobs(app);
  const resetToken = readResetToken();
  secrets.push(resetToken, `${config.appUrl}/resetPassword?token=${resetToken}`);
  expect((await post(app, '/api/auth/reset-password', { token: resetToken, password: NEW_PASSWORD })).statusCode).toBe(
    200,
  );
  expect((await post(app, '/api/auth/reset-password', { token: resetToken, password: NEW_PASSWORD })).statusCode).toBe(
    400,
  );
  // The link opened in a browser (no web build here: a 404 that logs the address), and in a query of an API route.
  await app.inject({ method: 'GET', url: `/resetPassword?token=${resetToken}` });
  await app.inject({ method: 'GET', url: `/api/nowhere?token=${resetToken}&ssn=${SSN}` });
  // The token and an SSN in a path (a link whose "?token=" a mail client rewrote): the request's
  // serializer keeps the path, so only the scrubber stands between them and the log.
  await app.inject({ method: 'GET', url: `/api/auth/reset-password/${resetToken}` });
  await app.inject({ method: 'GET', url: `/api/people/${SSN}/card` });

  // SSNs: a user created with one, revealed (audited), and a bad one refused.
  const admin = await buildUser(app.db, { role: 'SUPERADMIN' });
  const adminSession = await login(app, admin.username, admin.password);
  secrets.push(adminSession.token);
  const created = await post(
    app,
    '/api/users',
    {
      first_name: 'Leo',
      last_name: 'Diaz',
      username: 'leo_diaz',
      email: 'leo.diaz@example.test',
      role: 'ADMIN',
      ssn: SSN,
      password: PASSWORD,
    },
    adminSession.headers,
  );
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as string;
  const reveal = await app.inject({
    method: 'POST',
    url: `/api/users/${id}/reveal-ssn`,
    headers: adminSession.headers,
  });
  expect(reveal.json().data.ssn).toBe(SSN);
  expect(
    (
      await app.inject({
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { ssn: `${SSN}0` },
        headers: adminSession.headers,
      })
    ).statusCode,
  ).toBe(400);
  expect(
    (
      await post(
        app,
        '/api/users',
        { first_name: 'Leo', last_name: 'Diaz', username: 'leo_diaz', role: 'ADMIN', ssn: SSN, password: PASSWORD },
        adminSession.headers,
      )
    ).statusCode,
  ).toBe(409);

  // Server failures with a secret among the query's parameters (the first under a caller's request id
  // with nine digits in a row, which the log must keep whole: the answer shows it to find the log by).
  const failed = await app.inject({
    method: 'GET',
    url: '/api/test/failing-query',
    headers: { ...adminSession.headers, 'x-request-id': CALLER_REQUEST_ID },
  });
  expect(failed.statusCode).toBe(500);
  expect(failed.body).toContain(CALLER_REQUEST_ID);
  expect(
    (await app.inject({ method: 'GET', url: '/api/test/failing-pool', headers: adminSession.headers })).statusCode,
  ).toBe(500);

  // A user invited without a password gets a link by e-mail, and the mail server refuses it.
  const other = await buildUser(failingMail.db, { role: 'SUPERADMIN' });
  const otherSession = await login(failingMail, other.username, other.password);
  secrets.push(otherSession.token);
  expect(
    (
      await post(
        failingMail,
        '/api/users',
        { first_name: 'Mia', last_name: 'Soto', username: 'mia_soto', email: 'mia.soto@example.test', role: 'ADMIN' },
        otherSession.headers,
      )
    ).statusCode,
  ).toBe(201);
  expect((await post(failingMail, '/api/auth/forgot-password', { login: 'mia_soto' })).statusCode).toBe(200);
  await waitForJobs(failingMail);
  const tokens = await failingMail.db.execute(sql`SELECT count(*)::int AS n FROM password_reset_tokens`);
  expect(tokens.rows[0]?.n).toBe(2);
});

afterAll(() => {
  lines.length = 0;
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('the log of a run that provokes every error path', () => {
  it('was written at all: requests, refusals, failures, the outbox and the refused mail', () => {
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(100);
    for (const msg of [
      'incoming request',
      'validation failed',
      'request refused',
      'request failed',
      'sign-in refused: locked out',
      'e-mail written to the outbox',
      'job attempt failed',
      'route not found',
    ]) {
      expect(text, msg).toContain(msg);
    }
  });

  it('holds none of the passwords, hashes, tokens, links, SSNs or query parameters used', () => {
    const text = lines.join('');
    expect(secrets.length).toBeGreaterThanOrEqual(12);
    const found = secrets.filter((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)));
    expect(found).toEqual([]);
    // Nothing shaped like one either, whoever made it.
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{20}/);
    expect(text).not.toMatch(/token=[A-Za-z0-9_-]{20}/);
  });

  it('keeps request ids whole: the id a failed request answered with finds its lines', () => {
    const mine = lines.filter((l) => l.includes(`"reqId":"${CALLER_REQUEST_ID}"`));
    expect(mine.map((l) => (JSON.parse(l) as { msg: string }).msg)).toContain('request failed');
    // Every request id of the run is a UUID or the caller's, whole.
    const ids = lines.map((l) => (JSON.parse(l) as { reqId?: string }).reqId).filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids)
      expect(id).toMatch(
        /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|web-1700000000-b0d975318642)$/,
      );
  });
});
