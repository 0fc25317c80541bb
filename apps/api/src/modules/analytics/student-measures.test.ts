import type { StudentMeasures } from '@habla/shared/schemas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login, loginAs } from '../../../test/factories';
import { leoAndHisCareTeam, type Who } from '../../../test/plays';

/**
 * One student's language-sample measures over time (`GET /api/analytics/students/:id/measures`,
 * decision 027) on samples whose figures are counted by hand below: the completed assessments of
 * the period, oldest first, at their sample's date (else the day they were completed), with the
 * measures stored when they were analysed; never one in progress; the students analytics' scope.
 */
let t: TestApp;
let admin: Who, therapist: Who, ownTherapist: Who, leo: Who, strangerAdmin: Who, support: Who;
const TODAY = '2026-04-20';

const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** A sample of Leo's, as text (the child's lines), assessed by the account's admin and completed unless `open`. */
async function assessed(
  title: string,
  lines: string[],
  sample_date: string | undefined,
  opts: { open?: boolean } = {},
): Promise<string> {
  const res = await call(admin, 'POST', '/api/assessments', {
    student_id: leo.user.id,
    title,
    language: 'en',
    format: 'text',
    transcript: `${lines.join('\n')}\n`,
    ...(sample_date ? { sample_date } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  if (!opts.open) expect((await call(admin, 'POST', `/api/assessments/${id}/complete`)).statusCode).toBe(200);
  return id;
}

const measuresOf = async (who: Who, query = '') => {
  const res = await call(who, 'GET', `/api/analytics/students/${leo.user.id}/measures${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StudentMeasures;
};

let january: string, march: string, undated: string;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date(`${TODAY}T10:00:00Z`));
  // The therapist who added Leo (`ownTherapist`) and one of his account without a workspace with him.
  ({
    admin,
    leo,
    therapist: ownTherapist,
    otherTherapist: therapist,
    strangerAdmin,
  } = await leoAndHisCareTeam(t.app, t.database.pool));
  support = await loginAs(t.app, 'SUPPORT');
  // January: 4 utterances of 2 + 2 + 2 + 1 = 7 words, none inflected (7 morphemes): MLU 1.75 in
  // both, Brown's stage I; 5 different words (big, dog, red, ball, go) of 7: TTR 0.714.
  january = await assessed(
    'January',
    ['CHI: big dog .', 'CHI: red ball .', 'CHI: dog go .', 'CHI: ball .'],
    '2026-01-15',
  );
  // March: 3 utterances of 5 + 4 + 3 = 12 words and morphemes: MLU 4, stage V (3.75 ≤ 4 < 4.5);
  // 10 different words (I, want, the, red, ball, dog, can, go, my, big) of 12: TTR 0.833.
  march = await assessed(
    'March',
    ['CHI: I want the red ball .', 'CHI: the dog can go .', 'CHI: my big dog .'],
    '2026-03-01',
  );
  // A sample without a date (the create answers today's; the column allows none): placed at the day
  // it was completed (today).
  undated = await assessed('Undated', ['CHI: big ball .'], undefined);
  await t.database.pool.query('UPDATE assessments SET sample_date = NULL WHERE id = $1', [undated]);
  // Not counted: one in progress, one before the period asked, one deleted.
  await assessed('In progress', ['CHI: dog .'], '2026-02-01', { open: true });
  await assessed('Last year', ['CHI: dog .'], '2025-01-10');
  const gone = await assessed('Deleted', ['CHI: dog .'], '2026-02-02');
  expect((await call(admin, 'DELETE', `/api/assessments/${gone}`)).statusCode).toBe(200);
});

describe('a student’s language-sample measures over time', () => {
  it('answers each completed assessment of the period, oldest first, with its stored measures', async () => {
    const data = await measuresOf(admin, `from=2026-01-01&to=${TODAY}`);
    expect(data.student).toEqual({ id: leo.user.id, full_name: 'Leo Walker' });
    expect(data).toMatchObject({ from: '2026-01-01', to: TODAY });
    expect(data.assessments.map((a) => [a.id, a.title, a.day, a.sample_date])).toEqual([
      [january, 'January', '2026-01-15', '2026-01-15'],
      [march, 'March', '2026-03-01', '2026-03-01'],
      [undated, 'Undated', TODAY, null],
    ]);
    expect(data.assessments[0]).toEqual({
      id: january,
      title: 'January',
      sample_date: '2026-01-15',
      completed_at: `${TODAY}T10:00:00.000Z`,
      day: '2026-01-15',
      language: 'en',
      utterances: 4,
      mlu_m: 1.75,
      mlu_w: 1.75,
      tnw: 7,
      ndw: 5,
      ttr: 0.714,
      mattr: null,
      brown_stage: 'I',
    });
    expect(data.assessments[1]).toMatchObject({
      utterances: 3,
      mlu_m: 4,
      mlu_w: 4,
      tnw: 12,
      ndw: 10,
      ttr: 0.833,
      mattr: null,
      brown_stage: 'V',
    });
  });

  it('reads the period asked, and by default the 365 days up to today', async () => {
    const march1 = await measuresOf(admin, 'from=2026-02-15&to=2026-03-31');
    expect(march1.assessments.map((a) => a.title)).toEqual(['March']);
    const byDefault = await measuresOf(admin);
    expect(byDefault).toMatchObject({ from: '2025-04-21', to: TODAY });
    expect(byDefault.assessments.map((a) => a.title)).toEqual(['January', 'March', 'Undated']);
    expect((await measuresOf(admin, 'from=2025-01-01&to=2025-12-31')).assessments.map((a) => a.title)).toEqual([
      'Last year',
    ]);
  });

  it('keeps to the caller’s students: outside the scope is 404; without an assessments permission, none', async () => {
    expect((await measuresOf(ownTherapist, 'from=2026-01-01')).assessments).toHaveLength(3);
    for (const who of [therapist, strangerAdmin]) {
      const res = await call(who, 'GET', `/api/analytics/students/${leo.user.id}/measures`);
      expect(res.statusCode, who.user.role).toBe(404);
      expect(res.body).not.toContain('January');
    }
    expect((await call(leo, 'GET', `/api/analytics/students/${leo.user.id}/measures`)).statusCode).toBe(403);
    // Support reads every account's analytics and assessments.
    expect((await measuresOf(support, 'from=2026-01-01')).assessments).toHaveLength(3);
    // Without any assessments permission the student is there, their samples are not.
    await t.database.pool.query(
      `DELETE FROM role_permissions WHERE role = 'THERAPIST' AND permission LIKE '%ASSESSMENTS%'`,
    );
    const own = await login(t.app, ownTherapist.user.username, ownTherapist.user.password);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/students/${leo.user.id}/measures?from=2026-01-01`,
      headers: own.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ student: { id: leo.user.id }, assessments: [] });
  });

  it('refuses a day that does not exist, naming the field', async () => {
    const bad = await call(admin, 'GET', `/api/analytics/students/${leo.user.id}/measures?to=2026-13-01`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['to']);
  });
});
