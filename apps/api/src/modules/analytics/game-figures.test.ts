import type { ActivitiesAnalytics, GamesAnalytics } from '@habla/shared/schemas/game-analytics';
import type { UsersAnalytics } from '@habla/shared/schemas/user-analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login, loginAs } from '../../../test/factories';
import { call as callAs, choiceGame, play, type Who } from '../../../test/plays';
import type {
  DbActivityAnswerStatsRow,
  DbActivityDayStatsRow,
  DbGameDayStatsRow,
  DbStudentDayStatsRow,
} from '../../db/schema/index';
import { seedDemo } from '../../db/seed/demo';
import { seedDemoPlay } from '../../db/seed/demo-play';
import { seedStarterLibrary } from '../../db/seed/starter/index';
import { rebuildAnalytics, ROLLUPS } from './rebuild-analytics';

/**
 * Games and activities analytics (decision 028) on plays whose figures are worked out by hand below:
 * per game and per activity, the wrong answers that fooled the children, where a left session
 * stopped, the ranking, the period and the scope; and every rollup the write path keeps equals its
 * rebuild from the raw rows.
 */
let t: TestApp;
let editor: Who, admin: Who, tess: Who, ana: Who, ben: Who, cai: Who, strangerAdmin: Who, stranger: Who;
let fruit: string, easy: string;
const DAY1 = '2026-04-07';
const DAY2 = '2026-04-08';

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload);
async function read<T>(who: Who, url: string): Promise<T> {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date(`${DAY1}T09:00:00Z`));
  editor = await loginAs(t.app, 'EDITOR');
  admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  [ana, ben, cai] = [
    await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId }),
    await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId }),
    await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId }),
  ];
  // Tess, a therapist of the account, works with Ben and Cai (a workspace each).
  tess = await loginAs(t.app, 'THERAPIST', { accountId: admin.user.accountId });
  for (const student of [ben, cai]) {
    const ws = await call(admin, 'POST', '/api/workspaces', {
      name: `Workspace ${student.user.username}`,
      type: 'school',
      student_id: student.user.id,
    });
    expect(ws.statusCode, ws.body).toBe(201);
    const joined = await call(admin, 'POST', `/api/workspaces/${ws.json().data.id}/members`, {
      user_id: tess.user.id,
      workspace_role: 'THERAPIST',
      relationship_to_student: 'therapist',
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  strangerAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  stranger = await loginAs(t.app, 'STUDENT', { accountId: strangerAdmin.user.accountId });

  // "Fruit": activity 1's answer is apple (0) among apple, dog, cat; activity 2's is dog (1).
  fruit = await choiceGame(t.app, editor, { name: 'Fruit', corrects: [0, 1], options: ['apple', 'dog', 'cat'] });
  // "Easy": two activities everyone gets right at once.
  easy = await choiceGame(t.app, editor, { name: 'Easy', corrects: [0, 0] });

  // Day 1. Ana: cat then apple (1 point), dog at once (10): 55 %, passed; 3 tries of 10 s = 30 s.
  await play(t.app, ana, admin, fruit, [[2, 0], [1]], { elapsedMs: 10_000 });
  // Cai picks dog on activity 1 and leaves: the session stops at activity 1 (not right, tries left).
  await play(t.app, cai, admin, fruit, [[1]], { leave: true, elapsedMs: 10_000 });
  // Ana plays "Easy" perfectly: 100 %, 2 tries of 5 s.
  await play(t.app, ana, admin, easy, [[0], [0]], { elapsedMs: 5_000 });
  // Another account's student plays "Fruit" perfectly: never in this account's figures.
  await play(t.app, stranger, strangerAdmin, fruit, [[0], [1]]);

  // Day 2. Ben: apple at once (10), apple three times on activity 2 (0): 50 %, passed; 4 tries of 20 s.
  t.clock.set(new Date(`${DAY2}T15:00:00Z`));
  for (const who of [editor, admin, tess, ana, ben, cai, strangerAdmin, stranger])
    who.headers = (await login(t.app, who.user.username, who.user.password)).headers;
  // Tess gives it to him.
  await play(t.app, ben, tess, fruit, [[0], [0, 0, 0]], { elapsedMs: 20_000 });
});

describe('games analytics', () => {
  it('sums each game’s sessions over the caller’s students: completion, passes, scores, first tries, median time', async () => {
    const data = await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY1}&to=${DAY2}`);
    expect(data).toMatchObject({ from: DAY1, to: DAY2, total: 2 });
    // Most played first. Fruit: Ana (55 %), Cai (left), Ben (50 %). Completed 2 of 3, both passed;
    // first tries: Ana's activity 2, Ben's activity 1 = 2 of 5 activities tried; completed sessions
    // took 30 s and 80 s: median 55 s.
    expect(data.games).toEqual([
      {
        id: fruit,
        name: 'Fruit',
        version: 1,
        type: 'multiple_choice_answers',
        students: 3,
        sessions: 3,
        completed: 2,
        completion_rate: 66.7,
        passed: 2,
        pass_rate: 100,
        mean_score: 52.5,
        first_try_rate: 40,
        median_seconds: 55,
      },
      {
        id: easy,
        name: 'Easy',
        version: 1,
        type: 'multiple_choice_answers',
        students: 1,
        sessions: 1,
        completed: 1,
        completion_rate: 100,
        passed: 1,
        pass_rate: 100,
        mean_score: 100,
        first_try_rate: 100,
        median_seconds: 10,
      },
    ]);
  });

  it('reads the period, one student, a name and a page; other accounts count only for themselves', async () => {
    const day1 = await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY1}&to=${DAY1}`);
    // Without Ben's day: Ana and Easy tie on one completed session each… Fruit still has Cai's leave.
    expect(day1.games.find((g) => g.id === fruit)).toMatchObject({
      students: 2,
      sessions: 2,
      completed: 1,
      mean_score: 55,
      median_seconds: 30,
    });
    const bens = await read<GamesAnalytics>(
      admin,
      `/api/analytics/games?from=${DAY1}&to=${DAY2}&student_id=${ben.user.id}`,
    );
    expect(bens).toMatchObject({ total: 1, games: [{ id: fruit, sessions: 1, mean_score: 50, first_try_rate: 50 }] });
    expect(await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY1}&to=${DAY2}&q=eas`)).toMatchObject({
      total: 1,
      games: [{ id: easy }],
    });
    const second = await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY1}&to=${DAY2}&max=1&page=1`);
    expect(second).toMatchObject({ total: 2, games: [{ id: easy }] });
    expect(
      await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY1}&to=${DAY2}&max=1&page=5`),
    ).toMatchObject({ total: 2, games: [] });
    // The other account sees its own student's perfect play of Fruit, and nothing of this account's.
    const theirs = await read<GamesAnalytics>(strangerAdmin, `/api/analytics/games?from=${DAY1}&to=${DAY2}`);
    expect(theirs.games).toEqual([expect.objectContaining({ id: fruit, students: 1, sessions: 1, mean_score: 100 })]);
    // Another account's student named as the filter is simply not there.
    expect(
      await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY1}&to=${DAY2}&student_id=${stranger.user.id}`),
    ).toMatchObject({ total: 0, games: [] });
    expect((await call(ana, 'GET', '/api/analytics/games')).statusCode).toBe(403);
  });

  it('exports every game as CSV headed in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/games/export?from=${DAY1}&to=${DAY2}`,
      headers: { ...admin.headers, 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="games-${DAY1}-${DAY2}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Juego,Versión,Estudiantes,Jugados,Completados,Completadas (%),Aprobados,Aprobadas de las completadas (%),' +
        'Puntuación media (%),Acierto al primer intento (%),Tiempo mediano (s)',
      'Fruit,1,3,3,2,66.7,2,100,52.5,40,55',
      'Easy,1,1,1,1,100,1,100,100,100,10',
    ]);
  });
});

describe('activities analytics', () => {
  it('gives a game’s activities in order with their rates, time, drop-off and the wrong answers chosen most', async () => {
    const [first, second] = (
      await t.database.pool.query<{ id: string }>('SELECT id FROM activities WHERE game_id = $1 ORDER BY position', [
        fruit,
      ])
    ).rows.map((r) => r.id);
    const data = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?game_id=${fruit}&from=${DAY1}&to=${DAY2}`,
    );
    expect(data.total).toBe(2);
    // Activity 1: tried by Ana, Cai, Ben; right by Ana and Ben; at once by Ben only; 2 + 1 + 1 tries;
    // 20 + 10 + 20 s; Cai left here; wrong: cat (Ana) and dog (Cai), once each.
    // Activity 2: Ana (dog at once, 10 s) and Ben (apple three times, 60 s); nobody left here.
    expect(data.activities).toEqual([
      {
        id: first,
        game_id: fruit,
        game_name: 'Fruit',
        position: 1,
        label: 'Which one? 1',
        tried: 3,
        right_rate: 66.7,
        first_try_rate: 33.3,
        tries_per_session: 1.33,
        mean_seconds: 17,
        left_here: 1,
        wrong_answers: [
          { answer: { index: 1 }, label: 'dog', times: 1 },
          { answer: { index: 2 }, label: 'cat', times: 1 },
        ],
      },
      {
        id: second,
        game_id: fruit,
        game_name: 'Fruit',
        position: 2,
        label: 'Which one? 2',
        tried: 2,
        right_rate: 50,
        first_try_rate: 50,
        tries_per_session: 2,
        mean_seconds: 35,
        left_here: 0,
        wrong_answers: [{ answer: { index: 0 }, label: 'apple', times: 3 }],
      },
    ]);
  });

  it('ranks every activity tried enough, hardest or easiest first', async () => {
    const hardest = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?from=${DAY1}&to=${DAY2}&min_tried=1`,
    );
    expect(hardest.activities.map((a) => [a.game_name, a.position, a.first_try_rate])).toEqual([
      ['Fruit', 1, 33.3],
      ['Fruit', 2, 50],
      ['Easy', 1, 100],
      ['Easy', 2, 100],
    ]);
    const easiest = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?from=${DAY1}&to=${DAY2}&min_tried=2&rank=easiest`,
    );
    // A game's name narrows the ranking.
    const easyOnes = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?from=${DAY1}&to=${DAY2}&min_tried=1&q=eas`,
    );
    expect(easyOnes.activities.map((a) => [a.game_name, a.position])).toEqual([
      ['Easy', 1],
      ['Easy', 2],
    ]);
    // Tried in at least two sessions: Fruit's two only (Easy was played once).
    expect(easiest.activities.map((a) => [a.position, a.first_try_rate])).toEqual([
      [2, 50],
      [1, 33.3],
    ]);
    // By default an activity needs five sessions to be ranked: none has.
    expect(await read<ActivitiesAnalytics>(admin, `/api/analytics/activities?from=${DAY1}&to=${DAY2}`)).toMatchObject({
      total: 0,
      activities: [],
    });
  });

  it('keeps to the caller’s students and answers 404 for a game they cannot see; refuses bad input by name', async () => {
    const theirs = await read<ActivitiesAnalytics>(
      strangerAdmin,
      `/api/analytics/activities?game_id=${fruit}&from=${DAY1}&to=${DAY2}`,
    );
    expect(theirs.activities.map((a) => [a.tried, a.first_try_rate, a.wrong_answers])).toEqual([
      [1, 100, []],
      [1, 100, []],
    ]);
    const missing = await call(admin, 'GET', `/api/analytics/activities?game_id=${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    const bad = await call(admin, 'GET', '/api/analytics/activities?rank=sideways&game_id=nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['game_id', 'rank']);
  });

  it('exports a game’s activities as CSV with their wrong answers', async () => {
    const res = await call(admin, 'GET', `/api/analytics/activities/export?game_id=${fruit}&from=${DAY1}&to=${DAY2}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Game,Position,Activity,Sessions that tried it,Right in the end (%),Right at first try (%),Tries per session,' +
        'Mean time (s),Sessions left here,Wrong answers given most',
      // A cell with a semicolon is quoted, as every CSV cell of the product (crud/csv.ts).
      'Fruit,1,Which one? 1,3,66.7,33.3,1.33,17,1,"dog (1); cat (1)"',
      'Fruit,2,Which one? 2,2,50,50,2,35,0,apple (3)',
    ]);
  });
});

describe('users analytics', () => {
  it('counts what each adult gave, evaluated and recorded in the period, and what waits for them now', async () => {
    // Tess evaluates Cai's left session; she recorded Cai twice on day 1 (one recording since
    // deleted) and made an assessment of Ben on day 2.
    const cais = (
      await t.database.pool.query<{ id: string }>('SELECT id FROM game_sessions WHERE student_id = $1', [cai.user.id])
    ).rows[0]!;
    const evaluated = await call(tess, 'PUT', `/api/game-sessions/${cais.id}/evaluation`, {
      words_out_of_place: 0,
      parts_of_speech: 1,
      syntax_error: 0,
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    for (const deleted of [null, `${DAY2}T10:00:00Z`])
      await t.database.pool.query(
        `INSERT INTO recordings (title, student_id, account_id, language, consent_by, consent_at, created_by, created_at, deleted_at)
         VALUES ('Cai talking', $1, $2, 'en', $3, $4, $3, $4, $5)`,
        [cai.user.id, admin.user.accountId, tess.user.id, `${DAY1}T10:00:00Z`, deleted],
      );
    await t.database.pool.query(
      `INSERT INTO assessments (title, student_id, account_id, language, sample_format, transcript, speaker, measures, created_by, created_at)
       VALUES ('Ben', $1, $2, 'en', 'text', 'I like it.', 'CHI', '{}', $3, $4)`,
      [ben.user.id, admin.user.accountId, tess.user.id, `${DAY2}T11:00:00Z`],
    );
    const all = await read<UsersAnalytics>(admin, `/api/analytics/users?from=${DAY1}&to=${DAY2}`);
    expect(all.total).toBe(2);
    const byId = Object.fromEntries(all.users.map((u) => [u.id, u]));
    // The account admin gave Ana two games and Cai one; she is in no workspace.
    expect(byId[admin.user.id]).toMatchObject({
      role: 'ACCOUNT_ADMIN',
      students: 0,
      assigned: 3,
      evaluated: 0,
      waiting: 0,
      recordings: 0,
      assessments: 0,
    });
    // Tess: Ben and Cai; gave Ben's game; evaluated Cai's; Ben's still waits.
    expect(byId[tess.user.id]).toMatchObject({
      role: 'THERAPIST',
      students: 2,
      assigned: 1,
      evaluated: 1,
      waiting: 1,
      recordings: 1,
      assessments: 1,
    });
    expect(Date.parse(byId[tess.user.id]!.last_active!)).toBe(Date.parse(`${DAY2}T15:00:00Z`));
    // Day 1 only: what Tess did on day 2 drops out; what waits now does not.
    const day1 = await read<UsersAnalytics>(admin, `/api/analytics/users?from=${DAY1}&to=${DAY1}&role=THERAPIST`);
    expect(day1.users).toEqual([
      expect.objectContaining({
        id: tess.user.id,
        assigned: 0,
        evaluated: 0,
        waiting: 1,
        recordings: 1,
        assessments: 0,
      }),
    ]);
  });

  it('shows a therapist her own line only, and an account admin only her account’s adults', async () => {
    const own = await read<UsersAnalytics>(tess, `/api/analytics/users?from=${DAY1}&to=${DAY2}`);
    expect(own.users.map((u) => u.id)).toEqual([tess.user.id]);
    const theirs = await read<UsersAnalytics>(strangerAdmin, `/api/analytics/users?from=${DAY1}&to=${DAY2}`);
    expect(theirs.users.map((u) => u.id)).toEqual([strangerAdmin.user.id]);
    expect((await call(ana, 'GET', '/api/analytics/users')).statusCode).toBe(403);
    const bad = await call(admin, 'GET', '/api/analytics/users?role=WIZARD');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['role']);
  });

  it('exports the users as CSV with their roles in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/users/export?from=${DAY1}&to=${DAY2}&role=THERAPIST`,
      headers: { ...admin.headers, 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [head, line, ...rest] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head).toBe(
      'Usuario,Rol,Estudiantes,Juegos dados,Sesiones evaluadas,Sesiones en espera,Grabaciones,Evaluaciones,Última actividad',
    );
    expect(line).toMatch(/^[^,]*,Terapeuta,2,1,1,1,1,1,2026-04-08T15:00:00\.000Z$/);
    expect(rest).toEqual([]);
  });
});

describe('the rollups', () => {
  type Rows = {
    student_day_stats: DbStudentDayStatsRow[];
    game_day_stats: DbGameDayStatsRow[];
    activity_day_stats: DbActivityDayStatsRow[];
    activity_answer_stats: DbActivityAnswerStatsRow[];
    /** The month totals as PostgreSQL writes them: each array with its months (`[24315:24316]={1,3}`). */
    game_month_stats: { row: string }[];
    activity_month_stats: { row: string }[];
  };
  /** Every rollup's rows, in their key's order. */
  const snapshot = async (db: TestApp['database']): Promise<Rows> => {
    const [
      student_day_stats,
      game_day_stats,
      activity_day_stats,
      activity_answer_stats,
      game_month_stats,
      activity_month_stats,
    ] = await Promise.all(
      ROLLUPS.map(
        async (table) =>
          (
            await db.pool.query(
              table.endsWith('_month_stats')
                ? `SELECT r::text AS row FROM ${table} r ORDER BY 1`
                : `SELECT * FROM ${table} ORDER BY 1, 2, 3, 4`,
            )
          ).rows,
      ),
    );
    return {
      student_day_stats,
      game_day_stats,
      activity_day_stats,
      activity_answer_stats,
      game_month_stats,
      activity_month_stats,
    } as Rows;
  };

  it('kept by plays, leaves and evaluations equal their rebuild from the raw sessions and tries', async () => {
    const session = (
      await t.database.pool.query<{ id: string }>('SELECT id FROM game_sessions WHERE student_id = $1 LIMIT 1', [
        ben.user.id,
      ])
    ).rows[0]!;
    const evaluated = await call(admin, 'PUT', `/api/game-sessions/${session.id}/evaluation`, {
      words_out_of_place: 1,
      parts_of_speech: 0,
      syntax_error: 2,
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    const kept = await snapshot(t.database);
    // Ana's two games and Cai's and the stranger's on day 1, Ben's on day 2.
    expect(kept.game_day_stats).toHaveLength(5);
    // The wrong answers: Ana's cat, Cai's dog, Ben's apple (one row, three times).
    expect(kept.activity_answer_stats).toHaveLength(3);
    // Students' days: Ana's (two games), Cai's and the stranger's on day 1, Ben's on day 2.
    // The month totals: Fruit and Easy in this account, Fruit in the stranger's; their activities.
    expect(kept.game_month_stats).toHaveLength(3);
    expect(await rebuildAnalytics(t.database.pool)).toEqual({
      student_day_stats: 4,
      game_day_stats: 5,
      activity_day_stats: 9,
      activity_answer_stats: 3,
      game_month_stats: 3,
      activity_month_stats: 6,
    });
    expect(await snapshot(t.database)).toEqual(kept);
  });

  it('read for a whole account from its month totals: platform staff add every account; a deleted student drops out', async () => {
    const games = async (who: Who) =>
      (await read<GamesAnalytics>(who, `/api/analytics/games?from=${DAY1}&to=${DAY2}`)).games.map((g) => [
        g.name,
        g.students,
        g.sessions,
      ]);
    // Platform staff count both accounts: the stranger's perfect Fruit too.
    const staff = await loginAs(t.app, 'SUPERADMIN');
    expect(await games(staff)).toEqual([
      ['Fruit', 4, 4],
      ['Easy', 1, 1],
    ]);
    // Ana deleted: her Fruit and her Easy leave the account's totals (and the ranking), and come back.
    await t.database.pool.query('UPDATE users SET deleted_at = now() WHERE id = $1', [ana.user.id]);
    expect(await games(admin)).toEqual([['Fruit', 2, 2]]);
    const ranked = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?from=${DAY1}&to=${DAY2}&min_tried=1`,
    );
    // Left: Cai's leave and Ben's first try at activity 1, Ben's three wrong tries at activity 2.
    expect(ranked.activities.map((a) => [a.position, a.tried, a.first_try_rate])).toEqual([
      [2, 1, 0],
      [1, 2, 50],
    ]);
    await t.database.pool.query('UPDATE users SET deleted_at = NULL WHERE id = $1', [ana.user.id]);
    // Day 2 alone is read from its day rows (fewer than day 1's, which the month would have to give back).
    const day2 = await read<GamesAnalytics>(admin, `/api/analytics/games?from=${DAY2}&to=${DAY2}`);
    expect(day2.games.map((g) => [g.name, g.students, g.sessions, g.mean_score])).toEqual([['Fruit', 1, 1, 50]]);
    const ranked2 = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?from=${DAY2}&to=${DAY2}&min_tried=1`,
    );
    expect(ranked2.activities.map((a) => [a.position, a.tried, a.first_try_rate, a.tries_per_session])).toEqual([
      [2, 1, 0, 3],
      [1, 1, 100, 1],
    ]);
    expect(await games(admin)).toEqual([
      ['Fruit', 3, 3],
      ['Easy', 1, 1],
    ]);
    const kept = await snapshot(t.database);
    await rebuildAnalytics(t.database.pool);
    expect(await snapshot(t.database)).toEqual(kept);
  });

  it('kept by the demo seed’s writes equal their rebuild', async () => {
    const demo = await buildTestApp();
    await seedStarterLibrary(demo.database.pool, demo.clock.now());
    await seedDemo(demo.app.db, demo.clock.now());
    await seedDemoPlay(demo.app.db, demo.clock.now());
    const kept = await snapshot(demo.database);
    // The seed adds a session's tries before finishing it, as the player does: its days count them.
    expect(kept.student_day_stats.length).toBeGreaterThanOrEqual(3);
    expect(kept.student_day_stats.every((r) => r.activities > 0 && r.first_try > 0)).toBe(true);
    expect(kept.game_day_stats.length).toBeGreaterThanOrEqual(3);
    expect(kept.activity_day_stats.length).toBeGreaterThan(kept.game_day_stats.length);
    await rebuildAnalytics(demo.database.pool);
    expect(await snapshot(demo.database)).toEqual(kept);
  });
});

describe('narrowing the figures', () => {
  const PERIOD = `from=${DAY1}&to=${DAY2}`;
  const games = async (who: Who, filter: string) =>
    (await read<GamesAnalytics>(who, `/api/analytics/games?${PERIOD}&${filter}`)).games.map((g) => [
      g.name,
      g.students,
      g.sessions,
    ]);

  it('to a therapist’s caseload or one workspace: students, games and the ranking count only theirs', async () => {
    // Tess works with Ben (Fruit on day 2) and Cai (Fruit left on day 1); Ana is not hers.
    expect(await games(admin, `therapist_id=${tess.user.id}`)).toEqual([['Fruit', 2, 2]]);
    const students = await read<{ students: { id: string }[]; total: number }>(
      admin,
      `/api/analytics/students?${PERIOD}&therapist_id=${tess.user.id}`,
    );
    expect(students.students.map((s) => s.id).sort()).toEqual([ben.user.id, cai.user.id].sort());
    expect(students.total).toBe(2);
    const ranked = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?${PERIOD}&min_tried=1&therapist_id=${tess.user.id}`,
    );
    expect(ranked.activities.map((a) => [a.position, a.tried, a.first_try_rate])).toEqual([
      [2, 1, 0],
      [1, 2, 50],
    ]);
    const bens = (
      await t.database.pool.query<{ id: string }>('SELECT id FROM workspaces WHERE student_id = $1', [ben.user.id])
    ).rows[0]!.id;
    expect(await games(admin, `workspace_id=${bens}`)).toEqual([['Fruit', 1, 1]]);
    // Another account's admin narrowing to Tess or to Ben's workspace finds nobody of theirs.
    expect(await games(strangerAdmin, `therapist_id=${tess.user.id}`)).toEqual([]);
    expect(await games(strangerAdmin, `workspace_id=${bens}`)).toEqual([]);
  });

  it('to one account: platform staff read that account alone; an admin asking for another account reads nothing', async () => {
    const staff = await loginAs(t.app, 'SUPERADMIN');
    expect(await games(staff, `account_id=${admin.user.accountId}`)).toEqual([
      ['Fruit', 3, 3],
      ['Easy', 1, 1],
    ]);
    expect(await games(staff, `account_id=${strangerAdmin.user.accountId}`)).toEqual([['Fruit', 1, 1]]);
    const theirs = await read<{ students: { id: string }[] }>(
      staff,
      `/api/analytics/students?${PERIOD}&account_id=${strangerAdmin.user.accountId}`,
    );
    expect(theirs.students.map((s) => s.id)).toEqual([stranger.user.id]);
    expect(await games(admin, `account_id=${admin.user.accountId}`)).toEqual([
      ['Fruit', 3, 3],
      ['Easy', 1, 1],
    ]);
    expect(await games(admin, `account_id=${strangerAdmin.user.accountId}`)).toEqual([]);
    const ranked = await read<ActivitiesAnalytics>(
      admin,
      `/api/analytics/activities?${PERIOD}&min_tried=1&account_id=${strangerAdmin.user.accountId}`,
    );
    expect(ranked.activities).toEqual([]);
  });

  it('refuses a filter that is not an id, naming it', async () => {
    const res = await call(admin, 'GET', `/api/analytics/games?therapist_id=tess`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('therapist_id');
  });
});
