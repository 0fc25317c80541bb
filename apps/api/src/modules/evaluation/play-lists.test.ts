import { policyOf, resourceRowSchema, type ResourceDef, type ResourceRow } from '@habla/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { findPage, findPageJson } from '../../crud/service';
import type { ServerResource } from '../../crud/contract';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { seedDemoPlay } from '../../db/seed/demo-play';
import { seedStarterLibrary } from '../../db/seed/starter/index';
import { systemContext } from '../../lib/context';
import { assignmentsResource } from '../assignments/resources';
import { gameSessionsResource } from './resources';

/**
 * The MLA loop's lists on the engine, read only (docs/decisions/025-read-only-lists.md): assignments
 * and played sessions answer the engine's closed rows, page, sort, filter and export like every list,
 * within the caller's students, count afresh after the loop's own writes, and take no write at all.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
/** A row of either list, as the engine's row contract has any resource's. */
type Listed = ResourceRow<ResourceDef>;

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: headers[who] });
async function rows(who: string, url: string): Promise<{ data: Listed[]; total: number }> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Listed[]; meta: { total: number } };
  return { data: body.data, total: body.meta.total };
}

/** Library games the student has not been given (a game given twice is skipped, not assigned again). */
async function notYetGiven(studentId: string, n: number): Promise<{ id: string }[]> {
  const games = (
    await t.database.pool.query(
      `SELECT g.id FROM games g WHERE g.account_id IS NULL AND g.game_status = 'COMPLETED' AND g.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM assignments x WHERE x.game_id = g.id AND x.student_id = $1)
        ORDER BY g.id LIMIT $2`,
      [studentId, n],
    )
  ).rows as { id: string }[];
  expect(games).toHaveLength(n);
  return games;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedStarterLibrary(t.database.pool, t.clock.now());
  await seedDemo(t.app.db, t.clock.now());
  await seedDemoPlay(t.app.db, t.clock.now());
  for (const who of ['therapist', 'parent', 'superadmin', 'student', 'editor'])
    headers[who] = (await login(t.app, who, DEMO_PASSWORD)).headers;
});

describe('the lists of assignments and played sessions', () => {
  it('answer closed engine rows, the same whether PostgreSQL or Node writes them', async () => {
    for (const [url, r] of [
      ['/api/assignments', assignmentsResource],
      ['/api/game-sessions', gameSessionsResource],
    ] as [string, ServerResource][]) {
      const { data } = await rows('superadmin', url);
      expect(data.length).toBeGreaterThan(0);
      const schema = resourceRowSchema(r.def, policyOf(r.def.name).hideable).strict();
      for (const row of data) expect(schema.parse(row)).toEqual(row);
      // Nobody may change them, the super admin included: a read-only list offers no row action.
      expect(new Set(data.flatMap((row) => row._actions as string[]))).toEqual(new Set(['read']));
      const [user] = (
        await t.database.pool.query(
          `SELECT id, role, account_id, ARRAY['FULL'] AS permissions FROM users WHERE username = 'superadmin'`,
        )
      ).rows as { id: string; role: string; account_id: null; permissions: string[] }[];
      const ctx = systemContext(t.app, { requestId: 'test:play-lists', actor: user! });
      const params = { page: 0, max: 50, filters: {} };
      const node = (await findPage(ctx, r, params)).rows;
      const json = (await findPageJson(ctx, r, params, [])).rows.map((x) => JSON.parse(x.json) as Listed);
      expect(json).toEqual(node.map((x) => JSON.parse(JSON.stringify(x)) as Listed));
    }
    const sessions = (await rows('therapist', '/api/game-sessions')).data;
    const leo = sessions.find((s) => s.evaluation === 'WAITING')!;
    // Scores and durations are numbers, times ISO 8601, the student and game their records' names.
    expect(leo).toMatchObject({
      game_name: 'The girl ate an apple',
      student: { label: 'Leo Walker' },
      status: 'COMPLETED',
      score: expect.any(Number),
      duration_ms: expect.any(Number),
    });
    expect(new Date(String(leo.started_at)).toISOString()).toBe(
      new Date(Date.parse(String(leo.started_at))).toISOString(),
    );
  });

  it('keep to the caller’s students: a therapist their caseload, a parent their child, a student or the content team nothing', async () => {
    const all = await rows('superadmin', '/api/assignments?max=100');
    const mine = await rows('therapist', '/api/assignments?max=100');
    const family = await rows('parent', '/api/assignments?max=100');
    expect(all.total).toBe(6);
    expect(mine.data.map((r) => (r.student as { label: string }).label).sort()).toEqual([
      'Leo Walker',
      'Leo Walker',
      'Mia Johnson',
      'Mia Johnson',
    ]);
    expect(new Set(family.data.map((r) => (r.student as { label: string }).label))).toEqual(new Set(['Mateo Garcia']));
    expect(mine.total + family.total).toBe(all.total);
    // The content team reads games but has no students; a student has no permission to read the list.
    expect((await rows('editor', '/api/assignments')).total).toBe(0);
    expect((await get('student', '/api/game-sessions')).statusCode).toBe(403);
  });

  it('filter by where the evaluation stands, refusing a value it does not know by name', async () => {
    const waiting = await rows('therapist', '/api/game-sessions?evaluation=WAITING');
    const evaluated = await rows('therapist', '/api/game-sessions?evaluation=EVALUATED');
    expect(waiting.data.map((s) => s.game_name)).toEqual(['The girl ate an apple']);
    expect(evaluated.data.map((s) => s.evaluation)).toEqual(evaluated.data.map(() => 'EVALUATED'));
    expect(evaluated.total).toBeGreaterThan(0);
    const wrong = await get('therapist', '/api/game-sessions?evaluation=SOMETIMES');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('evaluation');
  });

  it('sort by their declared columns, newest first by default', async () => {
    const byEnd = (await rows('superadmin', '/api/assignments?col=end_time&order=asc')).data.map((r) =>
      Date.parse(String(r.end_time)),
    );
    expect(byEnd).toEqual([...byEnd].sort((a, b) => a - b));
    expect(new Set(byEnd).size).toBeGreaterThan(1);
    const started = (await rows('superadmin', '/api/game-sessions')).data.map((r) => Date.parse(String(r.started_at)));
    expect(started).toEqual([...started].sort((a, b) => b - a));
    expect(new Set(started).size).toBeGreaterThan(1);
    // Two games given a minute apart: the later leads the list (ids are random, so an order by id would not).
    const mia = (await t.database.pool.query(`SELECT id FROM users WHERE username = 'student2'`)).rows[0] as {
      id: string;
    };
    const games = await notYetGiven(mia.id, 2);
    const given: string[] = [];
    for (const game of games) {
      t.clock.advance(60_000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/games/assign',
        headers: headers.therapist,
        payload: { game_ids: [game.id], student_ids: [mia.id] },
      });
      expect(res.statusCode, res.body).toBe(201);
      given.push(res.json().data.assigned[0].id as string);
    }
    const listed = (await rows('therapist', '/api/assignments')).data;
    expect(listed.slice(0, 2).map((r) => r.id)).toEqual([...given].reverse());
    const made = listed.map((r) => Date.parse(String(r.created_at)));
    expect(made).toEqual([...made].sort((a, b) => b - a));
    // Every list whose default order is a bookkeeping time follows it: games, latest changed first.
    const games2 = (await rows('therapist', '/api/games?max=100')).data.map((r) => Date.parse(String(r.updated_at)));
    expect(games2).toEqual([...games2].sort((a, b) => b - a));
  });

  it('export the filtered list as CSV, headed in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/game-sessions/export?evaluation=WAITING',
      headers: { ...headers.therapist, 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Evaluación');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('The girl ate an apple');
  });

  it('count again after the loop’s own writes, and take no write themselves', async () => {
    const before = (await rows('therapist', '/api/assignments')).total;
    const leo = (await t.database.pool.query(`SELECT id FROM users WHERE username = 'student'`)).rows[0] as {
      id: string;
    };
    const [game] = await notYetGiven(leo.id, 1);
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/api/games/assign',
      headers: headers.therapist,
      payload: { game_ids: [game!.id], student_ids: [leo.id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect((await rows('therapist', '/api/assignments')).total).toBe(before + 1);
    const id = (await rows('therapist', '/api/assignments')).data[0]!.id;
    for (const [method, url] of [
      ['POST', '/api/assignments'],
      ['GET', `/api/assignments/${id}`],
      ['PATCH', `/api/assignments/${id}`],
      ['DELETE', `/api/assignments/${id}`],
      ['POST', '/api/game-sessions'],
      ['POST', '/api/assignments/bulk-delete'],
    ] as const)
      expect((await t.app.inject({ method, url, headers: headers.superadmin, payload: {} })).statusCode).toBe(404);
  });
});
