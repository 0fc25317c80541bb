import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';

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
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: th })).json().data.permissions as string[];
    const before = await me();
    expect(before).toContain('PERMISSION_CREATE_CLIENTS');
    const without = before.filter((p) => !['PERMISSION_CREATE_CLIENTS', 'PERMISSION_EDIT_CLIENTS'].includes(p));
    const res = await t.app.inject({ method: 'PUT', url: '/api/role-permissions/THERAPIST', headers: su, payload: { permissions: without } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me()).toEqual(without);
    // The same session is now refused what the role lost.
    const create = await t.app.inject({ method: 'POST', url: '/api/clients', headers: th, payload: { first_name: 'A', last_name: 'B', username: 'a.b.c' } });
    expect(create.statusCode).toBe(403);
    const audit = await t.database.pool.query(`SELECT changes FROM audit_log WHERE action = 'role_permissions.update' AND entity_id = 'THERAPIST'`);
    expect(audit.rows[0].changes).toEqual({ added: [], removed: ['PERMISSION_CREATE_CLIENTS', 'PERMISSION_EDIT_CLIENTS'] });
    await t.app.inject({ method: 'PUT', url: '/api/role-permissions/THERAPIST', headers: su, payload: { permissions: before } });
    expect(await me()).toEqual(before);
  });

  it('nobody edits their own role; unknown permissions are refused; only a SUPERADMIN edits at all', async () => {
    const su = await as('superadmin');
    const own = await t.app.inject({ method: 'PUT', url: '/api/role-permissions/SUPERADMIN', headers: su, payload: { permissions: [] } });
    expect(own.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/role-permissions/VIEWER', headers: su, payload: { permissions: ['PERMISSION_TO_FLY'] } });
    expect(bad.statusCode).toBe(400);
    const admin = await t.app.inject({ method: 'PUT', url: '/api/role-permissions/ADMIN', headers: await as('admin'), payload: { permissions: ['PERMISSION_FULL'] } });
    expect(admin.statusCode).toBe(403);
    const rows = await t.database.pool.query(`SELECT permission FROM role_permissions WHERE role = 'ADMIN' AND permission = 'PERMISSION_FULL'`);
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
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: h, payload: { first_name: 'Ana María', language: 'es', notify_by_email: false } });
    expect(ok.statusCode, ok.body).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: h })).json().data;
    expect(me).toMatchObject({ first_name: 'Ana María', language: 'es' });
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: h })).json().data;
    expect(profile).toMatchObject({ first_name: 'Ana María', last_name: 'Garcia', notify_by_email: false, account: 'Garcia Family', role: 'ACCOUNT_ADMIN' });
    const sneaky = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: h, payload: { role: 'SUPERADMIN' } });
    expect(sneaky.statusCode).toBe(400);
    const row = await t.database.pool.query(`SELECT role, notify_by_email FROM users WHERE username = 'parent'`);
    expect(row.rows[0]).toEqual({ role: 'ACCOUNT_ADMIN', notify_by_email: false });
  });
});

describe('audit log', () => {
  it('shows an account admin the rows of their own account only, filterable; a platform admin sees all', async () => {
    // A write in each account.
    const center = await as('accountadmin');
    const family = await as('parent');
    const c = await t.app.inject({ method: 'POST', url: '/api/clients', headers: center, payload: { first_name: 'Zoe', last_name: 'Lane', username: 'zoe.lane' } });
    expect(c.statusCode).toBe(201);
    const f = await t.app.inject({ method: 'POST', url: '/api/clients', headers: family, payload: { first_name: 'Lucia', last_name: 'Garcia', username: 'lucia.garcia' } });
    expect(f.statusCode).toBe(201);
    const seen = await t.app.inject({ method: 'GET', url: '/api/audit-log?entity=clients&action=create', headers: center });
    const rows = seen.json().data as { entity_id: string; actor: string; account: string; request_id: string; changes: Record<string, unknown> }[];
    expect(rows.map((r) => r.entity_id)).toEqual([c.json().data.id]);
    expect(rows[0]).toMatchObject({ actor: 'accountadmin', account: 'Demo Therapy Center' });
    expect(rows[0]!.request_id).toBeTruthy();
    expect(rows[0]!.changes).toMatchObject({ first_name: 'Zoe', last_name: 'Lane' });
    const all = await t.app.inject({ method: 'GET', url: '/api/audit-log?entity=clients&action=create', headers: await as('admin') });
    expect((all.json().data as { entity_id: string }[]).map((r) => r.entity_id).sort()).toEqual([c.json().data.id, f.json().data.id].sort());
    const byActor = await t.app.inject({ method: 'GET', url: '/api/audit-log?actor=parent', headers: await as('admin') });
    expect((byActor.json().data as { actor: string }[]).every((r) => r.actor === 'parent')).toBe(true);
    // The API offers no way to change or remove a row.
    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      expect((await t.app.inject({ method, url: `/api/audit-log/${rows[0]!.entity_id}`, headers: await as('superadmin'), payload: {} })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: await as('therapist') })).statusCode).toBe(403);
  });
});

describe('billing statements', () => {
  it('makes one statement per completed period, once, and lists them per account', async () => {
    const admin = await as('admin');
    const acc = await t.app.inject({ method: 'POST', url: '/api/accounts', headers: admin, payload: { name: 'Statements School', status: 'ACTIVE', type: 'legal_person', membership_type: 'school', membership_length: 'yearly', start_date: '2026-01-01', amount: 0, max_students: 10, max_adults: 5 } });
    const account = acc.json().data.id as string;
    const today = t.clock.now().toISOString().slice(0, 10);
    // Monthly from 31 January: periods end on the last day the month allows, never drifting.
    const monthly = await t.app.inject({ method: 'POST', url: '/api/billings', headers: admin, payload: { product: 'School plan', account_id: account, statement_frequency: 'monthly', payment_method: 'ach_transfer', amount: 120.5, start_date: '2025-01-31' } });
    expect(monthly.statusCode, monthly.body).toBe(201);
    const weekly = await t.app.inject({ method: 'POST', url: '/api/billings', headers: admin, payload: { product: 'Extra seats', account_id: account, statement_frequency: 'weekly', payment_method: 'credit_card', amount: 5, start_date: today } });
    expect(weekly.statusCode).toBe(201);
    const list = async () => (await t.app.inject({ method: 'GET', url: `/api/accounts/${account}/statements?max=100`, headers: admin })).json();
    const first = await list();
    const rows = first.data as { product: string; period_start: string; period_end: string; amount: string }[];
    // Only completed periods: the weekly billing that starts today has none yet.
    expect(rows.every((r) => r.product === 'School plan' && r.amount === '120.50' && r.period_end <= today)).toBe(true);
    const months = (Number(today.slice(0, 4)) - 2025) * 12 + Number(today.slice(5, 7)) - 1;
    expect(first.meta.total).toBeGreaterThanOrEqual(months - 1);
    const starts = rows.map((r) => r.period_start).sort();
    expect(starts.slice(0, 3)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    // Listing again makes nothing new.
    expect((await list()).meta.total).toBe(first.meta.total);
    // Another account's admin cannot list them.
    expect((await t.app.inject({ method: 'GET', url: `/api/accounts/${account}/statements`, headers: await as('accountadmin') })).statusCode).toBe(404);
  });
});
