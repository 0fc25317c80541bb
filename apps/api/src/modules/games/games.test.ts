import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';

/**
 * Games and activities: scope across accounts and the library, answers checked against
 * the game's type, the life cycle as declared actions with their refusals, activities in order, and
 * the chapter's totals.
 */
let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let editor: Who;
let viewer: Who;
let therapist: Who;
let colleague: Who;
let accountAdmin: Who;
let stranger: Who;
let chapterId: string;

const SP = 'sentence_practice';
const MC = 'multiple_choice_answers';

beforeAll(async () => {
  t = await buildTestApp();
  editor = await loginAs(t.app, 'EDITOR');
  viewer = await loginAs(t.app, 'VIEWER');
  therapist = await loginAs(t.app, 'THERAPIST');
  colleague = await loginAs(t.app, 'THERAPIST', { accountId: therapist.user.accountId });
  accountAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId: therapist.user.accountId });
  stranger = await loginAs(t.app, 'THERAPIST');
  const level = await call(editor, 'POST', '/api/levels', { name: 'Games level', slug: 'games-level' });
  chapterId = (
    await call(editor, 'POST', '/api/chapters', { name: 'Games chapter', level_id: level.json().data.id })
  ).json().data.id;
});

function call(who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
const sentence = (target: string, distractors: string[] = []) => ({ target, distractors });
const choice = (texts: string[], correct: number) => ({ options: texts.map((text) => ({ text })), correct });

async function makeGame(who: Who, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/games', {
    name: `Game ${Math.random().toString(36).slice(2, 8)}`,
    type: SP,
    chapter_id: chapterId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: string };
}
async function addActivity(who: Who, gameId: string, body: Record<string, unknown>) {
  const res = await call(who, 'POST', '/api/activities', { game_id: gameId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: string };
}
/** A completed game with `n` sentence activities. */
async function completedGame(who: Who, n = 2, body: Record<string, unknown> = {}) {
  const game = await makeGame(who, body);
  for (let i = 0; i < n; i++) await addActivity(who, game.id, { answers: sentence(`The dog runs ${i}.`) });
  expect((await call(who, 'POST', `/api/games/${game.id}/complete`)).statusCode).toBe(200);
  return game;
}

describe('games in scope', () => {
  it('keeps a therapist’s new game private to them, then shares it with the account and never with another account', async () => {
    const game = await makeGame(therapist);
    expect(game).toMatchObject({
      game_status: 'WORK_IN_PROGRESS',
      is_private: true,
      share_status: null,
      version: 1,
      account_id: therapist.user.accountId,
      activities_count: 0,
    });
    expect(game._actions).toEqual(
      expect.arrayContaining(['read', 'update', 'delete', 'complete', 'share', 'duplicate']),
    );
    expect(game._actions).not.toContain('versions');
    for (const who of [colleague, accountAdmin, stranger])
      expect((await call(who, 'GET', `/api/games/${game.id}`)).statusCode).toBe(404);
    const colleagueList = await call(colleague, 'GET', `/api/games?chapter_id=${chapterId}&max=100`);
    expect(colleagueList.json().data.map((g: { id: string }) => g.id)).not.toContain(game.id);

    const shared = await call(therapist, 'POST', `/api/games/${game.id}/share`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().data[0]).toMatchObject({ is_private: false, share_status: 'SHARED' });
    expect(shared.json().message).toBe('The game is shared with your account.');
    expect((await call(colleague, 'GET', `/api/games/${game.id}`)).statusCode).toBe(200);
    // A colleague reads it but does not change it; the account's admin may.
    const put = await call(colleague, 'PUT', `/api/games/${game.id}`, { name: 'Mine now', type: SP });
    expect(put.statusCode, put.body).toBe(403);
    expect(
      (await call(accountAdmin, 'PUT', `/api/games/${game.id}`, { name: 'Renamed by the admin', type: SP })).statusCode,
    ).toBe(200);
    expect((await call(stranger, 'GET', `/api/games/${game.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/games/${game.id}/collect`)).statusCode).toBe(404);
    expect((await call(therapist, 'POST', `/api/games/${game.id}/make-private`)).json().data[0]).toMatchObject({
      is_private: true,
      share_status: null,
    });
    expect((await call(colleague, 'GET', `/api/games/${game.id}`)).statusCode).toBe(404);
  });

  it('shows the library to every account and to viewers, who cannot write; the content team cannot see an account’s games', async () => {
    const library = await makeGame(editor);
    expect(library).toMatchObject({ account_id: null, is_private: false });
    const mine = await makeGame(therapist);
    for (const who of [therapist, stranger, viewer])
      expect((await call(who, 'GET', `/api/games/${library.id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', '/api/games', { name: 'No', type: SP })).statusCode).toBe(403);
    expect(
      (await call(therapist, 'PUT', `/api/games/${library.id}`, { name: 'Not theirs', type: SP })).statusCode,
    ).toBe(403);
    expect((await call(editor, 'GET', `/api/games/${mine.id}`)).statusCode).toBe(404);
    const viewerList = (await call(viewer, 'GET', '/api/games?max=100')).json();
    expect(viewerList.data.every((g: { account_id: string | null }) => g.account_id === null)).toBe(true);
  });

  it('lets every account hear a library activity’s audio prompt, and nothing else the content team made', async () => {
    const library = await makeGame(editor);
    const spoken = await call(editor, 'POST', '/api/speech', { text: 'The dog runs.', language: 'en' });
    expect(spoken.statusCode, spoken.body).toBe(201);
    const audio = spoken.json().data.id as string;
    const other = (await call(editor, 'POST', '/api/speech', { text: 'Not in a game.', language: 'en' })).json().data
      .id as string;
    // Before any activity uses it, the prompt is the content team's own file.
    expect((await call(therapist, 'GET', `/api/files/${audio}/content`)).statusCode).toBe(404);
    const made = await call(editor, 'POST', '/api/activities', {
      game_id: library.id,
      answers: sentence('The dog runs fast.'),
      audio_id: audio,
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const who of [therapist, stranger]) {
      const res = await call(who, 'GET', `/api/files/${audio}/content`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^audio\//);
      expect((await call(who, 'GET', `/api/files/${other}`)).statusCode).toBe(404);
    }
    // Once the activity is deleted, the prompt is the content team's again.
    expect((await call(editor, 'DELETE', `/api/activities/${made.json().data.id}`)).statusCode).toBe(200);
    expect((await call(therapist, 'GET', `/api/files/${audio}`)).statusCode).toBe(404);
  });

  it('filters by chapter, type, status and sharing, and pages', async () => {
    const own = await makeGame(colleague, { type: MC, name: 'Filter me' });
    const list = (q: string) =>
      call(colleague, 'GET', `/api/games?${q}&max=100`).then(
        (r) => r.json().data.map((g: { id: string }) => g.id) as string[],
      );
    expect(await list(`type=${MC}`)).toContain(own.id);
    expect(await list(`type=${SP}`)).not.toContain(own.id);
    expect(await list(`chapter_id=${chapterId}&game_status=WORK_IN_PROGRESS`)).toContain(own.id);
    expect(await list('game_status=COMPLETED')).not.toContain(own.id);
    const page = await call(colleague, 'GET', '/api/games?max=1&page=0');
    expect(page.json().meta).toMatchObject({ max: 1, page: 0 });
    expect(page.json().meta.total).toBeGreaterThanOrEqual(2);
    expect((await call(colleague, 'GET', '/api/games?game_status=NOPE')).statusCode).toBe(400);
  });
});

describe('activities', () => {
  it('checks the answers against the game’s type, naming what is wrong', async () => {
    const sp = await makeGame(therapist);
    const mc = await makeGame(therapist, { type: MC });
    const refused = async (gameId: string, body: Record<string, unknown>, message: string, field: string) => {
      const res = await call(therapist, 'POST', '/api/activities', { game_id: gameId, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([message]);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    };
    await refused(
      sp.id,
      { answers: sentence('Runs.') },
      'Target sentence: it needs 2 to 15 words (it has 1).',
      'answers.target',
    );
    await refused(
      sp.id,
      { answers: sentence(Array(16).fill('word').join(' ')) },
      'Target sentence: it needs 2 to 15 words (it has 16).',
      'answers.target',
    );
    await refused(
      sp.id,
      { answers: choice(['a', 'b'], 0) },
      'Answers: a sentence practice takes a target sentence and extra tiles, not answer options.',
      'answers',
    );
    await refused(
      mc.id,
      { answers: choice(['Apple', 'Pear'], 0) },
      'Question is required for a multiple choice.',
      'question',
    );
    await refused(
      mc.id,
      { question: 'Which?', answers: choice(['Apple'], 0) },
      'Answers: give 2 to 6 answers.',
      'answers.options',
    );
    await refused(
      mc.id,
      { question: 'Which?', answers: { options: [{ text: 'Apple' }, { text: ' ' }], correct: 0 } },
      'Answer 2 needs a text or a picture.',
      'answers.options.1',
    );
    await refused(
      mc.id,
      { question: 'Which?', answers: choice(['Apple', 'Pear'], 2) },
      'Correct answer: mark exactly one of the answers as correct.',
      'answers.correct',
    );
    const tooMany = await call(therapist, 'POST', '/api/activities', {
      game_id: mc.id,
      question: 'Which?',
      answers: choice(['1', '2', '3', '4', '5', '6', '7'], 0),
    });
    expect(tooMany.statusCode).toBe(400);
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { ...therapist.headers, 'accept-language': 'es' },
      payload: { game_id: sp.id, answers: sentence('Corre.') },
    });
    expect(es.json().errors).toEqual(['Oración objetivo: necesita de 2 a 15 palabras (tiene 1).']);
    const ok = await addActivity(therapist, mc.id, {
      question: 'Which one is the apple?',
      answers: { options: [{ picture: '1f34c' }, { text: 'Apple', picture: '1f34e' }], correct: 1 },
    });
    expect(ok).toMatchObject({ position: 1, answers: { correct: 1 } });
    // Another account's game does not exist for an activity either.
    expect(
      (await call(stranger, 'POST', '/api/activities', { game_id: sp.id, answers: sentence('The dog runs.') }))
        .statusCode,
    ).toBe(400);
    expect((await call(stranger, 'GET', `/api/activities/${ok.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/activities?game_id=${mc.id}`)).json().data).toEqual([]);
  });

  it('keeps positions 1..n through adds, a duplicate, a delete and a reorder', async () => {
    const game = await makeGame(therapist);
    const a = await addActivity(therapist, game.id, { answers: sentence('The boy runs.') });
    const b = await addActivity(therapist, game.id, { answers: sentence('The girl swims.') });
    const c = await addActivity(therapist, game.id, { answers: sentence('The man walks.') });
    const copy = await call(therapist, 'POST', `/api/activities/${a.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId = copy.json().data[0].id as string;
    expect(copy.json().data[0]).toMatchObject({ position: 2, answers: { target: 'The boy runs.' } });
    const order = async () =>
      (await call(therapist, 'GET', `/api/activities?game_id=${game.id}&col=position&order=asc`))
        .json()
        .data.map((x: { id: string; position: number }) => [x.id, x.position]);
    expect(await order()).toEqual([
      [a.id, 1],
      [copyId, 2],
      [b.id, 3],
      [c.id, 4],
    ]);
    expect((await call(therapist, 'DELETE', `/api/activities/${b.id}`)).statusCode).toBe(200);
    const moved = await call(therapist, 'PUT', `/api/games/${game.id}/activities/order`, { ids: [c.id, a.id, copyId] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await order()).toEqual([
      [c.id, 1],
      [a.id, 2],
      [copyId, 3],
    ]);
    expect((await call(therapist, 'GET', `/api/games/${game.id}`)).json().data.activities_count).toBe(3);
  });
});

describe('the life cycle', () => {
  it('completes only a game with activities, then freezes it: its activities, settings and order are refused', async () => {
    const empty = await makeGame(therapist, { name: 'Empty game' });
    const refused = await call(therapist, 'POST', `/api/games/${empty.id}/complete`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      '“Empty game” has no activities yet: add at least one before marking it completed.',
    ]);
    expect((await call(therapist, 'GET', `/api/games/${empty.id}`)).json().data.game_status).toBe('WORK_IN_PROGRESS');

    const game = await makeGame(therapist);
    const a = await addActivity(therapist, game.id, { answers: sentence('The boy runs.') });
    const b = await addActivity(therapist, game.id, { answers: sentence('The girl swims.') });
    const done = await call(therapist, 'POST', `/api/games/${game.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data[0]).toMatchObject({ game_status: 'COMPLETED' });
    expect(done.json().data[0]._actions).toEqual(expect.arrayContaining(['versions']));
    expect(done.json().data[0]._actions).not.toContain('update');
    expect((await call(therapist, 'POST', `/api/games/${game.id}/complete`)).statusCode).toBe(409);
    expect((await call(therapist, 'POST', `/api/games/${game.id}/versions`)).statusCode).toBe(200);
    expect(
      (
        await call(therapist, 'PUT', `/api/activities/${a.id}`, {
          game_id: game.id,
          answers: sentence('The boy walks.'),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(therapist, 'POST', '/api/activities', { game_id: game.id, answers: sentence('The dog runs.') }))
        .statusCode,
    ).toBe(409);
    expect((await call(therapist, 'DELETE', `/api/activities/${a.id}`)).statusCode).toBe(403);
    expect((await call(therapist, 'POST', `/api/activities/${a.id}/duplicate`)).statusCode).toBe(409);
    // What the screens offer says the same: the activity is read only now.
    expect((await call(therapist, 'GET', `/api/activities/${a.id}`)).json().data._actions).toEqual(['read']);
    expect(
      (await call(therapist, 'PUT', `/api/games/${game.id}/activities/order`, { ids: [b.id, a.id] })).statusCode,
    ).toBe(409);
    expect((await call(therapist, 'PUT', `/api/games/${game.id}`, { name: 'Changed', type: SP })).statusCode).toBe(403);
    // Completing several is all or nothing: one without activities stops them all.
    const other = await makeGame(therapist);
    await addActivity(therapist, other.id, { answers: sentence('The cat sleeps.') });
    const bulk = await call(therapist, 'POST', '/api/games/complete', { ids: [other.id, empty.id] });
    expect(bulk.statusCode).toBe(400);
    expect((await call(therapist, 'GET', `/api/games/${other.id}`)).json().data.game_status).toBe('WORK_IN_PROGRESS');
    expect((await call(therapist, 'POST', '/api/games/complete', { ids: [] })).json().errors).toEqual([
      'Please, select items to proccede.',
    ]);
  });

  it('makes a new version of a completed game with its activities and keeps the history; a work in progress gets none', async () => {
    const wip = await makeGame(therapist);
    const refused = await call(therapist, 'POST', `/api/games/${wip.id}/versions`);
    expect(refused.statusCode).toBe(409);
    const first = await completedGame(therapist, 3);
    const v2 = await call(therapist, 'POST', `/api/games/${first.id}/versions`);
    expect(v2.statusCode, v2.body).toBe(200);
    const second = v2.json().data[0];
    expect(second).toMatchObject({
      game_status: 'WORK_IN_PROGRESS',
      version: 2,
      origin_id: first.id,
      activities_count: 3,
      name: first.name,
    });
    expect(second.id).not.toBe(first.id);
    const copied = (await call(therapist, 'GET', `/api/activities?game_id=${second.id}&col=position&order=asc`)).json()
      .data;
    expect(copied.map((x: { answers: { target: string } }) => x.answers.target)).toEqual([
      'The dog runs 0.',
      'The dog runs 1.',
      'The dog runs 2.',
    ]);
    // The first version is untouched and listed with the later ones.
    expect((await call(therapist, 'GET', `/api/games/${first.id}`)).json().data).toMatchObject({
      game_status: 'COMPLETED',
      version: 1,
    });
    await addActivity(therapist, second.id, { answers: sentence('A new one here.') });
    await call(therapist, 'POST', `/api/games/${second.id}/complete`);
    const v3 = (await call(therapist, 'POST', `/api/games/${second.id}/versions`)).json().data[0];
    expect(v3).toMatchObject({ version: 3, origin_id: first.id, activities_count: 4 });
    const history = (await call(therapist, 'GET', `/api/games?origin_id=${first.id}&col=version&order=asc`)).json()
      .data;
    expect(history.map((g: { version: number }) => g.version)).toEqual([2, 3]);
    const audit = await t.database.pool.query(
      "SELECT action FROM audit_log WHERE entity = 'games' AND entity_id = $1 ORDER BY at, created_at",
      [first.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'complete', 'versions']);
  });

  it('duplicates a game one sees into one’s own work in progress, and an activity right after itself', async () => {
    const library = await completedGame(editor, 2);
    const dup = await call(therapist, 'POST', `/api/games/${library.id}/duplicate`);
    expect(dup.statusCode, dup.body).toBe(200);
    expect(dup.json().data[0]).toMatchObject({
      name: `${String(library.name)} (copy)`,
      account_id: therapist.user.accountId,
      game_status: 'WORK_IN_PROGRESS',
      is_private: true,
      activities_count: 2,
    });
    expect(dup.json().data[0].created_by).toBe(therapist.user.id);
  });

  it('collects a library game or a colleague’s shared game; another’s private game does not exist; one’s own is refused', async () => {
    const library = await completedGame(editor, 2);
    const got = await call(therapist, 'POST', `/api/games/${library.id}/collect`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data[0]).toMatchObject({
      share_status: 'COLLECTED',
      origin_id: library.id,
      account_id: therapist.user.accountId,
      is_private: true,
      game_status: 'COMPLETED',
      activities_count: 2,
    });
    expect(got.json().message).toBe('The game was collected into your games.');

    const privateOne = await completedGame(colleague, 1);
    expect((await call(therapist, 'POST', `/api/games/${privateOne.id}/collect`)).statusCode).toBe(404);
    await call(colleague, 'POST', `/api/games/${privateOne.id}/share`);
    expect((await call(therapist, 'POST', `/api/games/${privateOne.id}/collect`)).statusCode).toBe(200);
    expect((await call(colleague, 'POST', `/api/games/${privateOne.id}/collect`)).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/api/games/${library.id}/collect`)).statusCode).toBe(403);
  });
});

describe('chapter totals', () => {
  it('count the library’s live games of a chapter and their activities, up to the level', async () => {
    const level = (await call(editor, 'POST', '/api/levels', { name: 'Totals level', slug: 'totals-level' })).json()
      .data;
    const chapter = (await call(editor, 'POST', '/api/chapters', { name: 'Totals chapter', level_id: level.id })).json()
      .data;
    const totals = async () => {
      const c = (await call(editor, 'GET', `/api/chapters/${chapter.id}`)).json().data;
      const l = (await call(editor, 'GET', `/api/levels/${level.id}`)).json().data;
      return [c.games_count, c.activities_count, l.games_count, l.activities_count];
    };
    expect(await totals()).toEqual([0, 0, 0, 0]);
    const g1 = await completedGame(editor, 3, { chapter_id: chapter.id });
    const g2 = await makeGame(editor, { chapter_id: chapter.id });
    await addActivity(editor, g2.id, { answers: sentence('The sun is hot.') });
    // An account's game in the same chapter is not part of the shared totals.
    await completedGame(therapist, 2, { chapter_id: chapter.id });
    expect(await totals()).toEqual([2, 4, 2, 4]);
    await call(editor, 'DELETE', `/api/games/${g1.id}`);
    expect(await totals()).toEqual([1, 1, 1, 1]);
    await call(editor, 'POST', `/api/games/${g1.id}/restore`);
    expect(await totals()).toEqual([2, 4, 2, 4]);
  });
});
