import { DEFAULT_APP_CONFIGURATION } from '@habla/shared';
import { shuffleTiles, type ScoringRules } from '@habla/shared/play';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import sharp from 'sharp';
import { login, loginAs } from '../../../test/factories';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { seedDemoPlay } from '../../db/seed/demo-play';
import { seedStarterLibrary } from '../../db/seed/starter/index';
import { multipartBody } from '../../../test/multipart';

/**
 * Assign, play and score: the frozen copy, the answer key never in a player payload
 * before an activity is over, scoring 10/1/0 and with other rules, a repeated try counted once,
 * points from the client ignored, max attempts, expiry, unassign, and another student's or another
 * account's rows answering 404.
 */
let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let editor: Who,
  superadmin: Who,
  accountAdmin: Who,
  therapist: Who,
  student: Who,
  student2: Who,
  strangerAdmin: Who,
  strangerStudent: Who;
let sentenceGame: string;
let choiceGame: string;
const SP = 'sentence_practice';
const MC = 'multiple_choice_answers';

function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A completed library game with these activities' answers. */
async function libraryGame(type: string, answers: Record<string, unknown>[], question?: string): Promise<string> {
  const game = await call(editor, 'POST', '/api/games', {
    name: `Game ${Math.random().toString(36).slice(2, 7)}`,
    type,
  });
  expect(game.statusCode, game.body).toBe(201);
  const id = game.json().data.id as string;
  for (const a of answers)
    expect(
      (await call(editor, 'POST', '/api/activities', { game_id: id, answers: a, question: question ?? null }))
        .statusCode,
    ).toBe(201);
  expect((await call(editor, 'POST', `/api/games/${id}/complete`)).statusCode).toBe(200);
  return id;
}

const freshSentence = () =>
  libraryGame(SP, [
    { target: 'The girl ate an apple.', distractors: ['eated'] },
    { target: 'He went home.', distractors: [] },
  ]);
const freshChoice = () =>
  libraryGame(
    MC,
    [
      { options: [{ text: 'apple' }, { text: 'dog' }, { text: 'car' }], correct: 0 },
      { options: [{ text: 'red' }, { text: 'blue' }], correct: 1 },
    ],
    'Which one?',
  );

let tryNo = 0;
const tryId = () => `try-${Date.now().toString(36)}-${(tryNo++).toString(36)}`;

async function assign(who: Who, gameIds: string[], studentIds: string[], extra: Record<string, unknown> = {}) {
  return call(who, 'POST', '/api/games/assign', { game_ids: gameIds, student_ids: studentIds, ...extra });
}
async function start(who: Who, assignmentId: string) {
  const res = await call(who, 'POST', `/api/player/games/${assignmentId}/sessions`);
  return res;
}
type Activity = {
  id: string;
  position: number;
  kind: string;
  tiles?: string[];
  answers?: unknown[];
  tries: unknown[];
  tries_left: number;
  done: boolean;
  correct_answer?: unknown;
};
async function play(
  who: Who,
  sessionId: string,
  activityId: string,
  answer: unknown,
  id = tryId(),
  extra: Record<string, unknown> = {},
) {
  return call(who, 'POST', `/api/player/sessions/${sessionId}/tries`, {
    activity_id: activityId,
    answer,
    client_try_id: id,
    elapsed_ms: 1500,
    ...extra,
  });
}

/** Every key path of a JSON value, objects' keys joined by dots and array items as `[]`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => [`${prefix}[]`, ...keyPaths(v, `${prefix}[]`)]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => {
      const path = prefix ? `${prefix}.${k}` : k;
      return [path, ...keyPaths(v, path)];
    });
  return [];
}
const pathsOf = (value: unknown) => [...new Set(keyPaths(value))].sort();
const sorted = (paths: string[]) => [...paths].sort();

/**
 * The keys a player payload may carry, at every depth (docs/product.md §9, decision 017): written out
 * whole, so that any key added to what a student or a preview receives (an answer key under any
 * name) fails here. A session, then each activity by its kind and whether it was tried or is over.
 */
const SESSION_KEYS = [
  'id',
  'status',
  'attempt',
  'points',
  'total_right',
  'total_wrong',
  'score',
  'passed',
  'game',
  'game.assignment_id',
  'game.name',
  'game.type',
  'game.max_attempts',
  'game.attempts',
  'game.end_time',
  'rules',
  'rules.show_progress_bar',
  'rules.show_failed_attemps',
  'rules.min_rate',
  'rules.point_first_try',
  'activities',
];
const ACTIVITY_KEYS = ['id', 'position', 'kind', 'picture', 'audio', 'tries', 'tries_left', 'done', 'points'];
const SENTENCE_KEYS = ['prompt', 'tiles', 'tiles[]'];
const CHOICE_KEYS = ['question', 'answers', 'answers[]', 'answers[].text', 'answers[].picture', 'answers[].alt'];
const TRIED_KEYS = ['tries[]', 'tries[].correct', 'tries[].points'];
const OVER_KEYS = {
  sentence: ['correct_answer', 'correct_answer.words', 'correct_answer.words[]'],
  choice: ['correct_answer', 'correct_answer.index'],
};
const TRY_KEYS = [
  'correct',
  'points',
  'try_number',
  'tries_left',
  'done',
  'all_done',
  'repeated',
  'session',
  'session.points',
  'session.total_right',
  'session.total_wrong',
];
const PREVIEW_TRY_KEYS = ['correct', 'points', 'try_number', 'tries_left', 'done', 'preview'];
const CARD_KEYS = [
  'id',
  'name',
  'type',
  'activities_count',
  'picture',
  'state',
  'expiring_soon',
  'attempts',
  'max_attempts',
  'best_score',
  'end_time',
  'session_id',
];

/** A session as the player (or, with `preview`, the preview) receives it carries these keys and no other. */
function expectPlayerKeys(session: { activities: Activity[] }, preview = false) {
  expect(pathsOf({ ...session, activities: [] })).toEqual(sorted([...SESSION_KEYS, ...(preview ? ['preview'] : [])]));
  expect(session.activities.length).toBeGreaterThan(0);
  for (const a of session.activities) {
    const kind = a.kind === 'sentence' ? 'sentence' : 'choice';
    const want = [
      ...ACTIVITY_KEYS,
      ...(kind === 'sentence' ? SENTENCE_KEYS : CHOICE_KEYS),
      ...(a.tries.length ? TRIED_KEYS : []),
      ...(a.done ? OVER_KEYS[kind] : []),
    ];
    expect(pathsOf(a), `activity ${a.position} (${kind}${a.done ? ', over' : ''})`).toEqual(sorted(want));
  }
}
/** A try's answer: its result, and the right answer only once the activity is over. */
function expectTryKeys(
  result: { done: boolean; correct_answer?: unknown },
  kind: 'sentence' | 'choice',
  preview = false,
) {
  expect(pathsOf(result)).toEqual(
    sorted([...(preview ? PREVIEW_TRY_KEYS : TRY_KEYS), ...(result.done ? OVER_KEYS[kind] : [])]),
  );
}

/** A tile or word without the punctuation at its ends, lower-cased: written here, not taken from the code. */
function bare(w: string): string {
  // Punctuation trimmed from both ends by walking (a regex anchored at the end only would scan back from every
  // position).
  const c = Array.from(w.toLowerCase());
  const isWord = (x: string) => /[\p{L}\p{N}]/u.test(x);
  while (c.length && !isWord(c[0]!)) c.shift();
  while (c.length && !isWord(c.at(-1)!)) c.pop();
  return c.join('');
}

/** Whether the target's words can be read in order along the tiles (the others skipped): the answer handed over. */
function readsInOrder(tiles: readonly string[], target: string): boolean {
  const want = target.split(' ').map(bare);
  let i = 0;
  for (const tile of tiles) if (i < want.length && bare(tile) === want[i]) i++;
  return i === want.length;
}

/** Run `work` with the MLA configuration changed, and put back what it was whatever happens. */
async function withScoring(
  changes: Partial<ScoringRules & { show_progress_bar: boolean; show_failed_attemps: boolean }>,
  work: () => Promise<void>,
): Promise<void> {
  const before = (await call(superadmin, 'GET', '/api/app-configuration/MLA')).json().data as Record<
    keyof typeof DEFAULT_APP_CONFIGURATION,
    unknown
  >;
  const stored = Object.fromEntries(
    (Object.keys(DEFAULT_APP_CONFIGURATION) as (keyof typeof DEFAULT_APP_CONFIGURATION)[]).map((k) => [k, before[k]]),
  );
  const changed = await call(superadmin, 'PUT', '/api/app-configuration/MLA', { ...stored, ...changes });
  expect(changed.statusCode, changed.body).toBe(200);
  try {
    await work();
  } finally {
    expect((await call(superadmin, 'PUT', '/api/app-configuration/MLA', stored)).statusCode).toBe(200);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  editor = await loginAs(t.app, 'EDITOR');
  superadmin = await loginAs(t.app, 'SUPERADMIN');
  accountAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  const accountId = accountAdmin.user.accountId;
  therapist = await loginAs(t.app, 'THERAPIST', { accountId });
  student = await loginAs(t.app, 'STUDENT', { accountId });
  student2 = await loginAs(t.app, 'STUDENT', { accountId });
  strangerAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  strangerStudent = await loginAs(t.app, 'STUDENT', { accountId: strangerAdmin.user.accountId });
  sentenceGame = await libraryGame(SP, [
    { target: 'The girl ate an apple.', distractors: ['eated'] },
    { target: 'He went home.', distractors: [] },
  ]);
  choiceGame = await libraryGame(
    MC,
    [
      { options: [{ text: 'apple' }, { text: 'dog' }, { text: 'car' }], correct: 0 },
      { options: [{ text: 'red' }, { text: 'blue' }], correct: 1 },
    ],
    'Which one?',
  );
});

describe('assigning', () => {
  it('gives each student a frozen copy with an end time of game_expiration days; the same open game is not assigned twice', async () => {
    const res = await assign(accountAdmin, [sentenceGame, choiceGame], [student.user.id]);
    expect(res.statusCode, res.body).toBe(201);
    const { assigned, skipped } = res.json().data as { assigned: Record<string, unknown>[]; skipped: number };
    expect(skipped).toBe(0);
    expect(assigned).toHaveLength(2);
    const a = assigned.find((x) => x.game_id === sentenceGame)!;
    expect(a).toMatchObject({
      student_id: student.user.id,
      assign_status: 'ASSIGNED',
      attempts: 0,
      max_attempts: 1,
      activities_count: 2,
    });
    expect(new Date(String(a.end_time)).getTime() - new Date(String(a.start_time)).getTime()).toBe(
      DEFAULT_APP_CONFIGURATION.game_expiration * 86_400_000,
    );
    expect(JSON.stringify(assigned)).not.toContain('The girl ate an apple');
    const again = await assign(accountAdmin, [sentenceGame], [student.user.id]);
    expect(again.json().data).toMatchObject({ assigned: [], skipped: 1 });
  });

  it('refuses a game still being built (409), and a student or game out of scope (404)', async () => {
    const wip = (await call(editor, 'POST', '/api/games', { name: 'Draft', type: SP })).json().data.id as string;
    const res = await assign(accountAdmin, [wip], [student.user.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.game_ids).toMatch(/work in progress/);
    expect((await assign(accountAdmin, [sentenceGame], [strangerStudent.user.id])).statusCode).toBe(404);
    // A therapist assigns only to the students of their caseload (a student of this test's own, so
    // that no other test's student joins the caseload).
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    expect((await assign(therapist, [choiceGame], [kid.user.id])).statusCode).toBe(404);
    await t.database.pool.query('UPDATE users SET created_by = $1 WHERE id = $2', [therapist.user.id, kid.user.id]);
    expect((await assign(therapist, [choiceGame], [kid.user.id])).statusCode).toBe(201);
    // An account's private game is nobody else's to assign.
    const theirs = (await call(strangerAdmin, 'POST', '/api/games', { name: 'Theirs', type: MC })).json().data
      .id as string;
    expect((await assign(accountAdmin, [theirs], [student.user.id])).statusCode).toBe(404);
    expect((await assign(student, [sentenceGame], [student.user.id])).statusCode).toBe(403);
    expect(
      (await assign(accountAdmin, [sentenceGame], [student.user.id], { end_time: '2001-01-01T00:00:00Z' })).statusCode,
    ).toBe(400);
  });
});

describe('playing', () => {
  it('never sends the answer key before an activity is over, scores 10 / 1 / 0, counts a repeated try once, ignores points sent by the client', async () => {
    const fresh = (await assign(accountAdmin, [sentenceGame], [student2.user.id])).json().data.assigned[0].id as string;
    const cards = (await call(student2, 'GET', '/api/player/games')).json().data as { id: string; state: string }[];
    expect(cards.find((c) => c.id === fresh)?.state).toBe('new');
    for (const card of cards) expect(pathsOf(card)).toEqual(sorted(CARD_KEYS));
    const session = (await start(student2, fresh)).json().data as {
      id: string;
      status: string;
      activities: Activity[];
    };
    expect(session.status).toBe('NEW');
    expectPlayerKeys(session);
    expect(JSON.stringify(session)).not.toContain('The girl ate an apple');
    const [first, second] = session.activities as [Activity, Activity];
    expect([...first.tiles!].sort()).toEqual(['The', 'an', 'apple', 'ate', 'eated', 'girl'].sort());
    expect(readsInOrder(first.tiles!, 'The girl ate an apple.')).toBe(false);

    // First activity: wrong, then right (second try: 1 point).
    const wrong = await play(
      student2,
      session.id,
      first.id,
      { words: ['The', 'girl', 'eated', 'an', 'apple'] },
      'wrong-try-001',
      { points: 999, correct: true },
    );
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json().data).toMatchObject({ correct: false, points: 0, tries_left: 2, done: false });
    expectTryKeys(wrong.json().data, 'sentence');
    const right = await play(
      student2,
      session.id,
      first.id,
      { words: ['The', 'girl', 'ate', 'an', 'apple'] },
      'right-try-002',
    );
    expectTryKeys(right.json().data, 'sentence');
    expect(right.json().data).toMatchObject({
      correct: true,
      points: 1,
      tries_left: 0,
      done: true,
      correct_answer: { words: ['The', 'girl', 'ate', 'an', 'apple.'] },
    });
    // The same try sent again (a lost answer, a reconnect) counts once and answers the same.
    const resent = await play(
      student2,
      session.id,
      first.id,
      { words: ['The', 'girl', 'ate', 'an', 'apple'] },
      'right-try-002',
    );
    expect(resent.json().data).toMatchObject({
      correct: true,
      points: 1,
      repeated: true,
      session: { points: 1, total_right: 1, total_wrong: 1 },
    });
    // Over: no fourth try.
    expect((await play(student2, session.id, first.id, { words: ['The'] })).statusCode).toBe(409);
    // Second activity: right at once (10); a multiple-choice answer does not fit a sentence (400).
    expect((await play(student2, session.id, second.id, { index: 1 })).statusCode).toBe(400);
    const best = await play(student2, session.id, second.id, { words: ['he', 'went', 'home'] });
    expect(best.json().data).toMatchObject({ correct: true, points: 10, all_done: true, session: { points: 11 } });

    // A reload resumes the same session, with what was played.
    const resumed = (await start(student2, fresh)).json().data as { id: string; activities: Activity[] };
    expect(resumed.id).toBe(session.id);
    expect(resumed.activities.map((a) => a.done)).toEqual([true, true]);
    expectPlayerKeys(resumed);

    const done = await call(student2, 'POST', `/api/player/sessions/${session.id}/finish`);
    expect(done.statusCode, done.body).toBe(200);
    // 11 points of 2 × 10: 55 %, passed at 50 %.
    expect(done.json().data).toMatchObject({
      status: 'COMPLETED',
      points: 11,
      score: 55,
      passed: true,
      total_right: 2,
      total_wrong: 1,
    });
    const listed = (
      await call(accountAdmin, 'GET', `/api/assignments?student_id=${student2.user.id}&game_id=${sentenceGame}`)
    ).json().data as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ assign_status: 'PLAYED', last_score: 55, best_score: 55, attempts: 1 });
    // One attempt allowed: no second session.
    const more = await start(student2, fresh);
    expect(more.statusCode).toBe(409);
    expect(more.json().errors[0]).toMatch(/no tries left/);
  });

  it('answers each try and sends the whole session as the player shows it: activities by position, each with only its own tries in try order, the right answer once over', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const targets: [string, string[]][] = [
      ['We saw a big brown bird today.', ['seen']],
      ['He went home.', []],
      // Typed with two spaces: its right answer shows each word once.
      ['Dogs  bark loudly.', ['cats']],
    ];
    // The second activity is stored without distractors at all.
    const game = await libraryGame(
      SP,
      targets.map(([target, distractors]) => (distractors.length ? { target, distractors } : { target })),
    );
    const [A1, A2, A3] = (
      await t.database.pool.query('SELECT id FROM activities WHERE game_id = $1 ORDER BY position', [game])
    ).rows.map((r: { id: string }) => r.id) as [string, string, string];
    // Rules stored with both display flags on and 3 points at the second try: the session shows and scores by them.
    let assigned: { id: string; name: string; end_time: string } = { id: '', name: '', end_time: '' };
    await withScoring({ point_second_try: 3, show_progress_bar: true, show_failed_attemps: true }, async () => {
      assigned = (await assign(accountAdmin, [game], [kid.user.id])).json().data.assigned[0];
    });
    const s = (await start(kid, assigned.id)).json().data as { id: string };
    const words = (i: number) => targets[i]![0].split(/ +/);
    const tiles = (i: number, id: string) => shuffleTiles(targets[i]![0], targets[i]![1], `${s.id}:${id}`);
    const activity = (i: number, id: string) => ({
      id,
      position: i + 1,
      kind: 'sentence',
      prompt: null,
      picture: null,
      audio: null,
      tiles: tiles(i, id),
    });
    const header = {
      id: s.id,
      attempt: 1,
      game: {
        assignment_id: assigned.id,
        name: assigned.name,
        type: SP,
        max_attempts: 1,
        attempts: 1,
        end_time: assigned.end_time,
      },
      rules: { show_progress_bar: true, show_failed_attemps: true, min_rate: 50, point_first_try: 10 },
    };
    expect(s).toEqual({
      ...header,
      status: 'NEW',
      points: 0,
      total_right: 0,
      total_wrong: 0,
      score: null,
      passed: null,
      activities: [A1, A2, A3].map((id, i) => ({
        ...activity(i, id),
        tries: [],
        tries_left: 3,
        done: false,
        points: 0,
      })),
    });

    // Each try answers as of itself: its activity's tries so far, whether every activity is over, the session's totals.
    const k = [tryId(), tryId(), tryId(), tryId(), tryId(), tryId()];
    const answer = async (act: string, w: string[], id: string) => {
      const res = await play(kid, s.id, act, { words: w }, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Record<string, unknown>;
    };
    const result = (o: Record<string, unknown>, session: [number, number, number], repeated = false) => ({
      ...o,
      session: { points: session[0], total_right: session[1], total_wrong: session[2] },
      repeated,
    });
    expect(await answer(A2, ['went', 'He'], k[0]!)).toEqual(
      result({ correct: false, points: 0, try_number: 1, tries_left: 2, done: false, all_done: false }, [0, 0, 1]),
    );
    expect(await answer(A1, ['saw', 'We'], k[1]!)).toEqual(
      result({ correct: false, points: 0, try_number: 1, tries_left: 2, done: false, all_done: false }, [0, 0, 2]),
    );
    expect(await answer(A1, words(0), k[2]!)).toEqual(
      result(
        {
          correct: true,
          points: 3,
          try_number: 2,
          tries_left: 0,
          done: true,
          correct_answer: { words: words(0) },
          all_done: false,
        },
        [3, 1, 2],
      ),
    );
    // Two activities right, one untried: not all done.
    expect(await answer(A3, words(2), k[3]!)).toEqual(
      result(
        {
          correct: true,
          points: 10,
          try_number: 1,
          tries_left: 0,
          done: true,
          correct_answer: { words: words(2) },
          all_done: false,
        },
        [13, 2, 2],
      ),
    );
    // The first wrong try sent again answers what it answered then, with the session's totals of now.
    expect(await answer(A1, ['saw', 'We'], k[1]!)).toEqual(
      result(
        { correct: false, points: 0, try_number: 1, tries_left: 2, done: false, all_done: false },
        [13, 2, 2],
        true,
      ),
    );
    expect(await answer(A2, ['He'], k[4]!)).toEqual(
      result({ correct: false, points: 0, try_number: 2, tries_left: 1, done: false, all_done: false }, [13, 2, 3]),
    );
    expect(await answer(A2, ['home', 'He'], k[5]!)).toEqual(
      result(
        {
          correct: false,
          points: 0,
          try_number: 3,
          tries_left: 0,
          done: true,
          correct_answer: { words: words(1) },
          all_done: true,
        },
        [13, 2, 4],
      ),
    );
    // A try of the third activity sent again shows that activity's right answer.
    expect(await answer(A3, words(2), k[3]!)).toEqual(
      result(
        {
          correct: true,
          points: 10,
          try_number: 1,
          tries_left: 0,
          done: true,
          correct_answer: { words: words(2) },
          all_done: true,
        },
        [13, 2, 4],
        true,
      ),
    );

    // A try id already used for another activity, an activity already over, one not in the game: refused, naming the
    // field.
    const reused = await play(kid, s.id, A1, { words: ['We'] }, k[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toEqual({ client_try_id: expect.stringMatching(/already used for another activity/) });
    const over = await play(kid, s.id, A1, { words: ['We'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual(['This activity is already over: go on to the next one.']);
    const unknown = await play(kid, s.id, '00000000-0000-4000-8000-000000000000', { words: ['We'] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().fields).toEqual({ activity_id: expect.stringMatching(/this activity is not in this game/) });

    // PostgreSQL returns rows without ORDER BY in no set order: the frozen copy stored last position
    // first, and the first try written again (it comes back after later ones), are still shown in order.
    await t.database.pool.query(
      `UPDATE assignments SET activities = (SELECT jsonb_agg(e ORDER BY (e->>'position')::int DESC) FROM jsonb_array_elements(activities) e) WHERE id = $1`,
      [assigned.id],
    );
    const moved = (await t.database.pool.query('DELETE FROM game_tries WHERE client_try_id = $1 RETURNING *', [k[1]]))
      .rows[0] as Record<string, unknown>;
    await t.database.pool.query('INSERT INTO game_tries SELECT * FROM json_populate_record(NULL::game_tries, $1)', [
      JSON.stringify(moved),
    ]);
    const played = [
      {
        tries: [false, true].map((c) => ({ correct: c, points: c ? 3 : 0 })),
        tries_left: 0,
        done: true,
        points: 3,
        correct_answer: { words: words(0) },
      },
      {
        tries: [0, 0, 0].map(() => ({ correct: false, points: 0 })),
        tries_left: 0,
        done: true,
        points: 0,
        correct_answer: { words: words(1) },
      },
      {
        tries: [{ correct: true, points: 10 }],
        tries_left: 0,
        done: true,
        points: 10,
        correct_answer: { words: words(2) },
      },
    ];
    const whole = {
      ...header,
      points: 13,
      total_right: 2,
      total_wrong: 4,
      activities: [A1, A2, A3].map((id, i) => ({ ...activity(i, id), ...played[i] })),
    };
    expect((await start(kid, assigned.id)).json().data).toEqual({
      ...whole,
      status: 'PLAYING',
      score: null,
      passed: null,
    });

    // Finished: 13 of 30 points, 43.3 %, not passed; finishing again answers the same; no try after it.
    const finished = await call(kid, 'POST', `/api/player/sessions/${s.id}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data).toEqual({ ...whole, status: 'COMPLETED', score: 43.3, passed: false });
    const again = await call(kid, 'POST', `/api/player/sessions/${s.id}/finish`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(finished.json().data);
    const late = await play(kid, s.id, A2, { words: ['He'] });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual(['This game is over. Open it again from your games.']);
  });

  it('sends a multiple-choice session with its question and answers, the tries left of an activity tried, and the right answer only of one over', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const game = await freshChoice();
    const [Q1, Q2] = (
      await t.database.pool.query('SELECT id FROM activities WHERE game_id = $1 ORDER BY position', [game])
    ).rows.map((r: { id: string }) => r.id) as [string, string];
    const assigned = (await assign(accountAdmin, [game], [kid.user.id])).json().data.assigned[0] as {
      id: string;
      name: string;
      end_time: string;
    };
    const s = (await start(kid, assigned.id)).json().data as { id: string };
    const wrong = await play(kid, s.id, Q1, { index: 1 });
    expect(wrong.json().data).toEqual({
      correct: false,
      points: 0,
      try_number: 1,
      tries_left: 2,
      done: false,
      all_done: false,
      session: { points: 0, total_right: 0, total_wrong: 1 },
      repeated: false,
    });
    const right = await play(kid, s.id, Q2, { index: 1 });
    expect(right.json().data).toEqual({
      correct: true,
      points: 10,
      try_number: 1,
      tries_left: 0,
      done: true,
      correct_answer: { index: 1 },
      all_done: false,
      session: { points: 10, total_right: 1, total_wrong: 1 },
      repeated: false,
    });
    const choice = (text: string) => ({ text, picture: null, alt: null });
    expect((await start(kid, assigned.id)).json().data).toEqual({
      id: s.id,
      status: 'PLAYING',
      attempt: 1,
      points: 10,
      total_right: 1,
      total_wrong: 1,
      score: null,
      passed: null,
      game: {
        assignment_id: assigned.id,
        name: assigned.name,
        type: MC,
        max_attempts: 1,
        attempts: 1,
        end_time: assigned.end_time,
      },
      rules: { show_progress_bar: false, show_failed_attemps: false, min_rate: 50, point_first_try: 10 },
      activities: [
        {
          id: Q1,
          position: 1,
          kind: 'choice',
          question: 'Which one?',
          picture: null,
          audio: null,
          answers: ['apple', 'dog', 'car'].map(choice),
          tries: [{ correct: false, points: 0 }],
          tries_left: 2,
          done: false,
          points: 0,
        },
        {
          id: Q2,
          position: 2,
          kind: 'choice',
          question: 'Which one?',
          picture: null,
          audio: null,
          answers: ['red', 'blue'].map(choice),
          tries: [{ correct: true, points: 10 }],
          tries_left: 0,
          done: true,
          points: 10,
          correct_answer: { index: 1 },
        },
      ],
    });
  });

  it('uses the rules of the day the game was assigned: 5 / 3 / 1 and a pass mark of 80 %', async () => {
    const game = await freshChoice();
    const oldId = (await assign(accountAdmin, [game], [student.user.id], { max_attempts: 2 })).json().data.assigned[0]
      .id as string;
    let fresh = '';
    await withScoring({ point_first_try: 5, point_second_try: 3, point_third_try: 1, min_rate: 80 }, async () => {
      fresh = (await assign(accountAdmin, [game], [student2.user.id], { max_attempts: 2 })).json().data.assigned[0]
        .id as string;
    });

    const s = (await start(student2, fresh)).json().data as {
      id: string;
      activities: Activity[];
      rules: { min_rate: number };
    };
    expectPlayerKeys(s);
    expect(s.rules.min_rate).toBe(80);
    const [a1, a2] = s.activities as [Activity, Activity];
    // Third try right: 1 point; the right answer shown after it.
    expect((await play(student2, s.id, a1.id, { index: 1 })).json().data).toMatchObject({
      correct: false,
      tries_left: 2,
    });
    expect((await play(student2, s.id, a1.id, { index: 2 })).json().data).toMatchObject({
      correct: false,
      tries_left: 1,
    });
    const third = (await play(student2, s.id, a1.id, { index: 0 })).json().data;
    expect(third).toMatchObject({ correct: true, points: 1, done: true, correct_answer: { index: 0 } });
    expectTryKeys(third, 'choice');
    // First try right: 5.
    expect((await play(student2, s.id, a2.id, { index: 1 })).json().data).toMatchObject({ correct: true, points: 5 });
    const done = (await call(student2, 'POST', `/api/player/sessions/${s.id}/finish`)).json().data;
    // 6 points of 2 × 5 = 60 %: below 80 %, not passed.
    expect(done).toMatchObject({ points: 6, score: 60, passed: false });

    // The assignment made before the change keeps 10 / 1 / 0 and 50 %.
    const old = (await start(student, oldId)).json().data as { id: string; activities: Activity[] };
    for (const a of old.activities) {
      const res = (await play(student, old.id, a.id, { index: a.id === old.activities[0]!.id ? 0 : 1 })).json().data;
      expect(res.points).toBe(10);
    }
    expect((await call(student, 'POST', `/api/player/sessions/${old.id}/finish`)).json().data).toMatchObject({
      score: 100,
      passed: true,
    });
  });

  it('grades every try against the frozen copy: the live game’s answer changed after assigning is wrong, the copy’s is right', async () => {
    const sentence = await libraryGame(SP, [{ target: 'We saw a big bird.', distractors: [] }]);
    const choice = await libraryGame(
      MC,
      [{ options: [{ text: 'apple' }, { text: 'dog' }, { text: 'car' }], correct: 0 }],
      'Which one is a fruit?',
    );
    const ids = (await assign(accountAdmin, [sentence, choice], [student.user.id])).json().data.assigned as {
      id: string;
      game_id: string;
    }[];
    // The live games change after the assignment: the same tiles in another order, another right answer.
    await t.database.pool.query(
      `UPDATE activities SET answers = '{"target": "A big bird saw we.", "distractors": []}' WHERE game_id = $1`,
      [sentence],
    );
    await t.database.pool.query(
      `UPDATE activities SET answers = jsonb_set(answers, '{correct}', '2') WHERE game_id = $1`,
      [choice],
    );

    const s1 = (await start(student, ids.find((x) => x.game_id === sentence)!.id)).json().data as {
      id: string;
      activities: Activity[];
    };
    expect([...s1.activities[0]!.tiles!].sort()).toEqual(['We', 'a', 'big', 'bird', 'saw']);
    const live = await play(student, s1.id, s1.activities[0]!.id, { words: ['A', 'big', 'bird', 'saw', 'we'] });
    expect(live.json().data).toMatchObject({ correct: false, points: 0, tries_left: 2 });
    const frozen = await play(student, s1.id, s1.activities[0]!.id, { words: ['We', 'saw', 'a', 'big', 'bird'] });
    expect(frozen.json().data).toMatchObject({
      correct: true,
      points: 1,
      done: true,
      correct_answer: { words: ['We', 'saw', 'a', 'big', 'bird.'] },
    });

    const s2 = (await start(student, ids.find((x) => x.game_id === choice)!.id)).json().data as {
      id: string;
      activities: Activity[];
    };
    expect((await play(student, s2.id, s2.activities[0]!.id, { index: 2 })).json().data).toMatchObject({
      correct: false,
      points: 0,
      tries_left: 2,
    });
    expect((await play(student, s2.id, s2.activities[0]!.id, { index: 0 })).json().data).toMatchObject({
      correct: true,
      points: 1,
      correct_answer: { index: 0 },
    });
  });

  it('keeps playing the frozen copy when the game goes, and all three tries of a wrong activity score 0', async () => {
    const source = await libraryGame(SP, [{ target: 'We saw a big bird.', distractors: [] }]);
    const id = (await assign(accountAdmin, [source], [student.user.id])).json().data.assigned[0].id as string;
    expect((await call(editor, 'DELETE', `/api/games/${source}`)).statusCode).toBe(200);
    const s = (await start(student, id)).json().data as { id: string; activities: Activity[] };
    expect([...s.activities[0]!.tiles!].sort()).toEqual(['We', 'a', 'big', 'bird', 'saw']);
    for (let i = 0; i < 3; i++) await play(student, s.id, s.activities[0]!.id, { words: ['bird', 'We'] });
    expect((await call(student, 'POST', `/api/player/sessions/${s.id}/finish`)).json().data).toMatchObject({
      points: 0,
      score: 0,
      passed: false,
      total_wrong: 3,
    });
  });

  it('refuses an expired game, closes its open session, and refuses a try on it', async () => {
    const id = (
      await assign(accountAdmin, [await freshSentence()], [student.user.id], {
        end_time: new Date(t.clock.now().getTime() + 60_000).toISOString(),
        max_attempts: 3,
      })
    ).json().data.assigned[0].id as string;
    const s = (await start(student, id)).json().data as { id: string; activities: Activity[] };
    // At the end time itself: the game is over.
    t.clock.advance(60_000);
    try {
      const late = await play(student, s.id, s.activities[0]!.id, { words: ['The'] });
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0]).toMatch(/expired/);
      expect((await start(student, id)).statusCode).toBe(409);
      const cards = (await call(student, 'GET', '/api/player/games')).json().data as { id: string; state: string }[];
      expect(cards.find((c) => c.id === id)?.state).toBe('expired');
      const session = await t.database.pool.query('SELECT status FROM game_sessions WHERE id = $1', [s.id]);
      expect(session.rows[0].status).toBe('INCOMPLETE');
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('leaves a game (INCOMPLETE) and starts a new attempt; finishing with activities left is refused', async () => {
    const id = (
      await assign(accountAdmin, [await freshSentence()], [student.user.id], {
        max_attempts: 2,
        end_time: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      })
    ).json().data.assigned[0].id as string;
    const s = (await start(student, id)).json().data as { id: string; activities: Activity[] };
    await play(student, s.id, s.activities[0]!.id, { words: ['The'] });
    expect((await call(student, 'POST', `/api/player/sessions/${s.id}/finish`)).statusCode).toBe(409);
    expect((await call(student, 'POST', `/api/player/sessions/${s.id}/leave`)).json().data.status).toBe('INCOMPLETE');
    expect((await play(student, s.id, s.activities[0]!.id, { words: ['The'] })).statusCode).toBe(409);
    const next = (await start(student, id)).json().data as { id: string; attempt: number };
    expect(next.id).not.toBe(s.id);
    expect(next.attempt).toBe(2);
    // Played: it cannot be unassigned.
    const un = await call(accountAdmin, 'POST', '/api/games/unassign', { ids: [id] });
    expect(un.statusCode).toBe(409);
  });

  it('finishes only a session whose every activity is over, and never one that was left', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const id = (await assign(accountAdmin, [await freshChoice()], [kid.user.id])).json().data.assigned[0].id as string;
    const s = (await start(kid, id)).json().data as { id: string; activities: Activity[] };
    const [q1, q2] = s.activities as [Activity, Activity];
    const refused = async (message: string) => {
      const res = await call(kid, 'POST', `/api/player/sessions/${s.id}/finish`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors).toEqual([message]);
    };
    // Nothing tried yet; then the first activity over and the second not.
    await refused('Some activities are not finished yet.');
    expect((await play(kid, s.id, q1.id, { index: 0 })).json().data).toMatchObject({
      correct: true,
      done: true,
      all_done: false,
    });
    await refused('Some activities are not finished yet.');
    // A sentence answer to a multiple choice is not one.
    const kind = await play(kid, s.id, q2.id, { words: ['red'] });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toEqual({ answer: expect.stringMatching(/does not fit this kind of activity/) });
    expect((await play(kid, s.id, q2.id, { index: 1 })).json().data).toMatchObject({
      correct: true,
      done: true,
      all_done: true,
    });
    // Left with everything over: INCOMPLETE, and no longer finished or played.
    expect((await call(kid, 'POST', `/api/player/sessions/${s.id}/leave`)).json().data.status).toBe('INCOMPLETE');
    await refused('This game is over. Open it again from your games.');
    const closed = await play(kid, s.id, q2.id, { index: 0 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errors).toEqual(['This game is over. Open it again from your games.']);
  });
});

describe('sentence tiles', () => {
  it('are never sent in answer order: the target’s words cannot be read in order along them, in any session', async () => {
    // Targets of two different words or more, short ones with many extra tiles among them (where a
    // plain shuffle often lands in order), repeated words and a palindrome.
    const sentences: [string, string[]][] = [
      ['The girl ate an apple.', ['eated']],
      ['He went home.', []],
      ['Dogs bark.', ['cats', 'loud', 'run', 'fast']],
      ['I see you.', ['me']],
      ['Yes no yes.', []],
      ['The cat sat on the mat.', ['dog']],
      ['Go to bed now.', ['went', 'the']],
      ['Big dogs run.', []],
    ];
    const game = await libraryGame(
      SP,
      sentences.map(([target, distractors]) => ({ target, distractors })),
    );
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const id = (await assign(accountAdmin, [game], [kid.user.id], { max_attempts: 6 })).json().data.assigned[0]
      .id as string;
    for (let attempt = 1; attempt <= 6; attempt++) {
      const s = (await start(kid, id)).json().data as { id: string; attempt: number; activities: Activity[] };
      expect(s.attempt).toBe(attempt);
      for (const a of s.activities) {
        const [target, distractors] = sentences[a.position - 1]!;
        expect(a.tiles!.map(bare).sort()).toEqual([...target.split(' '), ...distractors].map(bare).sort());
        expect(readsInOrder(a.tiles!, target), `${target} as ${a.tiles!.join(' ')}`).toBe(false);
      }
      expect((await call(kid, 'POST', `/api/player/sessions/${s.id}/leave`)).statusCode).toBe(200);
    }
  });
});

describe('the pass mark', () => {
  /** A completed multiple-choice game of `n` activities, each with two answers of which the first is right. */
  const yesNoGame = (n: number) =>
    libraryGame(
      MC,
      Array.from({ length: n }, () => ({ options: [{ text: 'yes' }, { text: 'no' }], correct: 0 })),
      'Is it?',
    );
  /** One session of the assignment, each activity right at the try given (1–3) or wrong three times (0), then finished.
   * */
  async function playAt(who: Who, assignmentId: string, at: (0 | 1 | 2 | 3)[]) {
    const s = (await start(who, assignmentId)).json().data as { id: string; activities: Activity[] };
    expect(s.activities).toHaveLength(at.length);
    for (const [i, a] of s.activities.entries()) {
      const right = at[i]!;
      for (let n = 1; n <= 3; n++) {
        const res = await play(who, s.id, a.id, { index: right === n ? 0 : 1 });
        expect(res.statusCode, res.body).toBe(200);
        if (right === n) break;
      }
    }
    const done = await call(who, 'POST', `/api/player/sessions/${s.id}/finish`);
    expect(done.statusCode, done.body).toBe(200);
    return done.json().data as { points: number; score: number; passed: boolean };
  }

  it('passes a session scoring exactly min_rate and fails one a point below, by the default rules (10 / 1 / 0, 50 %)', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const id = (await assign(accountAdmin, [await yesNoGame(20)], [kid.user.id], { max_attempts: 2 })).json().data
      .assigned[0].id as string;
    // 10 right at once, 10 wrong: 100 of 200 points, 50 %.
    expect(await playAt(kid, id, [...Array<1>(10).fill(1), ...Array<0>(10).fill(0)])).toEqual(
      expect.objectContaining({ points: 100, score: 50, passed: true }),
    );
    // 9 right at once, 9 at the second try, 2 wrong: 99 points, 49.5 %.
    expect(await playAt(kid, id, [...Array<1>(9).fill(1), ...Array<2>(9).fill(2), 0, 0])).toEqual(
      expect.objectContaining({ points: 99, score: 49.5, passed: false }),
    );
  });

  it('passes exactly at a changed min_rate and fails a point below, by the rules frozen on the assignment (4 / 3 / 1, 75 %)', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const game = await yesNoGame(2);
    let id = '';
    await withScoring({ point_first_try: 4, point_second_try: 3, point_third_try: 1, min_rate: 75 }, async () => {
      id = (await assign(accountAdmin, [game], [kid.user.id], { max_attempts: 2 })).json().data.assigned[0]
        .id as string;
    });
    // Both at the second try: 6 of 8 points, 75 %.
    expect(await playAt(kid, id, [2, 2])).toEqual(expect.objectContaining({ points: 6, score: 75, passed: true }));
    // At the first and the third try: 5 points, 62.5 %.
    expect(await playAt(kid, id, [1, 3])).toEqual(expect.objectContaining({ points: 5, score: 62.5, passed: false }));
  });
});

describe('answers that are not answers to the activity', () => {
  it('are refused with 400 naming the field, in the caller’s language, without spending a try', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const assigned = (await assign(accountAdmin, [await freshSentence(), await freshChoice()], [kid.user.id])).json()
      .data.assigned as { id: string; type: string }[];
    const session = async (type: string) =>
      (await start(kid, assigned.find((a) => a.type === type)!.id)).json().data as {
        id: string;
        activities: Activity[];
      };
    const tries = async (sessionId: string) =>
      Number(
        (await t.database.pool.query('SELECT count(*)::int AS n FROM game_tries WHERE session_id = $1', [sessionId]))
          .rows[0].n,
      );

    // Sentence practice: 'The girl ate an apple.' with the extra tile 'eated'; then 'He went home.'.
    const sp = await session(SP);
    const [first] = sp.activities as [Activity, Activity];
    const badWords: [unknown, string][] = [
      [{ index: 0 }, 'answer'],
      [{ words: ['The', 'girl', 'ate', 'a', 'banana'] }, 'answer.words'],
      [{ words: ['The', 'The', 'girl', 'ate', 'an', 'apple'] }, 'answer.words'],
      [{ words: ['He', 'went', 'home'] }, 'answer.words'],
      [{ words: ['...'] }, 'answer.words'],
      [{ words: [] }, 'answer.words'],
    ];
    for (const [answer, field] of badWords) {
      const res = await play(kid, sp.id, first.id, answer);
      expect(res.statusCode, JSON.stringify(answer)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(answer)).toEqual([field]);
    }
    const tiles = await play(kid, sp.id, first.id, { words: ['apple', 'girl'] });
    expect(tiles.json().fields).toBeUndefined();
    expect(tiles.json().data).toMatchObject({ correct: false, try_number: 1, tries_left: 2 });
    expect(await tries(sp.id)).toBe(1);
    const refused = await play(kid, sp.id, first.id, { words: ['apple', 'girl', 'banana'] });
    expect(refused.json().fields).toEqual({
      'answer.words': 'Answer: build the sentence with this activity’s tiles only, each as many times as it is shown.',
    });
    expect(await tries(sp.id)).toBe(1);
    expect(
      (await play(kid, sp.id, first.id, { words: ['the', 'GIRL', 'ate', 'an', 'apple.'] })).json().data,
    ).toMatchObject({ correct: true, try_number: 2, points: 1 });

    // Multiple choice: three answers, then two; an index past them is not an answer.
    const mc = await session(MC);
    const [q1, q2] = mc.activities as [Activity, Activity];
    const badChoices: [string, unknown, string][] = [
      [q1.id, { index: 5 }, 'answer.index'],
      [q1.id, { index: 3 }, 'answer.index'],
      [q2.id, { index: 2 }, 'answer.index'],
      [q1.id, { words: ['apple'] }, 'answer'],
      [q1.id, { index: -1 }, 'answer'],
      [q1.id, { index: 1.5 }, 'answer'],
      [q1.id, { index: '0' }, 'answer'],
      [q1.id, { index: 0, words: [] }, 'answer'],
      [q1.id, {}, 'answer'],
    ];
    for (const [activity, answer, field] of badChoices) {
      const res = await play(kid, mc.id, activity, answer);
      expect(res.statusCode, JSON.stringify(answer)).toBe(400);
      expect(
        Object.keys(res.json().fields).some((f) => f === field || f.startsWith(`${field}.`)),
        `${JSON.stringify(answer)}: ${res.body}`,
      ).toBe(true);
    }
    const english = await play(kid, mc.id, q1.id, { index: 5 });
    expect(english.json()).toMatchObject({
      status: false,
      errors: ['Answer: choose one of the 3 answers of this activity.'],
      fields: { 'answer.index': 'Answer: choose one of the 3 answers of this activity.' },
    });
    const spanish = await t.app.inject({
      method: 'POST',
      url: `/api/player/sessions/${mc.id}/tries`,
      headers: { ...kid.headers, 'accept-language': 'es' },
      payload: { activity_id: q2.id, answer: { index: 4 }, client_try_id: tryId(), elapsed_ms: 10 },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().fields).toEqual({
      'answer.index': 'Respuesta: elige una de las 2 respuestas de esta actividad.',
    });
    expect(await tries(mc.id)).toBe(0);
    // Every try is still there: the first right answer scores the first try's points.
    expect((await play(kid, mc.id, q1.id, { index: 0 })).json().data).toMatchObject({
      correct: true,
      try_number: 1,
      points: 10,
    });
    expect((await play(kid, mc.id, q2.id, { index: 1 })).json().data).toMatchObject({
      correct: true,
      try_number: 1,
      points: 10,
    });

    // The preview refuses them the same way.
    const game = await freshChoice();
    const act = (
      (await call(therapist, 'POST', `/api/player/preview/${game}`)).json().data.activities as Activity[]
    )[0]!;
    const preview = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: act.id,
      answer: { index: 5 },
      try_number: 1,
    });
    expect(preview.statusCode).toBe(400);
    expect(Object.keys(preview.json().fields)).toEqual(['answer.index']);
    const sentence = await freshSentence();
    const tile = (
      (await call(therapist, 'POST', `/api/player/preview/${sentence}`)).json().data.activities as Activity[]
    )[0]!;
    const words = await call(therapist, 'POST', `/api/player/preview/${sentence}/tries`, {
      activity_id: tile.id,
      answer: { words: ['The', 'girl', 'ate', 'a', 'pear'] },
      try_number: 1,
    });
    expect(words.statusCode).toBe(400);
    expect(Object.keys(words.json().fields)).toEqual(['answer.words']);
  });
});

describe('unassigning and scope', () => {
  it('unassigns what was not played; the student can no longer open it', async () => {
    const id = (await assign(accountAdmin, [await freshChoice()], [student2.user.id], { max_attempts: 5 })).json().data
      .assigned[0].id as string;
    const res = await call(accountAdmin, 'POST', '/api/games/unassign', { ids: [id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].assign_status).toBe('UNASSIGNED');
    expect((await start(student2, id)).statusCode).toBe(409);
    expect(
      ((await call(student2, 'GET', '/api/player/games')).json().data as { id: string }[]).map((c) => c.id),
    ).not.toContain(id);
    expect((await call(strangerAdmin, 'POST', '/api/games/unassign', { ids: [id] })).statusCode).toBe(404);
  });

  it('refuses a try on a game no longer assigned, its session still open', async () => {
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const id = (await assign(accountAdmin, [await freshChoice()], [kid.user.id])).json().data.assigned[0].id as string;
    const s = (await start(kid, id)).json().data as { id: string; activities: Activity[] };
    // Unassigning refuses a game once started, so the change is made in the database.
    await t.database.pool.query(`UPDATE assignments SET assign_status = 'UNASSIGNED' WHERE id = $1`, [id]);
    const res = await play(kid, s.id, s.activities[0]!.id, { index: 0 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual(['This game is no longer assigned to you.']);
    expect(
      Number(
        (await t.database.pool.query('SELECT count(*)::int AS n FROM game_tries WHERE session_id = $1', [s.id])).rows[0]
          .n,
      ),
    ).toBe(0);
  });

  it('answers 404 for another student’s assignment or session and another account’s', async () => {
    const id = (await assign(accountAdmin, [await freshChoice()], [student2.user.id], { max_attempts: 5 })).json().data
      .assigned[0].id as string;
    const s = (await start(student2, id)).json().data as { id: string; activities: Activity[] };
    expect((await start(student, id)).statusCode).toBe(404);
    expect((await start(strangerStudent, id)).statusCode).toBe(404);
    expect((await play(student, s.id, s.activities[0]!.id, { index: 0 })).statusCode).toBe(404);
    expect((await call(strangerStudent, 'POST', `/api/player/sessions/${s.id}/finish`)).statusCode).toBe(404);
    expect((await call(strangerAdmin, 'GET', `/api/assignments?student_id=${student2.user.id}`)).json().data).toEqual(
      [],
    );
    expect(
      (await call(student, 'GET', '/api/player/games')).json().data.map((c: { id: string }) => c.id),
    ).not.toContain(id);
  });
});

describe('the media of an assigned game', () => {
  it('serves its gallery picture and audio prompt to the student it is assigned to, and nothing else of the gallery', async () => {
    const upload = async (alt: string) => {
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .png()
        .toBuffer();
      const body = multipartBody([
        { name: 'alt', data: alt },
        { name: 'is_private', data: 'false' },
        { name: 'file', filename: 'p.png', type: 'image/png', data: png },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...editor.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const shown = await upload('A blue square');
    const other = await upload('Not in any game');
    const audio = (await call(editor, 'POST', '/api/speech', { text: 'Which one is blue?', language: 'en' })).json()
      .data.id as string;
    const game = (await call(editor, 'POST', '/api/games', { name: 'Colours', type: MC })).json().data.id as string;
    const made = await call(editor, 'POST', '/api/activities', {
      game_id: game,
      question: 'Which one is blue?',
      audio_id: audio,
      answers: { options: [{ picture: shown, alt: 'blue' }, { text: 'red' }], correct: 0 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await call(editor, 'POST', `/api/games/${game}/complete`)).statusCode).toBe(200);
    expect((await call(student, 'GET', `/api/images/${shown}/file?size=thumb`)).statusCode).toBe(404);
    const id = (await assign(accountAdmin, [game], [student.user.id])).json().data.assigned[0].id as string;
    expect((await call(student, 'GET', `/api/images/${shown}/file?size=medium`)).statusCode).toBe(200);
    // The card shows the first picture of the game: here an answer's (no activity has its own).
    const card = (
      (await call(student, 'GET', '/api/player/games')).json().data as { id: string; picture: string | null }[]
    ).find((g) => g.id === id);
    expect(card?.picture).toBe(shown);
    expect((await call(student, 'GET', `/api/files/${audio}/content`)).statusCode).toBe(200);
    // The player shows a picture answer with its alt text, and a text answer without either.
    const shownAnswers = (await call(editor, 'POST', `/api/player/preview/${game}`)).json().data.activities[0];
    expect(shownAnswers).toMatchObject({
      question: 'Which one is blue?',
      audio,
      answers: [
        { text: null, picture: shown, alt: 'blue' },
        { text: 'red', picture: null, alt: null },
      ],
    });
    expect((await call(student, 'GET', `/api/images/${other}/file?size=thumb`)).statusCode).toBe(404);
    expect((await call(student2, 'GET', `/api/images/${shown}/file?size=thumb`)).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/images')).statusCode).toBe(403);
    // Unassigned: gone again.
    expect((await call(accountAdmin, 'POST', '/api/games/unassign', { ids: [id] })).statusCode).toBe(200);
    expect((await call(student, 'GET', `/api/images/${shown}/file?size=thumb`)).statusCode).toBe(404);
    expect((await call(student, 'GET', `/api/files/${audio}/content`)).statusCode).toBe(404);
  });
});

describe('evaluation', () => {
  it('shows the therapist every try with its errors typed, takes their evaluation, and keeps the evaluator', async () => {
    const game = await libraryGame(SP, [{ target: 'The girl ate an apple.', distractors: ['happily'] }]);
    const id = (await assign(accountAdmin, [game], [student.user.id])).json().data.assigned[0].id as string;
    const s = (await start(student, id)).json().data as { id: string; activities: Activity[] };
    const act = s.activities[0]!.id;
    // Two words swapped; a word missing; an adverb where the verb goes; then right.
    await play(student, s.id, act, { words: ['The', 'girl', 'an', 'ate', 'apple'] });
    await play(student, s.id, act, { words: ['The', 'girl', 'ate', 'apple'] });
    await play(student, s.id, act, { words: ['The', 'girl', 'happily', 'an', 'apple'] });
    // An open session is not evaluated yet.
    expect(
      (
        await call(accountAdmin, 'PUT', `/api/game-sessions/${s.id}/evaluation`, {
          words_out_of_place: 0,
          parts_of_speech: 0,
          syntax_error: 0,
        })
      ).statusCode,
    ).toBe(409);
    // Not in the therapist's caseload: it does not exist for them.
    expect((await call(therapist, 'GET', `/api/game-sessions/${s.id}`)).statusCode).toBe(404);
    expect((await call(student, 'POST', `/api/player/sessions/${s.id}/finish`)).json().data).toMatchObject({
      score: 0,
      total_wrong: 3,
    });

    const listed = async (evaluation: string) =>
      (
        (
          await call(accountAdmin, 'GET', `/api/game-sessions?evaluation=${evaluation}&student_id=${student.user.id}`)
        ).json().data as { id: string }[]
      ).map((w) => w.id);
    expect(await listed('WAITING')).toContain(s.id);
    expect(await listed('EVALUATED')).not.toContain(s.id);
    const seen = await call(accountAdmin, 'GET', `/api/game-sessions/${s.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const detail = seen.json().data as {
      activities: { tries: { correct: boolean; errors: Record<string, number> | null }[] }[];
      automatic: Record<string, number>;
    };
    expect(detail.activities[0]!.tries.map((t) => t.errors)).toEqual([
      { words_out_of_place: 1, parts_of_speech: 0, syntax_error: 0 },
      { words_out_of_place: 0, parts_of_speech: 0, syntax_error: 1 },
      { words_out_of_place: 1, parts_of_speech: 1, syntax_error: 0 },
    ]);
    expect(detail.automatic).toEqual({ words_out_of_place: 2, parts_of_speech: 1, syntax_error: 1 });

    const saved = await call(accountAdmin, 'PUT', `/api/game-sessions/${s.id}/evaluation`, {
      words_out_of_place: 2,
      parts_of_speech: 1,
      syntax_error: 0,
      score_description: 'Word order needs work.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      evaluator_id: accountAdmin.user.id,
      evaluation: { syntax_error: 0, score_description: 'Word order needs work.' },
    });
    expect(await listed('EVALUATED')).toContain(s.id);
    expect(await listed('WAITING')).not.toContain(s.id);
    // Out of scope: another account, the student themself (no evaluate permission), a bad count.
    expect((await call(strangerAdmin, 'GET', `/api/game-sessions/${s.id}`)).statusCode).toBe(404);
    expect((await call(student, 'GET', `/api/game-sessions/${s.id}`)).statusCode).toBe(403);
    expect(
      (
        await call(accountAdmin, 'PUT', `/api/game-sessions/${s.id}/evaluation`, {
          words_out_of_place: -1,
          parts_of_speech: 0,
          syntax_error: 0,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('preview', () => {
  it('lets a therapist, an editor and a viewer play a game they can read, as it is now, without the answer key and without recording anything', async () => {
    const viewer = await loginAs(t.app, 'VIEWER');
    const game = await freshSentence();
    const tries = async () =>
      Number((await t.database.pool.query('SELECT count(*)::int AS n FROM game_tries')).rows[0].n);
    const sessions = async () =>
      Number((await t.database.pool.query('SELECT count(*)::int AS n FROM game_sessions')).rows[0].n);
    const [triesBefore, sessionsBefore] = [await tries(), await sessions()];
    for (const who of [therapist, editor, viewer]) {
      const res = await call(who, 'POST', `/api/player/preview/${game}`);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data as { preview: boolean; activities: Activity[] };
      expect(s.preview).toBe(true);
      expect(s.activities).toHaveLength(2);
      // The answer key stays on the server: no target, no correct answer.
      expect(res.body).not.toContain('The girl ate an apple.');
      expect(s.activities.every((a) => a.correct_answer === undefined && a.tiles?.length)).toBe(true);
      expectPlayerKeys(s, true);
      for (const a of s.activities)
        expect(readsInOrder(a.tiles!, a.position === 1 ? 'The girl ate an apple.' : 'He went home.')).toBe(false);
    }
    const act = (await call(therapist, 'POST', `/api/player/preview/${game}`)).json().data.activities[0] as Activity;
    const wrong = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: act.id,
      answer: { words: ['apple', 'The'] },
      try_number: 1,
    });
    expect(wrong.json().data).toMatchObject({ correct: false, points: 0, tries_left: 2, done: false });
    expectTryKeys(wrong.json().data, 'sentence', true);
    const right = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: act.id,
      answer: { words: ['The', 'girl', 'ate', 'an', 'apple.'] },
      try_number: 2,
    });
    // Scored by today's rules (1 point at the second try by default) and the right answer shown.
    expect(right.json().data).toMatchObject({
      correct: true,
      points: DEFAULT_APP_CONFIGURATION.point_second_try,
      done: true,
      correct_answer: { words: ['The', 'girl', 'ate', 'an', 'apple.'] },
    });
    expectTryKeys(right.json().data, 'sentence', true);
    const last = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: act.id,
      answer: { words: ['apple', 'girl'] },
      try_number: 3,
    });
    expect(last.json().data).toMatchObject({ correct: false, done: true, tries_left: 0 });
    expect(last.json().data.correct_answer).toBeTruthy();
    // A multiple-choice preview carries the same keys.
    const choice = (await call(viewer, 'POST', `/api/player/preview/${await freshChoice()}`)).json().data as {
      activities: Activity[];
    };
    expectPlayerKeys(choice, true);
    expect([await tries(), await sessions()]).toEqual([triesBefore, sessionsBefore]);
  });

  it('is refused to a student (403), hides a game the caller cannot read (404), says a game without activities has none (409) and names a bad try', async () => {
    const game = await freshChoice();
    expect((await call(student, 'POST', `/api/player/preview/${game}`)).statusCode).toBe(403);
    // A private game of another account's therapist does not exist for this therapist.
    const theirs = await call(strangerAdmin, 'POST', '/api/games', { name: 'Their own', type: MC });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await call(therapist, 'POST', `/api/player/preview/${theirs.json().data.id}`)).statusCode).toBe(404);
    const empty = await call(therapist, 'POST', '/api/games', { name: 'Nothing yet', type: MC });
    const none = await call(therapist, 'POST', `/api/player/preview/${empty.json().data.id}`);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0]).toContain('Nothing yet');
    const act = (await call(therapist, 'POST', `/api/player/preview/${game}`)).json().data.activities[0] as Activity;
    const bad = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: act.id,
      answer: { index: 0 },
      try_number: 4,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('try_number');
    const kind = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: act.id,
      answer: { words: ['x'] },
      try_number: 1,
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toEqual({ answer: expect.stringMatching(/does not fit this kind of activity/) });
    const unknown = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: '00000000-0000-4000-8000-000000000000',
      answer: { index: 0 },
      try_number: 1,
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().fields).toEqual({ activity_id: expect.stringMatching(/this activity is not in this game/) });
  });

  it('scores a try against its own activity: the second one’s right answer is its second', async () => {
    const game = await freshChoice();
    const [, second] = (await call(therapist, 'POST', `/api/player/preview/${game}`)).json().data
      .activities as Activity[];
    const res = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
      activity_id: second!.id,
      answer: { index: 1 },
      try_number: 1,
    });
    expect(res.json().data).toEqual({
      correct: true,
      points: 10,
      try_number: 1,
      tries_left: 0,
      done: true,
      correct_answer: { index: 1 },
      preview: true,
    });
  });

  it('plays by the default rules when no scoring configuration is stored, in a preview and in an assignment', async () => {
    const game = await freshChoice();
    const kid = await loginAs(t.app, 'STUDENT', { accountId: accountAdmin.user.accountId });
    const stored = (await t.database.pool.query(`DELETE FROM app_configuration WHERE module = 'MLA' RETURNING *`))
      .rows[0] as Record<string, unknown>;
    expect(stored).toBeTruthy();
    try {
      const defaults = { show_progress_bar: false, show_failed_attemps: false, min_rate: 50, point_first_try: 10 };
      const preview = (await call(therapist, 'POST', `/api/player/preview/${game}`)).json().data as {
        rules: unknown;
        activities: Activity[];
      };
      expect(preview.rules).toEqual(defaults);
      const second = await call(therapist, 'POST', `/api/player/preview/${game}/tries`, {
        activity_id: preview.activities[1]!.id,
        answer: { index: 1 },
        try_number: 2,
      });
      expect(second.json().data).toMatchObject({ correct: true, points: 1 });
      const assigned = await assign(accountAdmin, [game], [kid.user.id]);
      expect(assigned.statusCode, assigned.body).toBe(201);
      const s = (await start(kid, assigned.json().data.assigned[0].id)).json().data as {
        id: string;
        rules: unknown;
        activities: Activity[];
      };
      expect(s.rules).toEqual(defaults);
      expect((await play(kid, s.id, s.activities[0]!.id, { index: 1 })).json().data).toMatchObject({
        correct: false,
        points: 0,
      });
      expect((await play(kid, s.id, s.activities[0]!.id, { index: 2 })).json().data).toMatchObject({
        correct: false,
        points: 0,
      });
      expect((await play(kid, s.id, s.activities[0]!.id, { index: 0 })).json().data).toMatchObject({
        correct: true,
        points: 0,
        try_number: 3,
      });
      expect((await play(kid, s.id, s.activities[1]!.id, { index: 1 })).json().data).toMatchObject({
        correct: true,
        points: 10,
      });
      expect((await call(kid, 'POST', `/api/player/sessions/${s.id}/finish`)).json().data).toMatchObject({
        points: 10,
        score: 50,
        passed: true,
      });
    } finally {
      await t.database.pool.query(
        `INSERT INTO app_configuration SELECT * FROM json_populate_record(NULL::app_configuration, $1)`,
        [JSON.stringify(stored)],
      );
    }
  });
});

describe('dashboards', () => {
  it('shows a student their games, results with stars and chapters, and the caseload what needs attention, within scope', async () => {
    const level = (await call(editor, 'POST', '/api/levels', { name: 'Dash level', slug: 'dash-level' })).json().data
      .id as string;
    const chapter = (await call(editor, 'POST', '/api/chapters', { name: 'Dash chapter', level_id: level })).json().data
      .id as string;
    const game = (await call(editor, 'POST', '/api/games', { name: 'Dash game', type: MC, chapter_id: chapter })).json()
      .data.id as string;
    await call(editor, 'POST', '/api/activities', {
      game_id: game,
      question: 'Which?',
      answers: { options: [{ text: 'a' }, { text: 'b' }], correct: 0 },
    });
    await call(editor, 'POST', `/api/games/${game}/complete`);
    // An account of its own, so that its lists hold only what this test made.
    const admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
    const kid = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
    const played = (await assign(admin, [game], [kid.user.id])).json().data.assigned[0].id as string;
    const soon = (
      await assign(admin, [await freshChoice()], [kid.user.id], {
        end_time: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
      })
    ).json().data.assigned[0].id as string;
    const s = (await start(kid, played)).json().data as { id: string; activities: Activity[] };
    await play(kid, s.id, s.activities[0]!.id, { index: 0 });
    await call(kid, 'POST', `/api/player/sessions/${s.id}/finish`);

    const mine = (await call(kid, 'GET', '/api/dashboards/me')).json().data;
    expect(mine).toMatchObject({
      kind: 'student',
      games: { new: 1, in_progress: 0, expiring_soon: 1, played: 1 },
      stars: 3,
    });
    expect(mine.recent[0]).toMatchObject({ name: 'Dash game', score: 100, stars: 3 });
    expect(mine.chapters).toEqual([{ id: chapter, name: 'Dash chapter', assigned: 1, played: 1, average: 100 }]);

    const board = (await call(admin, 'GET', '/api/dashboards/me')).json().data;
    expect(board.kind).toBe('caseload');
    const row = board.students.find((x: { id: string }) => x.id === kid.user.id);
    expect(row.scores).toEqual([100]);
    expect(row.last_played).toBeTruthy();
    expect(board.waiting).toMatchObject({ total: 1, sessions: [{ id: s.id, name: 'Dash game', score: 100 }] });
    expect(board.expiring.map((x: { id: string }) => x.id)).toEqual([soon]);
    const theirs = (await call(strangerAdmin, 'GET', '/api/dashboards/me')).json().data;
    expect(theirs.students.map((x: { id: string }) => x.id)).not.toContain(kid.user.id);
    expect(theirs.waiting.sessions.map((x: { id: string }) => x.id)).not.toContain(s.id);
    expect((await call(editor, 'GET', '/api/dashboards/me')).json().data).toEqual({ kind: 'none' });
  });
});

describe('the demo’s played games', () => {
  it('gives a newcomer a session to evaluate, a game ending within a day and games to play, all as the services would have left them', async () => {
    const demo = await buildTestApp();
    await seedStarterLibrary(demo.database.pool, demo.clock.now());
    await seedDemo(demo.app.db, demo.clock.now());
    expect(await seedDemoPlay(demo.app.db, demo.clock.now())).toBe(6);
    const as = async (who: string) => (await login(demo.app, who, DEMO_PASSWORD)).headers;
    const get = async (who: string, url: string) =>
      (await demo.app.inject({ method: 'GET', url, headers: await as(who) })).json().data;
    const board = await get('therapist', '/api/dashboards/me');
    expect(
      board.waiting.sessions.map((s: { name: string; student_name: string }) => `${s.student_name}: ${s.name}`),
    ).toEqual(['Leo Walker: The girl ate an apple']);
    expect(board.expiring.map((x: { name: string }) => x.name)).toEqual(['Say what they do']);
    const session = await get('therapist', `/api/game-sessions/${board.waiting.sessions[0].id}`);
    // One swapped pair on the first sentence, then right: 1 + 10 × (n − 1) points.
    expect(session.automatic.words_out_of_place).toBe(1);
    expect(session.score).toBe(
      Math.round(((1 + 10 * (session.activities.length - 1)) / (10 * session.activities.length)) * 1000) / 10,
    );
    const cards = (await get('student', '/api/player/games')) as { name: string; state: string }[];
    expect(cards.map((c) => [c.name, c.state]).sort()).toEqual([
      ['The girl ate an apple', 'played'],
      ['What are they doing?', 'new'],
    ]);
    // Mateo's mother sees her child's own board (his games, results and chapters) above her caseload of one.
    const home = await get('parent', '/api/dashboards/me');
    expect(home.students.map((x: { full_name: string }) => x.full_name)).toEqual(['Mateo Garcia']);
    expect(home.child).toMatchObject({ full_name: 'Mateo Garcia', games: { new: 0, played: 2 } });
    expect(home.child.recent.map((r: { name: string }) => r.name)).toEqual(['How do they feel?', 'Find the food']);
    expect(home.child.recent[0].stars).toBe(3);
    expect(home.child.chapters.reduce((n: number, c: { played: number }) => n + c.played, 0)).toBe(2);
    // A caseload of several students has no single child's board.
    expect(board.child).toBeUndefined();
    // The played game goes on: a second attempt of two.
    const played = cards.find((c) => c.name === 'The girl ate an apple') as unknown as { id: string };
    const again = await demo.app.inject({
      method: 'POST',
      url: `/api/player/games/${played.id}/sessions`,
      headers: await as('student'),
    });
    expect(again.json().data.attempt).toBe(2);
  });
});
