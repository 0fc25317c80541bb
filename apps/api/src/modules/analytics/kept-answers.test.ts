import type { ActivitiesAnalytics, GamesAnalytics } from '@habla/shared/schemas/game-analytics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createLogger } from '../../lib/logger';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { call, choiceGame, play, type Who } from '../../../test/plays';
import { rebuildAnalytics } from './rebuild-analytics';
import { KEEP_MS } from './kept-answers';

/**
 * Whole-account analytics answers kept between requests (decision 030): kept while the account's
 * version holds, recomputed at the next request after a student of the account plays (on this API
 * instance or another), after every rollup is rebuilt, and within KEEP_MS for what no version follows.
 */
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let editor: Who, admin: Who, tess: Who, ana: Who, ben: Who, strangerAdmin: Who, stranger: Who;
let fruit: string;
const DAY = '2026-05-12';
const GAMES = `/api/analytics/games?from=${DAY}&to=${DAY}`;
const HARDEST = `/api/analytics/activities?from=${DAY}&to=${DAY}&min_tried=1`;

async function read<T>(app: TestApp['app'], who: Who, url: string): Promise<T> {
  const res = await call(app, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
const sessions = async (who: Who, app = t.app) =>
  (await read<GamesAnalytics>(app, who, GAMES)).games.map((g) => [g.name, g.sessions]);
/** How many statements read the games' month totals while `run` runs. */
async function monthReads<T>(run: () => Promise<T>): Promise<number> {
  const spy = vi.spyOn(t.database.pool, 'query');
  try {
    await run();
    return spy.mock.calls.filter(([text]) => typeof text === 'string' && /FROM (game|activity)_month_stats/.test(text))
      .length;
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date(`${DAY}T09:00:00Z`));
  // A second API instance on the same database, as behind a load balancer.
  other = await buildApp({
    config: t.config,
    db: t.app.db,
    now: t.clock.now,
    mailer: t.app.mailer,
    logger: createLogger({ level: 'silent' }),
  });
  await other.ready();
  editor = await loginAs(t.app, 'EDITOR');
  admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  tess = await loginAs(t.app, 'THERAPIST', { accountId: admin.user.accountId });
  ana = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
  ben = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
  strangerAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  stranger = await loginAs(t.app, 'STUDENT', { accountId: strangerAdmin.user.accountId });
  fruit = await choiceGame(t.app, editor, { name: 'Fruit', corrects: [0, 1] });
  await play(t.app, ana, admin, fruit, [[0], [1]]);
});
afterAll(() => other.close());

describe('kept analytics answers', () => {
  it('answers an account admin’s second identical request without reading the rollups, a caseload’s every time', async () => {
    expect(await monthReads(() => sessions(admin))).toBe(1);
    expect(await monthReads(() => sessions(admin))).toBe(0);
    expect(await sessions(admin)).toEqual([['Fruit', 1]]);
    expect(await monthReads(() => read(t.app, admin, HARDEST))).toBe(1);
    expect(await monthReads(() => read(t.app, admin, HARDEST))).toBe(0);
    // Another period is another answer.
    expect(await monthReads(() => read(t.app, admin, `/api/analytics/games?from=${DAY}`))).toBe(1);
    // A therapist's caseload is summed from its students' day rows on every request.
    const spy = vi.spyOn(t.database.pool, 'query');
    try {
      await read(t.app, tess, GAMES);
      await read(t.app, tess, GAMES);
      const summed = spy.mock.calls.filter(
        ([text]) => typeof text === 'string' && text.includes('game_day_stats d JOIN'),
      );
      expect(summed).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('counts a play at the next request, on this instance and on another, and only in the player’s account', async () => {
    expect(await sessions(admin)).toEqual([['Fruit', 1]]);
    expect(await sessions(admin, other)).toEqual([['Fruit', 1]]);
    expect(await sessions(strangerAdmin)).toEqual([]);
    const kept = await read<ActivitiesAnalytics>(t.app, admin, HARDEST);
    expect(kept.activities.map((a) => [a.position, a.tried])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    // Ben plays Fruit (on this instance): both instances count him at once.
    await play(t.app, ben, admin, fruit, [[1, 0], [1]]);
    expect(await sessions(admin)).toEqual([['Fruit', 2]]);
    expect(await sessions(admin, other)).toEqual([['Fruit', 2]]);
    const ranked = await read<ActivitiesAnalytics>(other, admin, HARDEST);
    expect(ranked.activities.map((a) => [a.position, a.tried, a.first_try_rate])).toEqual([
      [1, 2, 50],
      [2, 2, 100],
    ]);
    // Another account's play leaves this account's answer kept, and counts in its own.
    await play(t.app, stranger, strangerAdmin, fruit, [[0], [1]]);
    expect(await monthReads(() => sessions(admin))).toBe(0);
    expect(await sessions(strangerAdmin)).toEqual([['Fruit', 1]]);
    // Platform staff read every account: a play in one of them is a new answer.
    const staff = await loginAs(t.app, 'SUPERADMIN');
    expect(await sessions(staff)).toEqual([['Fruit', 3]]);
    await play(t.app, stranger, strangerAdmin, fruit, [[0], [1]]);
    expect(await sessions(staff)).toEqual([['Fruit', 4]]);
  });

  it('counts a student moved out of the account at the next request', async () => {
    expect(await sessions(admin)).toEqual([['Fruit', 2]]);
    await t.database.pool.query('UPDATE users SET account_id = $2 WHERE id = $1', [
      ben.user.id,
      strangerAdmin.user.accountId,
    ]);
    try {
      expect(await sessions(admin)).toEqual([['Fruit', 1]]);
      expect(await sessions(strangerAdmin, other)).toEqual([['Fruit', 3]]);
    } finally {
      await t.database.pool.query('UPDATE users SET account_id = $2 WHERE id = $1', [
        ben.user.id,
        admin.user.accountId,
      ]);
    }
    expect(await sessions(admin)).toEqual([['Fruit', 2]]);
  });

  it('recomputes every answer after a rebuild of the rollups', async () => {
    expect(await sessions(admin)).toEqual([['Fruit', 2]]);
    // A session finished while the rollups' trigger was off (as a bulk import would): no version moves.
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE game_sessions DISABLE TRIGGER game_sessions_student_day');
      await client.query(
        `INSERT INTO game_sessions (assignment_id, student_id, account_id, status, attempt, started_at, finished_at, points, score, passed, total_right, total_wrong, duration_ms)
         SELECT s.assignment_id, s.student_id, s.account_id, 'COMPLETED', 2, s.started_at, s.finished_at, 20, 100, true, 2, 0, 60000
           FROM game_sessions s WHERE s.student_id = $1 LIMIT 1`,
        [ana.user.id],
      );
      await client.query('ALTER TABLE game_sessions ENABLE TRIGGER game_sessions_student_day');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await sessions(admin)).toEqual([['Fruit', 2]]);
    await rebuildAnalytics(t.database.pool);
    expect(await sessions(admin)).toEqual([['Fruit', 3]]);
    expect(await sessions(admin, other)).toEqual([['Fruit', 3]]);
  });

  it('shows what no version follows (a game renamed) once the answer is KEEP_MS old', async () => {
    expect(await sessions(admin)).toEqual([['Fruit', 3]]);
    await t.database.pool.query(`UPDATE games SET name = 'Fruits' WHERE id = $1`, [fruit]);
    expect(await sessions(admin)).toEqual([['Fruit', 3]]);
    t.clock.advance(KEEP_MS + 1_000);
    expect(await sessions(admin)).toEqual([['Fruits', 3]]);
  });
});
