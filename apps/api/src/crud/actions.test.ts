import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type MemoryMailer, type TestApp } from '../../test/app';
import { login } from '../../test/factories';
import { waitForJobs } from '../../test/jobs';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';

/**
 * Declared actions (decision 010) through their first use, the users' `send-password-link`: single
 * and bulk, the policy's 403, the scope's 404, the state's 409, all or nothing, audit rows, and the
 * e-mail job queued in the action's transaction.
 */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();
const ACTION = 'send-password-link';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Res = { statusCode: number; json: () => any; body: string };
async function call(who: string, method: 'GET' | 'POST', url: string, payload?: object, lang = 'en'): Promise<Res> {
  let h = headers.get(who);
  if (!h) headers.set(who, (h = (await login(t.app, who, DEMO_PASSWORD)).headers));
  return t.app.inject({ method, url, headers: { ...h, 'accept-language': lang }, ...(payload ? { payload } : {}) });
}
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> =>
  (await t.database.pool.query(text, values)).rows as T[];
const mailer = () => t.mailer as MemoryMailer;

/** What an action left behind since `since`: reset links, audit rows of the action, e-mails. */
async function traces(since: Date, sentBefore: number) {
  await waitForJobs(t.app);
  const links = await sql<{ user_id: string; created_by: string }>(
    'SELECT user_id, created_by FROM password_reset_tokens WHERE created_at >= $1 ORDER BY user_id',
    [since],
  );
  const audit = await sql<{ entity_id: string; actor_user_id: string; entity: string; account_id: string | null }>(
    'SELECT entity_id, actor_user_id, entity, account_id FROM audit_log WHERE action = $1 AND at >= $2 ORDER BY entity_id',
    [ACTION, since],
  );
  return {
    links,
    audit,
    mails: mailer()
      .sent.slice(sentBefore)
      .map((m) => m.to)
      .sort(),
  };
}

/** Runs `work` at a fresh instant of the fake clock, then reports what it left behind. */
async function traced(work: () => Promise<Res>) {
  t.clock.advance(60_000);
  const since = t.clock.now();
  const before = mailer().sent.length;
  const res = await work();
  return { res, ...(await traces(since, before)) };
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, t.clock.now());
  for (const r of await sql<{ username: string; id: string }>('SELECT username, id FROM users'))
    ids.set(r.username, r.id);
});

describe('declared actions: users send-password-link', () => {
  it('single: e-mails one link, answers the row with its _actions and a translated message, audits it', async () => {
    const therapist = ids.get('therapist')!;
    const { res, links, audit, mails } = await traced(() =>
      call('accountadmin', 'POST', `/api/users/${therapist}/${ACTION}`),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('A link to set a new password was e-mailed.');
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      id: therapist,
      username: 'therapist',
      _actions: expect.arrayContaining(['read', 'update', ACTION]),
    });
    expect(mails).toEqual(['therapist@example.com']);
    expect(links).toEqual([{ user_id: therapist, created_by: ids.get('accountadmin') }]);
    expect(audit).toEqual([
      expect.objectContaining({ entity_id: therapist, actor_user_id: ids.get('accountadmin'), entity: 'users' }),
    ]);
    expect(audit[0]!.account_id).not.toBeNull();
    // The link works: it opens the reset page's token.
    expect(mailer().sent.at(-1)!.text).toMatch(/http:\/\/habla\.test\/resetPassword\?token=[\w-]+/);
  });

  it('bulk: one link per user in one go, the message counts them (in Spanish too)', async () => {
    const some = [ids.get('therapist')!, ids.get('supervisor')!];
    const { res, links, audit, mails } = await traced(() =>
      call('accountadmin', 'POST', `/api/users/${ACTION}`, { ids: [...some, some[0]] }, 'es'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Se envió por correo un enlace para elegir una nueva contraseña a 2 personas.');
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual(some);
    expect(mails).toEqual(['supervisor@example.com', 'therapist@example.com']);
    expect(links.map((l) => l.user_id).sort()).toEqual([...some].sort());
    expect(audit.map((a) => a.entity_id).sort()).toEqual([...some].sort());
  });

  it('an empty selection answers 400 with the seed text, a bad id 400 naming ids; nothing is sent', async () => {
    const empty = await traced(() => call('accountadmin', 'POST', `/api/users/${ACTION}`, { ids: [] }));
    expect(empty.res.statusCode).toBe(400);
    expect(empty.res.json().errors).toEqual(['Please, select items to proccede.']);
    const bad = await call('accountadmin', 'POST', `/api/users/${ACTION}`, { ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).join()).toMatch(/ids/);
    expect((await call('accountadmin', 'POST', `/api/users/nope/${ACTION}`)).statusCode).toBe(400);
    expect([empty.links, empty.audit, empty.mails]).toEqual([[], [], []]);
  });

  it('a role without the permission gets 403 before any row is read; a user the caller may not manage 403', async () => {
    const therapist = ids.get('therapist')!;
    expect((await call('therapist', 'POST', `/api/users/${therapist}/${ACTION}`)).statusCode).toBe(403);
    expect((await call('therapist', 'POST', `/api/users/${ACTION}`, { ids: [therapist] })).statusCode).toBe(403);
    // Support manages account users but not an editor (a role it may not grant).
    const { res, links, mails } = await traced(() =>
      call('support', 'POST', `/api/users/${ACTION}`, { ids: [therapist, ids.get('editor')!] }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect([links, mails]).toEqual([[], []]);
  });

  it('a row outside the scope answers 404, and the whole selection is refused (all or nothing)', async () => {
    const other = ids.get('parent')!; // the Garcia Family's admin: another account
    expect((await call('accountadmin', 'POST', `/api/users/${other}/${ACTION}`)).statusCode).toBe(404);
    expect(
      (await call('accountadmin', 'POST', `/api/users/00000000-0000-4000-8000-000000000000/${ACTION}`)).statusCode,
    ).toBe(404);
    const { res, links, audit, mails } = await traced(() =>
      call('accountadmin', 'POST', `/api/users/${ACTION}`, { ids: [ids.get('therapist')!, other] }),
    );
    expect(res.statusCode).toBe(404);
    expect([links, audit, mails]).toEqual([[], [], []]);
  });

  it('a row whose state the action does not apply to answers 409 naming it, and nothing of the selection is sent', async () => {
    const supervisor = ids.get('supervisor')!;
    await sql(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [supervisor]);
    try {
      const list = await call('accountadmin', 'GET', '/api/users?max=100');
      const rows = list.json().data as { id: string; _actions: string[] }[];
      expect(rows.find((r) => r.id === supervisor)!._actions).not.toContain(ACTION);
      expect(rows.find((r) => r.id === ids.get('therapist'))!._actions).toContain(ACTION);
      const { res, links, audit, mails } = await traced(() =>
        call('accountadmin', 'POST', `/api/users/${ACTION}`, { ids: [ids.get('therapist')!, supervisor] }),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors).toEqual(['This action does not apply to “Marcus Reyes” in its current state.']);
      expect([links, audit, mails]).toEqual([[], [], []]);
    } finally {
      await sql(`UPDATE users SET status = 'ACTIVE' WHERE id = $1`, [supervisor]);
    }
  });

  it('a user in the trash is not found for the action', async () => {
    const student = ids.get('therapist')!;
    await sql(`UPDATE users SET deleted_at = now() WHERE id = $1`, [student]);
    try {
      expect((await call('accountadmin', 'POST', `/api/users/${student}/${ACTION}`)).statusCode).toBe(404);
    } finally {
      await sql(`UPDATE users SET deleted_at = NULL WHERE id = $1`, [student]);
    }
  });

  it('the older URL POST /users/:id/reset-password runs the same action', async () => {
    const therapist = ids.get('therapist')!;
    const { res, audit, mails } = await traced(() => call('admin', 'POST', `/api/users/${therapist}/reset-password`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { sent: true }, message: 'A link to set a new password was e-mailed.' });
    expect(mails).toEqual(['therapist@example.com']);
    expect(audit.map((a) => a.actor_user_id)).toEqual([ids.get('admin')]);
  });
});
