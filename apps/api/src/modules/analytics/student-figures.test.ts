import type { StudentsAnalytics } from '@habla/shared/schemas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login, loginAs } from '../../../test/factories';
import { call as callAs, choiceGame, play, type Who } from '../../../test/plays';
import type { DbStudentDayStatsRow } from '../../db/schema/index';

/**
 * Students analytics (decision 026) on plays whose figures are worked out by hand below: the rollup
 * kept by the write path (finishing, leaving, evaluating) equals its rebuild from the raw rows, the
 * period and the scope select exactly the sessions they should, and bad input is refused by name.
 */
let t: TestApp;
let editor: Who, admin: Who, leo: Who, mia: Who, strangerAdmin: Who, stranger: Who;
const DAY1 = '2026-03-10';
const DAY2 = '2026-03-11';

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload);
/** A fresh two-activity game (the first's answer is option 0, the second's 1), given to `who` and played. */
const played = async (who: Who, by: Who, answers: number[][], opts: { leave?: boolean } = {}) =>
  play(t.app, who, by, await choiceGame(t.app, editor), answers, opts);

const figuresOf = async (who: Who, query: string) => {
  const res = await call(who, 'GET', `/api/analytics/students?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StudentsAnalytics;
};
const rollup = async () =>
  (await t.database.pool.query('SELECT * FROM student_day_stats ORDER BY student_id, day'))
    .rows as DbStudentDayStatsRow[];

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date(`${DAY1}T09:00:00Z`));
  editor = await loginAs(t.app, 'EDITOR');
  admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  leo = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
  mia = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
  strangerAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  stranger = await loginAs(t.app, 'STUDENT', { accountId: strangerAdmin.user.accountId });
  for (const [who, first, last] of [
    [leo, 'Leo', 'Walker'],
    [mia, 'Mia', 'Johnson'],
    [stranger, 'Mia', 'Stranger'],
  ] as const)
    await t.database.pool.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [
      who.user.id,
      first,
      last,
    ]);

  // Day 1. Leo: wrong then right on the first activity (1 point), right at once on the second (10):
  // 11 of 20 = 55 %, passed at 50 %. Then a game right at once twice: 100 %. Mia leaves a game after
  // one wrong try: no score. Another account's student plays perfectly.
  const first = await played(leo, admin, [[1, 0], [1]]);
  await played(leo, admin, [[0], [1]]);
  await played(mia, admin, [[1]], { leave: true });
  await played(stranger, strangerAdmin, [[0], [1]]);
  // The evaluation of Leo's first session counts its errors.
  const evaluated = await call(admin, 'PUT', `/api/game-sessions/${first}/evaluation`, {
    words_out_of_place: 2,
    parts_of_speech: 1,
    syntax_error: 0,
  });
  expect(evaluated.statusCode, evaluated.body).toBe(200);
  // Day 2: Leo gets one activity wrong three times and the other right: 10 of 20 = 50 %, passed.
  t.clock.set(new Date(`${DAY2}T15:00:00Z`));
  // A day later every sign-in has run out: sign in again.
  for (const who of [editor, admin, leo, mia, strangerAdmin, stranger])
    who.headers = (await login(t.app, who.user.username, who.user.password)).headers;
  await played(leo, admin, [[1, 1, 1], [1]]);
});

describe('students analytics', () => {
  it('sums each student’s sessions, scores, first tries, time and evaluated errors over the period', async () => {
    const data = await figuresOf(admin, `from=${DAY1}&to=${DAY2}`);
    expect(data).toMatchObject({ from: DAY1, to: DAY2, total: 2 });
    const byId = Object.fromEntries(data.students.map((s) => [s.id, s]));
    // Leo: 3 sessions (55, 100, 50 → mean 68.3), 6 activities of which 4 right at the first try (66.7 %),
    // 2 + 1 + 1 + 1 + 3 + 1 = 9 tries (1.5 per activity), 9 tries × 30 s = 4.5 min → 5, 2 days.
    expect(byId[leo.user.id]).toEqual({
      id: leo.user.id,
      full_name: 'Leo Walker',
      assigned: 3,
      sessions: 3,
      completed: 3,
      passed: 3,
      mean_score: 68.3,
      first_try_rate: 66.7,
      tries_per_activity: 1.5,
      minutes: 5,
      days_active: 2,
      last_day: DAY2,
      // Mar 10 and 11 in a row, the second the period's last day.
      longest_streak: 2,
      current_streak: 2,
      evaluated: 1,
      words_out_of_place: 2,
      parts_of_speech: 1,
      syntax_error: 0,
    });
    // Mia left after one wrong try: one session, not completed, no score, no first try right.
    expect(byId[mia.user.id]).toMatchObject({
      assigned: 1,
      sessions: 1,
      completed: 0,
      passed: 0,
      mean_score: null,
      first_try_rate: 0,
      tries_per_activity: 1,
      days_active: 1,
      last_day: DAY1,
      // One day, the day before the period's last: still her current streak.
      longest_streak: 1,
      current_streak: 1,
    });
  });

  it('counts streaks of days played within the period: the longest, and the one ending on its last day or the day before', async () => {
    const streaks = async (query: string) =>
      Object.fromEntries(
        (await figuresOf(admin, query)).students.map((s) => [s.full_name, [s.longest_streak, s.current_streak]]),
      );
    // A day later (Mar 12) Leo's two days in a row still end "yesterday"; Mia's day ended two days before.
    expect(await streaks(`from=${DAY1}&to=2026-03-12`)).toEqual({ 'Leo Walker': [2, 2], 'Mia Johnson': [1, 0] });
    // Two days later nobody's streak is current; the longest stays.
    expect(await streaks(`from=${DAY1}&to=2026-03-13`)).toEqual({ 'Leo Walker': [2, 0], 'Mia Johnson': [1, 0] });
    // The period cuts a streak: from Mar 11 Leo has one day.
    expect(await streaks(`from=${DAY2}&to=${DAY2}`)).toEqual({ 'Leo Walker': [1, 1], 'Mia Johnson': [0, 0] });
  });

  it('reads only the days of the period, and by default the 30 days up to today', async () => {
    const day1 = await figuresOf(admin, `from=${DAY1}&to=${DAY1}`);
    expect(day1.students.find((s) => s.id === leo.user.id)).toMatchObject({
      sessions: 2,
      mean_score: 77.5,
      first_try_rate: 75,
      days_active: 1,
      last_day: DAY1,
    });
    const before = await figuresOf(admin, 'from=2026-03-01&to=2026-03-09');
    expect(before.students.find((s) => s.id === leo.user.id)).toMatchObject({
      sessions: 0,
      assigned: 0,
      mean_score: null,
      first_try_rate: null,
      last_day: null,
    });
    const recent = await figuresOf(admin, '');
    expect(recent).toMatchObject({ from: '2026-02-10', to: DAY2 });
    expect(recent.students.find((s) => s.id === leo.user.id)).toMatchObject({ sessions: 3 });
  });

  it('keeps to the caller’s students: another account’s never shows nor counts; a name narrows the list', async () => {
    const theirs = await figuresOf(strangerAdmin, `from=${DAY1}&to=${DAY2}`);
    expect(theirs.students.map((s) => s.id)).toEqual([stranger.user.id]);
    expect(theirs.students[0]).toMatchObject({ sessions: 1, mean_score: 100 });
    // The content team reads analytics but has no students; a student may not read them.
    expect(await figuresOf(editor, '')).toMatchObject({ total: 0, students: [] });
    expect((await call(leo, 'GET', '/api/analytics/students')).statusCode).toBe(403);
    // One student, as their page asks: theirs only; another account's student is simply not there.
    const one = await figuresOf(admin, `student_id=${mia.user.id}`);
    expect(one).toMatchObject({ total: 1, students: [{ id: mia.user.id }] });
    expect(await figuresOf(admin, `student_id=${stranger.user.id}`)).toMatchObject({ total: 0, students: [] });
    const narrowed = await figuresOf(admin, 'q=mia');
    expect(narrowed).toMatchObject({ total: 1, students: [{ id: mia.user.id, full_name: 'Mia Johnson' }] });
    // A LIKE wildcard typed in the box is a character like any other.
    expect(await figuresOf(admin, 'q=%25')).toMatchObject({ total: 0, students: [] });
  });

  it('counts a student added since the last read at once: the cached total is dropped when a user is made', async () => {
    const before = await figuresOf(strangerAdmin, `from=${DAY1}&to=${DAY2}`);
    const added = await loginAs(t.app, 'STUDENT', { accountId: strangerAdmin.user.accountId });
    const after = await figuresOf(strangerAdmin, `from=${DAY1}&to=${DAY2}`);
    expect(after.total).toBe(before.total + 1);
    expect(after.students.map((s) => s.id)).toContain(added.user.id);
  });

  it('equals its rebuild from the raw sessions and tries, after plays, leaves, evaluations and a changed evaluation', async () => {
    const sessions = (
      await t.database.pool.query(
        `SELECT id FROM game_sessions WHERE student_id = $1 AND evaluated_at IS NULL ORDER BY started_at LIMIT 1`,
        [leo.user.id],
      )
    ).rows as { id: string }[];
    expect(
      (
        await call(admin, 'PUT', `/api/game-sessions/${sessions[0]!.id}/evaluation`, {
          words_out_of_place: 0,
          parts_of_speech: 0,
          syntax_error: 3,
        })
      ).statusCode,
    ).toBe(200);
    const kept = await rollup();
    expect(kept.length).toBe(4);
    await t.database.pool.query('DELETE FROM student_day_stats');
    await t.database.pool.query('INSERT INTO student_day_stats SELECT * FROM student_day_source');
    expect(await rollup()).toEqual(kept);
    const leoNow = (await figuresOf(admin, `from=${DAY1}&to=${DAY2}`)).students.find((s) => s.id === leo.user.id);
    expect(leoNow).toMatchObject({ evaluated: 2, words_out_of_place: 2, parts_of_speech: 1, syntax_error: 3 });
  });

  it('exports every student of the query as CSV, headed in the caller’s language, within scope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/students/export?from=${DAY1}&to=${DAY2}`,
      headers: { ...admin.headers, 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="students-${DAY1}-${DAY2}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Estudiante,Juegos dados,Jugados,Completados,Aprobados,Puntuación media (%),Acierto al primer intento (%),' +
        'Intentos por actividad,Minutos,Días de juego,Última partida,Racha más larga (días),Racha actual (días),' +
        'Sesiones evaluadas,Palabras fuera de lugar,Tipo de palabra equivocado,Errores de sintaxis',
    );
    // Leo's second evaluation (the test above) counts: two sessions evaluated, three syntax errors more.
    expect(lines.slice(1).sort()).toEqual([
      `Leo Walker,3,3,3,3,68.3,66.7,1.5,5,2,${DAY2},2,2,2,2,1,3`,
      `Mia Johnson,1,1,0,0,,0,1,1,1,${DAY1},1,1,0,0,0,0`,
    ]);
  });

  it('refuses a day that does not exist or a period that ends before it starts, naming the field', async () => {
    const bad = await call(admin, 'GET', '/api/analytics/students?from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.from).toMatch(/From/);
    const reversed = await call(admin, 'GET', `/api/analytics/students?from=${DAY2}&to=${DAY1}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.to).toMatch(/^To must not be before the start of the period\.$/);
    const long = await call(admin, 'GET', '/api/analytics/students?from=2020-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.from).toMatch(/two years/);
  });
});
