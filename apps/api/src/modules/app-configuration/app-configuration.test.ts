import { DEFAULT_APP_CONFIGURATION } from '@habla/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { getAppConfiguration } from './app-configuration.routes';

/** App Configuration (seed §3, §9; docs/product.md §9): one row per module on the generic singleton engine. */
let t: TestApp;
let superadmin: { authorization: string };
let admin: { authorization: string };
let therapist: { authorization: string };
let student: { authorization: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are read field by field
type Res = { statusCode: number; json: () => any };
const call = (headers: object, method: 'GET' | 'PUT', url: string, payload?: object, lang = 'en'): Promise<Res> =>
  t.app.inject({ method, url, headers: { ...headers, 'accept-language': lang }, ...(payload ? { payload } : {}) });

const defaults = { ...DEFAULT_APP_CONFIGURATION, max_recording_minutes: 60 };
const body = (change: Record<string, unknown> = {}) => ({ ...defaults, ...change });

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = (await loginAs(t.app, 'SUPERADMIN')).headers;
  admin = (await loginAs(t.app, 'ADMIN')).headers;
  therapist = (await loginAs(t.app, 'THERAPIST')).headers;
  student = (await loginAs(t.app, 'STUDENT')).headers;
});

// Each test starts from the seed's values: what one changes is put back, whatever happened in it.
afterEach(async () => {
  for (const module of ['MLA', 'MAA'])
    expect((await call(superadmin, 'PUT', `/api/app-configuration/${module}`, defaults)).statusCode).toBe(200);
});

/** The audit rows of the app configuration, newest first. */
const auditRows = async () =>
  (await call(superadmin, 'GET', '/api/audit-log?entity=app_configuration&max=100')).json().data as {
    id: string;
    entity_id: string;
    action: string;
    changes: Record<string, { from: number | boolean | string; to: number | boolean | string }>;
  }[];

describe('app configuration', () => {
  it('the migration creates both modules at the seed defaults; every signed-in user reads them, the player included', async () => {
    for (const who of [student, therapist]) {
      const res = await call(who, 'GET', '/api/app-configuration');
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Record<string, unknown>[];
      expect(rows.map((r) => r.module)).toEqual(['MLA', 'MAA']);
      for (const r of rows) expect(r).toMatchObject({ ...defaults, _actions: [] });
    }
    const one = await call(student, 'GET', '/api/app-configuration/MAA');
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      module: 'MAA',
      min_rate: 50,
      point_first_try: 10,
      show_failed_attemps: false,
    });
    expect((await call({}, 'GET', '/api/app-configuration')).statusCode).toBe(401);
  });

  it('a superadmin changes one module: the other keeps its values, the row says who may change it, and the audit log shows before and after', async () => {
    const earlier = new Set((await auditRows()).map((r) => r.id));
    const res = await call(
      superadmin,
      'PUT',
      '/api/app-configuration/MLA',
      body({ min_rate: 70, show_progress_bar: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The record was saved.');
    expect(res.json().data).toMatchObject({
      module: 'MLA',
      min_rate: 70,
      show_progress_bar: true,
      _actions: ['update'],
    });
    expect((await call(therapist, 'GET', '/api/app-configuration/MLA')).json().data.min_rate).toBe(70);
    expect((await call(therapist, 'GET', '/api/app-configuration/MAA')).json().data.min_rate).toBe(50);
    expect(await getAppConfiguration({ db: t.app.db }, 'MLA')).toMatchObject({
      min_rate: 70,
      show_progress_bar: true,
      point_first_try: 10,
    });

    const written = (await auditRows()).filter((r) => !earlier.has(r.id));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      entity_id: 'MLA',
      action: 'update',
      changes: { min_rate: { from: 50, to: 70 }, show_progress_bar: { from: false, to: true } },
    });

    // Saving the same values again changes nothing and writes no audit row.
    expect(
      (await call(superadmin, 'PUT', '/api/app-configuration/MLA', body({ min_rate: 70, show_progress_bar: true })))
        .statusCode,
    ).toBe(200);
    expect((await auditRows()).filter((r) => !earlier.has(r.id))).toHaveLength(1);
  });

  it('the MAA’s longest recording may be left out of a change (it keeps its value), and is bounded when given', async () => {
    expect(
      (await call(superadmin, 'PUT', '/api/app-configuration/MAA', { ...defaults, max_recording_minutes: 30 }))
        .statusCode,
    ).toBe(200);
    const { max_recording_minutes: _left, ...without } = defaults;
    const kept = await call(superadmin, 'PUT', '/api/app-configuration/MAA', { ...without, min_rate: 55 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ min_rate: 55, max_recording_minutes: 30 });
    const tooLong = await call(superadmin, 'PUT', '/api/app-configuration/MAA', {
      ...defaults,
      max_recording_minutes: 61,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().fields)).toEqual(['max_recording_minutes']);
    expect((await call(superadmin, 'PUT', '/api/app-configuration/MAA', defaults)).statusCode).toBe(200);
  });

  it('only PERMISSION_FULL changes it: a therapist, a student and a platform ADMIN get 403 and nothing changes', async () => {
    for (const who of [therapist, student, admin]) {
      const res = await call(who, 'PUT', '/api/app-configuration/MAA', body({ min_rate: 10 }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
    }
    expect((await call(superadmin, 'GET', '/api/app-configuration/MAA')).json().data.min_rate).toBe(50);
    expect((await call(admin, 'GET', '/api/app-configuration/MAA')).json().data._actions).toEqual([]);
  });

  it('an unknown module is 404, reading or writing', async () => {
    expect((await call(superadmin, 'GET', '/api/app-configuration/XYZ')).statusCode).toBe(404);
    const res = await call(superadmin, 'PUT', '/api/app-configuration/mla', body());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  it.each([
    ['min_rate', 101, 'Pass score (%) must be at most 100.'],
    ['min_rate', -1, 'Pass score (%) must be at least 0.'],
    ['game_expiration', 0, 'Game expiration (days) must be at least 1.'],
    ['game_expiration', 366, 'Game expiration (days) must be at most 365.'],
    ['point_first_try', 101, 'Points for a right first try must be at most 100.'],
    ['page_count', 4, 'Rows per page must be at least 5.'],
    ['page_count', 101, 'Rows per page must be at most 100.'],
    ['max_workspace', 11, 'Workspaces per student must be at most 10.'],
    ['max_workspace', 0, 'Workspaces per student must be at least 1.'],
    ['min_rate', 50.5, 'Pass score (%) must be a whole number.'],
    ['show_progress_bar', 'yes', 'Show the progress bar is not valid.'],
    ['min_rate', null, 'Pass score (%) is required.'],
  ])('%s = %j is refused with 400 naming the field', async (field, value, message) => {
    const res = await call(superadmin, 'PUT', '/api/app-configuration/MAA', body({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'VALIDATION', fields: { [field]: message } });
  });

  it("points may not grow from one try to the next, a missing or unknown field is named, in the caller's language", async () => {
    let res = await call(
      superadmin,
      'PUT',
      '/api/app-configuration/MAA',
      body({ point_first_try: 5, point_second_try: 6 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      point_second_try: 'Points for a right second try may not be more than the points for a right first try.',
    });
    res = await call(
      superadmin,
      'PUT',
      '/api/app-configuration/MAA',
      body({ point_second_try: 1, point_third_try: 2 }),
    );
    expect(res.json().fields).toEqual({
      point_third_try: 'Points for a right third try may not be more than the points for a right second try.',
    });
    res = await call(
      superadmin,
      'PUT',
      '/api/app-configuration/MAA',
      body({ point_first_try: 5, point_second_try: 6 }),
      'es',
    );
    expect(res.json().fields.point_second_try).toBe(
      'Puntos por acertar al segundo intento no puede superar los puntos de un primer intento correcto.',
    );
    const { page_count: _omitted, ...partial } = body();
    res = await call(superadmin, 'PUT', '/api/app-configuration/MAA', partial);
    expect(res.json().fields).toEqual({ page_count: 'Rows per page is required.' });
    res = await call(superadmin, 'PUT', '/api/app-configuration/MAA', body({ module: 'MLA' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['module']);
    // Equal points on consecutive tries are allowed.
    expect(
      (
        await call(
          superadmin,
          'PUT',
          '/api/app-configuration/MAA',
          body({ point_first_try: 3, point_second_try: 3, point_third_try: 3 }),
        )
      ).statusCode,
    ).toBe(200);
  });
});
