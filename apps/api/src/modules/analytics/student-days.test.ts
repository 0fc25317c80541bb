import type { StudentDay, StudentDays, StudentsAnalytics } from '@habla/shared/schemas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { call as callAs, choiceGame, leoAndHisCareTeam, play, type Who } from '../../../test/plays';

/**
 * One student's days (`GET /api/analytics/students/:id/days`, decisions 026 and 027) on plays whose
 * figures are worked out by hand below: each day of the period with a finished session, its
 * sessions, passed, mean score, first-try rate, minutes and evaluated errors; the same scope as the
 * students analytics (a student outside it answers 404, never their figures); bad input named.
 */
let t: TestApp;
let editor: Who, admin: Who, therapist: Who, ownTherapist: Who, leo: Who, strangerAdmin: Who;
const DAY1 = '2026-03-10';
const DAY2 = '2026-03-11';

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload);
/** A fresh two-activity game (the first's answer is option 0, the second's 1) given to Leo and played, 30 s a try. */
const played = async (answers: number[][], opts: { leave?: boolean } = {}) =>
  play(t.app, leo, admin, await choiceGame(t.app, editor), answers, opts);

const daysOf = async (who: Who, query = '', id = leo.user.id) => {
  const res = await call(who, 'GET', `/api/analytics/students/${id}/days${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StudentDays;
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date(`${DAY1}T09:00:00Z`));
  // Two therapists of Leo's account: one added Leo (their caseload), the other has no workspace with him.
  ({
    editor,
    admin,
    leo,
    therapist: ownTherapist,
    otherTherapist: therapist,
    strangerAdmin,
  } = await leoAndHisCareTeam(t.app, t.database.pool));

  // Day 1. Wrong then right on the first activity (1 point), right at once on the second (10): 11 of
  // 20 = 55 %, passed at 50 %. Then a game right at once twice: 100 %. Its evaluation counts 2 words
  // out of place and 1 wrong word type.
  const first = await played([[1, 0], [1]]);
  await played([[0], [1]]);
  const evaluated = await call(admin, 'PUT', `/api/game-sessions/${first}/evaluation`, {
    words_out_of_place: 2,
    parts_of_speech: 1,
    syntax_error: 0,
  });
  expect(evaluated.statusCode, evaluated.body).toBe(200);
  // Day 2: one activity wrong three times and the other right (10 of 20 = 50 %, passed); then a game
  // left after one wrong try (no score, not completed).
  t.clock.set(new Date(`${DAY2}T15:00:00Z`));
  for (const who of [editor, admin, therapist, ownTherapist, leo, strangerAdmin])
    who.headers = (await login(t.app, who.user.username, who.user.password)).headers;
  await played([[1, 1, 1], [1]]);
  await played([[1]], { leave: true });
});

describe('a student’s days', () => {
  it('answers each day of the period with its sessions, scores, first tries, minutes and evaluated errors', async () => {
    const data = await daysOf(admin, `from=${DAY1}&to=${DAY2}`);
    expect(data.student).toEqual({ id: leo.user.id, full_name: 'Leo Walker' });
    expect(data).toMatchObject({ from: DAY1, to: DAY2 });
    expect(data.days).toEqual<StudentDay[]>([
      // 2 sessions, both passed; mean (55 + 100) / 2 = 77.5; 3 of 4 activities right at once = 75 %;
      // 3 + 2 = 5 tries × 30 s = 2.5 min → 3.
      {
        day: DAY1,
        sessions: 2,
        completed: 2,
        passed: 2,
        mean_score: 77.5,
        first_try_rate: 75,
        minutes: 3,
        evaluated: 1,
        words_out_of_place: 2,
        parts_of_speech: 1,
        syntax_error: 0,
      },
      // 2 sessions, 1 completed and passed (the left one has no score): mean 50; 1 of 3 activities
      // right at once = 33.3 %; 4 + 1 = 5 tries × 30 s = 2.5 min → 3; nothing evaluated.
      {
        day: DAY2,
        sessions: 2,
        completed: 1,
        passed: 1,
        mean_score: 50,
        first_try_rate: 33.3,
        minutes: 3,
        evaluated: 0,
        words_out_of_place: 0,
        parts_of_speech: 0,
        syntax_error: 0,
      },
    ]);
    // The days add up to the period's figures on the students analytics.
    const list = (
      await call(admin, 'GET', `/api/analytics/students?from=${DAY1}&to=${DAY2}&student_id=${leo.user.id}`)
    ).json().data as StudentsAnalytics;
    expect(data.days.reduce((n, d) => n + d.sessions, 0)).toBe(list.students[0]!.sessions);
    expect(data.days.reduce((n, d) => n + d.passed, 0)).toBe(list.students[0]!.passed);
  });

  it('reads only the days of the period, and by default the 30 days up to today', async () => {
    expect((await daysOf(admin, `from=${DAY2}&to=${DAY2}`)).days.map((d) => d.day)).toEqual([DAY2]);
    expect(await daysOf(admin, 'from=2026-03-01&to=2026-03-09')).toMatchObject({
      student: { id: leo.user.id },
      days: [],
    });
    const recent = await daysOf(admin);
    expect(recent).toMatchObject({ from: '2026-02-10', to: DAY2 });
    expect(recent.days.map((d) => d.day)).toEqual([DAY1, DAY2]);
  });

  it('keeps to the caller’s students: outside the scope is 404, like a student that does not exist', async () => {
    // The therapist who added Leo reads him; one without a workspace with him, another account's
    // admin and the content team (no students) get 404, never his figures.
    expect((await daysOf(ownTherapist, `from=${DAY1}&to=${DAY2}`)).days).toHaveLength(2);
    for (const who of [therapist, strangerAdmin, editor]) {
      const res = await call(who, 'GET', `/api/analytics/students/${leo.user.id}/days?from=${DAY1}&to=${DAY2}`);
      expect(res.statusCode, who.user.role).toBe(404);
      expect(res.json()).toEqual({
        status: false,
        code: 'NOT_FOUND',
        errors: ['The requested resource was not found.'],
      });
      expect(res.body).not.toContain('Leo');
    }
    // Nor is an adult a student, nor an id nobody has.
    expect((await call(admin, 'GET', `/api/analytics/students/${therapist.user.id}/days`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'GET', '/api/analytics/students/00000000-0000-4000-8000-000000000000/days')).statusCode,
    ).toBe(404);
    // A student may not read analytics, their own included.
    expect((await call(leo, 'GET', `/api/analytics/students/${leo.user.id}/days`)).statusCode).toBe(403);
  });

  it('refuses an id that is not one, a day that does not exist or a period that ends before it starts, naming the field', async () => {
    const id = await call(admin, 'GET', '/api/analytics/students/leo/days');
    expect(id.statusCode).toBe(400);
    expect(Object.keys(id.json().fields)).toEqual(['id']);
    const bad = await call(admin, 'GET', `/api/analytics/students/${leo.user.id}/days?from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.from).toMatch(/From/);
    const reversed = await call(admin, 'GET', `/api/analytics/students/${leo.user.id}/days?from=${DAY2}&to=${DAY1}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.to).toMatch(/^To must not be before the start of the period\.$/);
    const long = await call(admin, 'GET', `/api/analytics/students/${leo.user.id}/days?from=2020-01-01&to=2026-01-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.from).toMatch(/two years/);
  });
});
