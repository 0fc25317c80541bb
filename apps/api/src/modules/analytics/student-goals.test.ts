import type { StudentFigures, StudentGoal, StudentGoals } from '@habla/shared/schemas/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { call as callAs, choiceGame, leoAndHisCareTeam, play, type Who } from '../../../test/plays';

/**
 * One student's figures per goal (`GET /api/analytics/students/:id/goals`, docs/product.md §6) and
 * their streaks (`GET /api/analytics/students`), on plays whose figures are worked out by hand below.
 *
 * The curriculum: level one (its goal: past -ed; its verb tense: simple past) with chapter A (goals:
 * name nouns, past -ed, and a removed target; formulation S+V+O) and chapter B (no goals); level two
 * with chapter C (goal: name nouns). The skill vocabulary links both targets, grammar only past -ed.
 *
 * Leo's games, two activities each, 30 s a try (every score is a percent of 20 points: 10 right at
 * once, 1 right at the second try):
 *   Mar 2  A1 (chapter A): right at once twice: 100 %, 2 of 2 first tries, 2 tries = 60 s.
 *   Mar 3  A2 (chapter A): wrong then right, right: 11/20 = 55 %, 1 of 2, 3 tries = 90 s.
 *          B1 (chapter B): right at once twice: 100 %, 2 of 2, 60 s.
 *   Mar 4  C1 (chapter C): wrong three times, right: 10/20 = 50 % (passed), 1 of 2, 4 tries = 120 s.
 *   Mar 6  B2 (chapter B): left after one wrong try: not completed, no score, 0 of 1, 30 s.
 *   Mar 7  N  (no chapter): right at once twice: 100 %; a day played, towards no goal.
 * Days played: Mar 2, 3, 4, then Mar 6, 7 (a gap on Mar 5).
 */
let t: TestApp;
let editor: Who, admin: Who, therapist: Who, ownTherapist: Who, leo: Who, strangerAdmin: Who;
const ids: Record<string, string> = {};

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload);

/** Sets the clock to `day` at noon (UTC) and signs everyone in again: a day later every sign-in has run out. */
async function onDay(day: string) {
  t.clock.set(new Date(`${day}T12:00:00Z`));
  for (const who of [editor, admin, therapist, ownTherapist, leo, strangerAdmin])
    who.headers = (await login(t.app, who.user.username, who.user.password)).headers;
}

/** A fresh two-activity game placed in `chapter` (none: in no chapter), given to Leo and played. */
async function played(chapter: string | null, answers: number[][], opts: { leave?: boolean } = {}) {
  const game = await choiceGame(t.app, editor);
  if (chapter) await t.database.pool.query('UPDATE games SET chapter_id = $2 WHERE id = $1', [game, chapter]);
  await play(t.app, leo, admin, game, answers, opts);
}

/** A catalog entry written as the catalog screens would (name, and the Spanish name where it has one). */
async function catalogEntry(table: string, name: string, extra: Record<string, string | null> = {}) {
  const columns = ['name', ...Object.keys(extra)];
  const values = [name, ...Object.values(extra)];
  const res = await t.database.pool.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    values,
  );
  return (res.rows[0] as { id: string }).id;
}

async function created(path: string, body: object) {
  const res = await call(editor, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const goalsOf = async (who: Who, query = '', id = leo.user.id) => {
  const res = await call(who, 'GET', `/api/analytics/students/${id}/goals${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StudentGoals;
};

const streaksOf = async (query: string) => {
  const res = await call(admin, 'GET', `/api/analytics/students?student_id=${leo.user.id}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const s = (res.json().data as { students: StudentFigures[] }).students[0]!;
  return { longest: s.longest_streak, current: s.current_streak, days: s.days_active };
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-01T09:00:00Z'));
  ({
    editor,
    admin,
    leo,
    therapist: ownTherapist,
    otherTherapist: therapist,
    strangerAdmin,
  } = await leoAndHisCareTeam(t.app, t.database.pool));

  ids.nouns = await catalogEntry('targets', 'Goals: name nouns', { name_es: 'Metas: nombrar sustantivos' });
  ids.past = await catalogEntry('targets', 'Goals: past -ed', { name_es: null });
  ids.removed = await catalogEntry('targets', 'Goals: removed target');
  ids.vocabulary = await catalogEntry('skills', 'Goals: vocabulary', { name_es: 'Metas: vocabulario' });
  ids.grammar = await catalogEntry('skills', 'Goals: grammar', { name_es: 'Metas: gramática' });
  await t.database.pool.query('INSERT INTO skill_targets (skill_id, target_id) VALUES ($1, $3), ($1, $4), ($2, $4)', [
    ids.vocabulary,
    ids.grammar,
    ids.nouns,
    ids.past,
  ]);
  ids.svo = await catalogEntry('formulations', 'Goals: S+V+O', { language_type: 'declarative' });
  ids.simplePast = await catalogEntry('verb_tenses', 'Goals: simple past', {
    name_es: 'Metas: pretérito',
    type: 'past',
  });

  ids.levelOne = await created('/api/levels', {
    name: 'Goals level one',
    slug: 'goals-level-one',
    position: 1,
    goal_ids: [ids.past],
    verb_tense_ids: [ids.simplePast],
  });
  ids.levelTwo = await created('/api/levels', { name: 'Goals level two', slug: 'goals-level-two', position: 2 });
  ids.chapterA = await created('/api/chapters', {
    name: 'Goals chapter A',
    level_id: ids.levelOne,
    goal_ids: [ids.nouns, ids.past, ids.removed],
    formulation_ids: [ids.svo],
  });
  ids.chapterB = await created('/api/chapters', { name: 'Goals chapter B', level_id: ids.levelOne });
  ids.chapterC = await created('/api/chapters', {
    name: 'Goals chapter C',
    level_id: ids.levelTwo,
    goal_ids: [ids.nouns],
  });
  // A target chapter A had, since removed from the catalog.
  await t.database.pool.query('UPDATE targets SET deleted_at = now() WHERE id = $1', [ids.removed]);

  await onDay('2026-03-02');
  await played(ids.chapterA, [[0], [1]]);
  await onDay('2026-03-03');
  await played(ids.chapterA, [[1, 0], [1]]);
  await played(ids.chapterB, [[0], [1]]);
  await onDay('2026-03-04');
  await played(ids.chapterC, [[1, 1, 1], [1]]);
  await onDay('2026-03-06');
  await played(ids.chapterB, [[1]], { leave: true });
  await onDay('2026-03-07');
  await played(null, [[0], [1]]);
});

/** A goal's row as expected: kind, id, names and its figures. */
const goal = (
  kind: StudentGoal['kind'],
  id: string,
  name: string,
  name_es: string | null,
  f: [number, number, number, number, number | null, number | null, number],
): StudentGoal => {
  const [games, sessions, completed, passed, mean_score, first_try_rate, minutes] = f;
  return { kind, id, name, name_es, games, sessions, completed, passed, mean_score, first_try_rate, minutes };
};

describe('a student’s figures per goal', () => {
  it('sums the games each goal is reached by, each game once per goal however many paths reach it', async () => {
    const data = await goalsOf(admin, 'from=2026-03-01&to=2026-03-07');
    expect(data.student).toEqual({ id: leo.user.id, full_name: 'Leo Walker' });
    expect(data).toMatchObject({ from: '2026-03-01', to: '2026-03-07' });
    expect(data.goals).toEqual<StudentGoal[]>([
      // Level one: A1, A2, B1, B2. 4 sessions, 3 completed and passed; mean (100 + 55 + 100) / 3 = 85;
      // first tries (2 + 1 + 2 + 0) / (2 + 2 + 2 + 1) = 5/7 = 71.4 %; 60 + 90 + 60 + 30 s = 4 min.
      goal('level', ids.levelOne!, 'Goals level one', null, [4, 4, 3, 3, 85, 71.4, 4]),
      // Level two: C1 alone. 50 %, 1 of 2 first tries, 120 s = 2 min.
      goal('level', ids.levelTwo!, 'Goals level two', null, [1, 1, 1, 1, 50, 50, 2]),
      // Chapter A: A1, A2. Mean (100 + 55) / 2 = 77.5; 3/4 = 75 %; 150 s = 2.5 min → 3.
      goal('chapter', ids.chapterA!, 'Goals chapter A', null, [2, 2, 2, 2, 77.5, 75, 3]),
      // Chapter B: B1, B2 (left: no score). Mean 100; 2/3 = 66.7 %; 90 s = 1.5 min → 2.
      goal('chapter', ids.chapterB!, 'Goals chapter B', null, [2, 2, 1, 1, 100, 66.7, 2]),
      goal('chapter', ids.chapterC!, 'Goals chapter C', null, [1, 1, 1, 1, 50, 50, 2]),
      // Name nouns, goal of chapters A and C: A1, A2, C1. Mean (100 + 55 + 50) / 3 = 68.3;
      // (2 + 1 + 1) / 6 = 66.7 %; 60 + 90 + 120 s = 4.5 min → 5.
      goal('target', ids.nouns!, 'Goals: name nouns', 'Metas: nombrar sustantivos', [3, 3, 3, 3, 68.3, 66.7, 5]),
      // Past -ed, goal of chapter A and of level one: A1 and A2 once each, with B1, B2 = level one's figures.
      goal('target', ids.past!, 'Goals: past -ed', null, [4, 4, 3, 3, 85, 71.4, 4]),
      // Grammar, through past -ed only: level one's figures.
      goal('skill', ids.grammar!, 'Goals: grammar', 'Metas: gramática', [4, 4, 3, 3, 85, 71.4, 4]),
      // Vocabulary, through both targets: A1 and A2 (reached twice) once each, B1, B2, C1. 5 sessions,
      // 4 completed and passed; mean (100 + 55 + 100 + 50) / 4 = 76.25 → 76.3; (2 + 1 + 2 + 0 + 1) / 9
      // = 66.7 %; 60 + 90 + 60 + 30 + 120 s = 6 min.
      goal('skill', ids.vocabulary!, 'Goals: vocabulary', 'Metas: vocabulario', [5, 5, 4, 4, 76.3, 66.7, 6]),
      // S+V+O, chapter A's formulation: chapter A's figures.
      goal('formulation', ids.svo!, 'Goals: S+V+O', null, [2, 2, 2, 2, 77.5, 75, 3]),
      // Simple past, level one's verb tense: level one's figures.
      goal('verb_tense', ids.simplePast!, 'Goals: simple past', 'Metas: pretérito', [4, 4, 3, 3, 85, 71.4, 4]),
    ]);
    // The removed target is not a goal any more; the game without a chapter reaches none.
    expect(data.goals.map((g) => g.id)).not.toContain(ids.removed);
  });

  it('reads only the games played in the period, and by default the 30 days up to today', async () => {
    // Mar 3 alone: A2 (55 %, 1 of 2 first tries, 90 s) and B1 (100 %, 2 of 2, 60 s).
    const day = await goalsOf(admin, 'from=2026-03-03&to=2026-03-03');
    expect(day.goals.filter((g) => g.kind === 'level' || g.kind === 'chapter')).toEqual<StudentGoal[]>([
      // Mean (55 + 100) / 2 = 77.5; 3/4 = 75 %; 150 s = 2.5 min → 3.
      goal('level', ids.levelOne!, 'Goals level one', null, [2, 2, 2, 2, 77.5, 75, 3]),
      goal('chapter', ids.chapterA!, 'Goals chapter A', null, [1, 1, 1, 1, 55, 50, 2]),
      goal('chapter', ids.chapterB!, 'Goals chapter B', null, [1, 1, 1, 1, 100, 100, 1]),
    ]);
    expect(day.goals.find((g) => g.id === ids.nouns)).toMatchObject({ games: 1, sessions: 1, mean_score: 55 });
    // Mar 7 alone: only the game in no chapter, so no goal; the student is still named.
    expect(await goalsOf(admin, 'from=2026-03-07&to=2026-03-07')).toMatchObject({
      student: { id: leo.user.id, full_name: 'Leo Walker' },
      goals: [],
    });
    const recent = await goalsOf(admin);
    expect(recent).toMatchObject({ from: '2026-02-06', to: '2026-03-07' });
    expect(recent.goals).toHaveLength(11);
  });

  it('keeps to the caller’s students: outside the scope is 404, like a student that does not exist', async () => {
    expect((await goalsOf(ownTherapist, 'from=2026-03-01&to=2026-03-07')).goals).toHaveLength(11);
    for (const who of [therapist, strangerAdmin, editor]) {
      const res = await call(who, 'GET', `/api/analytics/students/${leo.user.id}/goals?from=2026-03-01&to=2026-03-07`);
      expect(res.statusCode, who.user.role).toBe(404);
      expect(res.json()).toEqual({
        status: false,
        code: 'NOT_FOUND',
        errors: ['The requested resource was not found.'],
      });
      expect(res.body).not.toContain('Leo');
      expect(res.body).not.toContain('Goals');
    }
    expect((await call(admin, 'GET', `/api/analytics/students/${therapist.user.id}/goals`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'GET', '/api/analytics/students/00000000-0000-4000-8000-000000000000/goals')).statusCode,
    ).toBe(404);
    expect((await call(leo, 'GET', `/api/analytics/students/${leo.user.id}/goals`)).statusCode).toBe(403);
  });

  it('refuses an id that is not one or a period that ends before it starts, naming the field', async () => {
    const id = await call(admin, 'GET', '/api/analytics/students/leo/goals');
    expect(id.statusCode).toBe(400);
    expect(Object.keys(id.json().fields)).toEqual(['id']);
    const reversed = await call(
      admin,
      'GET',
      `/api/analytics/students/${leo.user.id}/goals?from=2026-03-07&to=2026-03-01`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().fields)).toEqual(['to']);
  });
});

describe('a student’s streaks', () => {
  it('counts the longest run of days played and the one ending on the period’s last day or the day before', async () => {
    // Mar 2–4 is three days in a row, Mar 6–7 two: the longest is 3, the current one ends on Mar 7.
    expect(await streaksOf('from=2026-03-01&to=2026-03-07')).toEqual({ longest: 3, current: 2, days: 5 });
    // The period ending the day after: Mar 7 is "yesterday", the streak still runs.
    expect(await streaksOf('from=2026-03-01&to=2026-03-08')).toEqual({ longest: 3, current: 2, days: 5 });
    // Two days after, it has ended.
    expect(await streaksOf('from=2026-03-01&to=2026-03-09')).toEqual({ longest: 3, current: 0, days: 5 });
    // Ending on the gap (Mar 5): the run of Mar 2–4 ended the day before, so it is current.
    expect(await streaksOf('from=2026-03-01&to=2026-03-05')).toEqual({ longest: 3, current: 3, days: 3 });
    // Only the days within the period count: from Mar 3, the first run is two days long.
    expect(await streaksOf('from=2026-03-03&to=2026-03-04')).toEqual({ longest: 2, current: 2, days: 2 });
    expect(await streaksOf('from=2026-03-03&to=2026-03-07')).toEqual({ longest: 2, current: 2, days: 4 });
    // A period without a day played has no streak.
    expect(await streaksOf('from=2026-03-05&to=2026-03-05')).toEqual({ longest: 0, current: 0, days: 0 });
  });
});
