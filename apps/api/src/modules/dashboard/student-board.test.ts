import type { Dashboard, NamedStudentBoard } from '@habla/shared/schemas/dashboards';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { seedDemoPlay } from '../../db/seed/demo-play';
import { seedStarterLibrary } from '../../db/seed/starter/index';

/**
 * `GET /api/dashboards/students/:id` (`/dashboards/student`) on the demo (docs/product.md §8): the
 * student's own board, or the board of a student in the caller's scope (docs/product.md §2); a
 * student outside it answers 404, exactly like one that does not exist.
 */
let t: TestApp;
const ids = new Map<string, string>();

const board = (who: string, id: string) =>
  login(t.app, who, DEMO_PASSWORD).then(({ headers }) =>
    t.app.inject({ method: 'GET', url: `/api/dashboards/students/${id}`, headers }),
  );

beforeAll(async () => {
  t = await buildTestApp();
  await seedStarterLibrary(t.database.pool, t.clock.now());
  await seedDemo(t.app.db, t.clock.now());
  await seedDemoPlay(t.app.db, t.clock.now());
  const { rows } = await t.database.pool.query<{ id: string; username: string }>('SELECT id, username FROM users');
  for (const r of rows) ids.set(r.username, r.id);
});

describe('a student’s board by id', () => {
  it('shows the student their own board, with what to play next: the new game first, then the one played once', async () => {
    const res = await board('student', ids.get('student')!);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data as NamedStudentBoard;
    expect(mine).toMatchObject({ id: ids.get('student'), full_name: 'Leo Walker' });
    expect(mine.next.map((g) => [g.name, g.state])).toEqual([
      ['What are they doing?', 'new'],
      ['The girl ate an apple', 'played'],
    ]);
    // The same board as the student's own dashboard.
    const { headers } = await login(t.app, 'student', DEMO_PASSWORD);
    const me = (await t.app.inject({ method: 'GET', url: '/api/dashboards/me', headers })).json().data as Dashboard;
    const { id: _id, full_name: _name, ...rest } = mine;
    expect(me).toEqual({ kind: 'student', ...rest });
  });

  it('shows a therapist the board of a student of their caseload, and 404 for any other student', async () => {
    const leo = await board('therapist', ids.get('student')!);
    expect(leo.statusCode, leo.body).toBe(200);
    expect(leo.json().data).toMatchObject({ full_name: 'Leo Walker', games: { new: 1 } });
    expect((await board('therapist', ids.get('student2')!)).statusCode).toBe(200);
    // Noah: the same account, not their caseload (only the supervisor's). Mateo: another account.
    for (const other of ['student3', 'student4']) {
      const res = await board('therapist', ids.get(other)!);
      expect(res.statusCode, `${other}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain('Patel');
      expect(res.body).not.toContain('Garcia');
    }
    // An adult of the caseload's account is no student; an id that names nobody.
    expect((await board('therapist', ids.get('accountadmin')!)).statusCode).toBe(404);
    expect((await board('therapist', crypto.randomUUID())).statusCode).toBe(404);
    expect((await board('therapist', 'not-an-id')).statusCode).toBe(400);
  });

  it('keeps a student to their own board and a parent to their child’s; platform staff see any student', async () => {
    expect((await board('student', ids.get('student2')!)).statusCode).toBe(404);
    expect((await board('parent', ids.get('student4')!)).statusCode).toBe(200);
    expect((await board('parent', ids.get('student')!)).statusCode).toBe(404);
    expect((await board('supervisor', ids.get('student3')!)).statusCode).toBe(200);
    expect((await board('admin', ids.get('student4')!)).statusCode).toBe(200);
    expect((await board('editor', ids.get('student')!)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dashboards/students/${ids.get('student')}` })).statusCode,
    ).toBe(401);
  });
});
