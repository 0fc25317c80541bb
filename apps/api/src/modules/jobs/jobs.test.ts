import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { waitForJobs, waitForJobState } from '../../../test/jobs';
import { loadConfig } from '../../config';
import { poolOf } from '../../db/client';
import type { Mail, Mailer } from '../../lib/mailer';
import { emailPayload } from '../../jobs/email-send';
import { withTransaction } from '../../jobs/transaction';

// A mail server that can be told to refuse, echoing the whole message back as some do.
const sent: Mail[] = [];
let refuse = false;
const mailer: Mailer = {
  send: async (mail) => {
    if (refuse) throw new Error(`550 refused: ${mail.text}`);
    sent.push(mail);
  },
};
const { app, config } = await buildTestApp({
  mailer,
  // Retries a second apart, doubling: a failing job runs out of its 2 retries in 3 to 6 s.
  env: { JOBS_TEST_HANDLERS: 'true', JOBS_RETRY_LIMIT: '2', JOBS_RETRY_DELAY_SECONDS: '1', JOBS_POLL_SECONDS: '0.5' },
});
const db = poolOf(app.db);
const as = async (role: Parameters<typeof loginAs>[1]) => (await loginAs(app, role)).headers;
const mail = (text: string): Mail => ({ to: 'someone@example.test', subject: 'Hello', text });
type Row = {
  id: string;
  name: string;
  state: string;
  attempts: number;
  max_attempts: number;
  summary: string;
  reason: string | null;
};
const list = async (state: string, headers: Record<string, string>): Promise<Row[]> => {
  const res = await app.inject({ method: 'GET', url: `/api/jobs?state=${state}&max=100`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row[];
};

describe('enqueueing in the transaction of the write', () => {
  it('a job enqueued in a transaction that rolls back never runs; one in a committed transaction does', async () => {
    let rolledBack = '';
    await expect(
      withTransaction(app.db, async (_tx, client) => {
        rolledBack = await app.jobs.enqueue(
          client,
          'email.send',
          emailPayload(config, mail('rolled back'), { kind: 'test', userId: null }),
        );
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const committed = await withTransaction(app.db, async (_tx, client) =>
      app.jobs.enqueue(client, 'email.send', emailPayload(config, mail('committed'), { kind: 'test', userId: null })),
    );
    app.jobs.wake('email.send');
    await waitForJobState(app, committed, ['completed']);
    await waitForJobs(app);
    expect(sent.map((m) => m.text)).toEqual(['committed']);
    expect(rolledBack).toMatch(/^[0-9a-f-]{36}$/);
    expect((await db.query('SELECT 1 FROM pgboss.job WHERE id = $1', [rolledBack])).rows).toEqual([]);
  });

  it('a password reset queues its e-mail with the token write; the text waits encrypted', async () => {
    const user = await loginAs(app, 'THERAPIST');
    const before = sent.length;
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { login: user.user.email } }))
        .statusCode,
    ).toBe(200);
    await waitForJobs(app);
    expect(sent.slice(before).map((m) => m.to)).toEqual([user.user.email]);
    const { rows } = await db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM pgboss.job WHERE name = 'email.send' ORDER BY created_on DESC LIMIT 1",
    );
    expect(Object.keys(rows[0]!.data).sort()).toEqual(['kind', 'subject', 'text_encrypted', 'to', 'user_id']);
    expect(JSON.stringify(rows[0]!.data)).not.toContain('resetPassword');
  });
});

describe('retries', () => {
  it('a failing job is retried with back-off and ends failed with its reason; a retry runs it once more', async () => {
    const started = Date.now();
    const id = await app.jobs.enqueue(db, 'test.fail', { label: 'retry test', reason: 'the far server said no' });
    app.jobs.wake('test.fail');
    const failed = await waitForJobState(app, id, ['failed']);
    // Two retries after 1–2 s and 2–4 s: at least 3 s; without back-off it would be 2.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(failed.retry_count).toBe(2);
    // The configured policy reached the job: doubling delays from 1 s, two retries.
    expect({ backoff: failed.retry_backoff, delay: failed.retry_delay, limit: failed.retry_limit }).toEqual({
      backoff: true,
      delay: 1,
      limit: 2,
    });
    const admin = await as('ADMIN');
    const row = (await list('failed', admin)).find((r) => r.id === id);
    expect(row).toEqual(
      expect.objectContaining({
        name: 'test.fail',
        state: 'failed',
        attempts: 3,
        max_attempts: 3,
        summary: 'retry test',
        reason: 'the far server said no',
      }),
    );

    const retry = await app.inject({ method: 'POST', url: `/api/jobs/${id}/retry`, headers: admin });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({
      status: true,
      data: expect.objectContaining({ id, state: 'queued', attempts: 3, max_attempts: 4 }),
      message: 'The job will run again.',
    });
    await waitForJobState(app, id, ['failed']);
    expect((await list('failed', admin)).find((r) => r.id === id)).toEqual(
      expect.objectContaining({ attempts: 4, reason: 'the far server said no' }),
    );
    // Only a failed job can be retried.
    const done = await app.jobs.enqueue(db, 'test.slow', { label: 'quick', ms: 0 });
    app.jobs.wake('test.slow');
    await waitForJobState(app, done, ['completed']);
    const notFailed = await app.inject({ method: 'POST', url: `/api/jobs/${done}/retry`, headers: admin });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({
      status: false,
      code: 'CONFLICT',
      errors: ['Only a failed job can be retried.'],
    });
    expect((await list('completed', admin)).map((r) => r.id)).toContain(done);
  }, 30_000);

  it('the reason of a failed e-mail holds neither its text nor its link, and the list shows no address', async () => {
    refuse = true;
    try {
      const user = await loginAs(app, 'THERAPIST');
      expect(
        (await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { login: user.user.email } }))
          .statusCode,
      ).toBe(200);
      const [job] = (
        await db.query<{ id: string }>(
          "SELECT id FROM pgboss.job WHERE name = 'email.send' ORDER BY created_on DESC LIMIT 1",
        )
      ).rows;
      const failed = await waitForJobState(app, job!.id, ['failed']);
      expect(JSON.stringify(failed.output)).not.toMatch(/resetPassword|token/);
      const row = (await list('failed', await as('SUPERADMIN'))).find((r) => r.id === job!.id)!;
      expect(row.reason).toBe('550 refused: [redacted]');
      expect(row.summary).toBe(`password-reset · user ${user.user.id}`);
      expect(JSON.stringify(row)).not.toContain(user.user.email);
    } finally {
      refuse = false;
    }
  }, 30_000);
});

describe('the jobs API', () => {
  it('is for SUPERADMIN and ADMIN only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
    for (const role of ['SUPPORT', 'EDITOR', 'ACCOUNT_ADMIN', 'THERAPIST'] as const) {
      const headers = await as(role);
      expect((await app.inject({ method: 'GET', url: '/api/jobs', headers })).statusCode, role).toBe(403);
      expect(
        (await app.inject({ method: 'POST', url: `/api/jobs/${crypto.randomUUID()}/retry`, headers })).statusCode,
        role,
      ).toBe(403);
    }
    for (const role of ['SUPERADMIN', 'ADMIN'] as const)
      expect(
        (await app.inject({ method: 'GET', url: '/api/jobs?state=queued', headers: await as(role) })).statusCode,
        role,
      ).toBe(200);
  });

  it('refuses a member of an account even when its role is given PERMISSION_ADMIN_ACCOUNTS by hand', async () => {
    await db.query(
      "INSERT INTO role_permissions (role, permission) VALUES ('ACCOUNT_ADMIN', 'PERMISSION_ADMIN_ACCOUNTS') ON CONFLICT DO NOTHING",
    );
    try {
      const headers = await as('ACCOUNT_ADMIN');
      const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().data;
      expect(me.permissions).toContain('PERMISSION_ADMIN_ACCOUNTS');
      expect(me.account_id).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: '/api/jobs', headers })).statusCode).toBe(403);
    } finally {
      await db.query(
        "DELETE FROM role_permissions WHERE role = 'ACCOUNT_ADMIN' AND permission = 'PERMISSION_ADMIN_ACCOUNTS'",
      );
    }
  });

  it('refuses a bad filter or id with the field named, and an unknown job with 404', async () => {
    const admin = await as('ADMIN');
    const bad = await app.inject({ method: 'GET', url: '/api/jobs?state=exploded', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      status: false,
      code: 'VALIDATION',
      errors: ['State must be one of the listed options.'],
      fields: { state: 'State must be one of the listed options.' },
    });
    expect(
      (await app.inject({ method: 'POST', url: '/api/jobs/not-an-id/retry', headers: admin })).json().fields,
    ).toEqual({ id: expect.any(String) });
    expect(
      (await app.inject({ method: 'POST', url: `/api/jobs/${crypto.randomUUID()}/retry`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('has test-only jobs only where the configuration asks, never in production', async () => {
    expect(loadConfig({ NODE_ENV: 'production', JOBS_TEST_HANDLERS: 'true' }).jobsTestHandlers).toBe(false);
    expect(loadConfig({}).jobsTestHandlers).toBe(false);
    const res = await app.inject({
      method: 'POST',
      url: '/api/jobs/test-failure',
      payload: { label: '', reason: 'x' },
      headers: await as('ADMIN'),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['label']);
  });

  it('pages in the database', async () => {
    const admin = await as('ADMIN');
    const res = await app.inject({ method: 'GET', url: '/api/jobs?state=completed&max=1&page=0', headers: admin });
    expect(res.json().data).toHaveLength(1);
    expect(res.json().meta.total).toBeGreaterThan(1);
  });
});
