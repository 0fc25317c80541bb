import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { waitForJobs } from '../../../test/jobs';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { systemContext } from '../../lib/context';
import { makeAllStatements } from './statements';

let t: TestApp;
const as = async (username: string) => (await login(t.app, username, DEMO_PASSWORD)).headers;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, t.clock.now());
});

describe('role permissions', () => {
  it("a superadmin's change applies to a therapist's very next request, and can be undone", async () => {
    const su = await as('superadmin');
    const th = await as('therapist');
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: th })).json().data.permissions as string[];
    const before = await me();
    expect(before).toContain('PERMISSION_CREATE_CLIENTS');
    const without = before.filter((p) => !['PERMISSION_CREATE_CLIENTS', 'PERMISSION_EDIT_CLIENTS'].includes(p));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/role-permissions/THERAPIST',
      headers: su,
      payload: { permissions: without },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      expect(await me()).toEqual(without);
      // The same session is now refused what the role lost.
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: th,
        payload: { first_name: 'A', last_name: 'B', username: 'a.b.c' },
      });
      expect(create.statusCode).toBe(403);
      const audit = await t.database.pool.query(
        `SELECT changes FROM audit_log WHERE action = 'role_permissions.update' AND entity_id = 'THERAPIST'`,
      );
      expect(audit.rows[0].changes).toEqual({
        added: [],
        removed: ['PERMISSION_CREATE_CLIENTS', 'PERMISSION_EDIT_CLIENTS'],
      });
    } finally {
      // Undone whatever happened: the therapist role is every other test's too.
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/role-permissions/THERAPIST',
            headers: su,
            payload: { permissions: before },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(await me()).toEqual(before);
  });

  it('nobody edits their own role; unknown permissions are refused; only a SUPERADMIN edits at all', async () => {
    const su = await as('superadmin');
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/role-permissions/SUPERADMIN',
      headers: su,
      payload: { permissions: [] },
    });
    expect(own.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/role-permissions/VIEWER',
      headers: su,
      payload: { permissions: ['PERMISSION_TO_FLY'] },
    });
    expect(bad.statusCode).toBe(400);
    const admin = await t.app.inject({
      method: 'PUT',
      url: '/api/role-permissions/ADMIN',
      headers: await as('admin'),
      payload: { permissions: ['PERMISSION_FULL'] },
    });
    expect(admin.statusCode).toBe(403);
    const rows = await t.database.pool.query(
      `SELECT permission FROM role_permissions WHERE role = 'ADMIN' AND permission = 'PERMISSION_FULL'`,
    );
    expect(rows.rowCount).toBe(0);
  });
});

describe('general profile and sessions', () => {
  it('lists own sessions and signs out everywhere else, keeping the current one', async () => {
    const phone = await as('accountadmin');
    const laptop = await as('accountadmin');
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: laptop });
    const sessions = list.json().data as { current: boolean }[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/sign-out-others', headers: laptop });
    expect(out.json().data.count).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: phone })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: laptop })).statusCode).toBe(200);
  });

  it('changes own names, language and notifications, and refuses role or status in the body', async () => {
    const h = await as('parent');
    // The demo parent is other tests' too: their names, language and notifications are put back.
    const saved = await t.database.pool.query(
      `SELECT first_name, language, notify_by_email FROM users WHERE username = 'parent'`,
    );
    try {
      const ok = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: h,
        payload: { first_name: 'Ana María', language: 'es', notify_by_email: false },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: h })).json().data;
      expect(me).toMatchObject({ first_name: 'Ana María', language: 'es' });
      const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: h })).json().data;
      expect(profile).toMatchObject({
        first_name: 'Ana María',
        last_name: 'Garcia',
        notify_by_email: false,
        account: 'Garcia Family',
        role: 'ACCOUNT_ADMIN',
      });
      const sneaky = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: h,
        payload: { role: 'SUPERADMIN' },
      });
      expect(sneaky.statusCode).toBe(400);
      const row = await t.database.pool.query(`SELECT role, notify_by_email FROM users WHERE username = 'parent'`);
      expect(row.rows[0]).toEqual({ role: 'ACCOUNT_ADMIN', notify_by_email: false });
    } finally {
      const { first_name, language, notify_by_email } = saved.rows[0] as {
        first_name: string;
        language: string;
        notify_by_email: boolean;
      };
      await t.database.pool.query(
        `UPDATE users SET first_name = $1, language = $2, notify_by_email = $3 WHERE username = 'parent'`,
        [first_name, language, notify_by_email],
      );
    }
  });
});

describe('audit log', () => {
  it('shows an account admin the rows of their own account only, filterable; a platform admin sees all', async () => {
    // A write in each account.
    const center = await as('accountadmin');
    const family = await as('parent');
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: center,
      payload: { first_name: 'Zoe', last_name: 'Lane', username: 'zoe.lane' },
    });
    expect(c.statusCode).toBe(201);
    const f = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: family,
      payload: { first_name: 'Lucia', last_name: 'Garcia', username: 'lucia.garcia' },
    });
    expect(f.statusCode).toBe(201);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?entity=clients&action=create',
      headers: center,
    });
    const rows = seen.json().data as {
      entity_id: string;
      actor: string;
      account: string;
      request_id: string;
      changes: Record<string, unknown>;
    }[];
    expect(rows.map((r) => r.entity_id)).toEqual([c.json().data.id]);
    expect(rows[0]).toMatchObject({ actor: 'accountadmin', account: 'Demo Therapy Center' });
    expect(rows[0]!.request_id).toBeTruthy();
    expect(rows[0]!.changes).toMatchObject({ first_name: 'Zoe', last_name: 'Lane' });
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?entity=clients&action=create',
      headers: await as('admin'),
    });
    expect((all.json().data as { entity_id: string }[]).map((r) => r.entity_id).sort()).toEqual(
      [c.json().data.id, f.json().data.id].sort(),
    );
    // By actor (the username, any case): exactly the parent's rows, newest first, among them the client made above.
    const byActor = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?actor=PARENT&max=100',
      headers: await as('admin'),
    });
    expect(byActor.statusCode).toBe(200);
    const parentRows = byActor.json().data as { id: string; actor: string; entity_id: string; action: string }[];
    const expected = await t.database.pool.query(
      `SELECT id FROM audit_log WHERE actor_user_id = (SELECT id FROM users WHERE username = 'parent') ORDER BY at DESC, id DESC`,
    );
    expect(expected.rowCount).toBeGreaterThan(0);
    expect(parentRows.map((r) => r.id)).toEqual(expected.rows.map((r: { id: string }) => r.id));
    expect(byActor.json().meta.total).toBe(expected.rowCount);
    expect(new Set(parentRows.map((r) => r.actor))).toEqual(new Set(['parent']));
    expect(parentRows.filter((r) => r.action === 'create' && r.entity_id === f.json().data.id)).toHaveLength(1);
    // The API offers no way to change or remove a row.
    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      expect(
        (
          await t.app.inject({
            method,
            url: `/api/audit-log/${rows[0]!.entity_id}`,
            headers: await as('superadmin'),
            payload: {},
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: await as('therapist') })).statusCode,
    ).toBe(403);
  });
});

describe('audit log dates', () => {
  // Rows of one made-up entity, written straight into the table with chosen times. The times are in
  // the database's time zone, the same one the filter's days are counted in.
  const rows: [string, string][] = [
    ['before', '2020-03-09 23:59:59.999'],
    ['first', '2020-03-10 00:00:00'],
    ['noon', '2020-03-10 12:00:00'],
    ['last', '2020-03-10 23:59:59.999'],
    ['after', '2020-03-11 00:00:00'],
    ['later', '2020-03-12 12:00:00'],
  ];
  beforeAll(async () => {
    for (const [label, at] of rows) {
      await t.database.pool.query(
        `INSERT INTO audit_log (action, entity, entity_id, at) VALUES ('update', 'test.dates', $1, $2::timestamptz)`,
        [label, at],
      );
    }
  });
  const dated = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit-log?entity=test.dates&${query}`,
      headers: await as('admin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { entity_id: string }[]; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((r) => r.entity_id);
  };

  it('from and to are whole days, both included, newest first', async () => {
    expect(await dated('')).toEqual(['later', 'after', 'last', 'noon', 'first', 'before']);
    expect(await dated('from=2020-03-10&to=2020-03-10')).toEqual(['last', 'noon', 'first']);
    expect(await dated('from=2020-03-10')).toEqual(['later', 'after', 'last', 'noon', 'first']);
    expect(await dated('to=2020-03-10')).toEqual(['last', 'noon', 'first', 'before']);
    expect(await dated('from=2020-03-11&to=2020-03-11')).toEqual(['after']);
    expect(await dated('from=2020-03-09&to=2020-03-11')).toEqual(['after', 'last', 'noon', 'first', 'before']);
    expect(await dated('from=2020-03-13')).toEqual([]);
    expect(await dated('to=2020-03-08')).toEqual([]);
  });

  it('refuses a range that ends before it starts, and a day that is not a date, naming the field', async () => {
    const admin = await as('admin');
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?from=2020-03-11&to=2020-03-10',
      headers: admin,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      status: false,
      code: 'VALIDATION',
      errors: ['From is out of the allowed range.'],
      fields: { from: 'From is out of the allowed range.' },
    });
    for (const [query, field, label] of [
      ['from=yesterday', 'from', 'From'],
      ['to=2020-13-01', 'to', 'To'],
      ['from=10/03/2020', 'from', 'From'],
    ] as const) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/audit-log?${query}`, headers: admin });
      expect(bad.statusCode, query).toBe(400);
      expect(Object.keys(bad.json().fields), query).toEqual([field]);
      expect(bad.json().fields[field], query).toContain(label);
    }
  });
});

describe('billing statements', () => {
  it('makes one statement per completed period, once, and lists them per account', async () => {
    // The start-up run of the statements job has happened (before this account had a billing).
    await waitForJobs(t.app);
    const admin = await as('admin');
    const acc = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: admin,
      payload: {
        name: 'Statements School',
        status: 'ACTIVE',
        type: 'legal_person',
        membership_type: 'school',
        membership_length: 'yearly',
        start_date: '2026-01-01',
        amount: 0,
        max_students: 10,
        max_adults: 5,
      },
    });
    const account = acc.json().data.id as string;
    const today = t.clock.now().toISOString().slice(0, 10);
    // Monthly from 31 January: periods end on the last day the month allows, never drifting.
    const monthly = await t.app.inject({
      method: 'POST',
      url: '/api/billings',
      headers: admin,
      payload: {
        product: 'School plan',
        account_id: account,
        statement_frequency: 'monthly',
        payment_method: 'ach_transfer',
        amount: 120.5,
        start_date: '2025-01-31',
      },
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    const weekly = await t.app.inject({
      method: 'POST',
      url: '/api/billings',
      headers: admin,
      payload: {
        product: 'Extra seats',
        account_id: account,
        statement_frequency: 'weekly',
        payment_method: 'credit_card',
        amount: 5,
        start_date: today,
      },
    });
    expect(weekly.statusCode).toBe(201);
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/accounts/${account}/statements?max=100`, headers: admin })
      ).json();
    // Reading makes nothing: the statements.make job does, through this function.
    expect((await list()).meta.total).toBe(0);
    expect(await makeAllStatements(systemContext(t.app, { requestId: 'test' }))).toBeGreaterThan(0);
    const first = await list();
    const rows = first.data as { product: string; period_start: string; period_end: string; amount: string }[];
    // Only completed periods: the weekly billing that starts today has none yet.
    expect(rows.every((r) => r.product === 'School plan' && r.amount === '120.50' && r.period_end <= today)).toBe(true);
    const months = (Number(today.slice(0, 4)) - 2025) * 12 + Number(today.slice(5, 7)) - 1;
    expect(first.meta.total).toBeGreaterThanOrEqual(months - 1);
    const starts = rows.map((r) => r.period_start).sort();
    expect(starts.slice(0, 3)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    // Running the job again makes nothing new.
    await makeAllStatements(systemContext(t.app, { requestId: 'test' }));
    expect((await list()).meta.total).toBe(first.meta.total);
    // Another account's admin cannot list them.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/accounts/${account}/statements`,
          headers: await as('accountadmin'),
        })
      ).statusCode,
    ).toBe(404);
  });
});
