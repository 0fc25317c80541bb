import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { multipartBody, pngOfSize, wavOfSize } from '../../../test/multipart';

/**
 * Who reads a file of an account (decision 007; docs/product.md §2): not every member of the
 * account, but its uploader, the account's admin while no record holds it, and whoever may read the
 * record that holds it (an activity's audio prompt with its game: private, shared, in the trash).
 * Outside that, 404 on metadata, bytes and delete alike, as for another tenant's row.
 */
let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let therapist: Who, colleague: Who, accountAdmin: Who, stranger: Who, superadmin: Who, editor: Who;

beforeAll(async () => {
  t = await buildTestApp();
  therapist = await loginAs(t.app, 'THERAPIST');
  const accountId = therapist.user.accountId;
  colleague = await loginAs(t.app, 'THERAPIST', { accountId });
  accountAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId });
  stranger = await loginAs(t.app, 'THERAPIST');
  superadmin = await loginAs(t.app, 'SUPERADMIN');
  editor = await loginAs(t.app, 'EDITOR');
});

const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function upload(who: Who, data: Buffer, filename: string, type: string): Promise<string> {
  const body = multipartBody([{ name: 'file', filename, type, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().data.id);
}

/** The answer of each route of the file to `who`: [metadata, bytes]. */
async function reads(who: Who, id: string): Promise<number[]> {
  return [
    (await call(who, 'GET', `/api/files/${id}`)).statusCode,
    (await call(who, 'GET', `/api/files/${id}/content`)).statusCode,
  ];
}

describe('a file no record holds', () => {
  it('is read by its uploader and the account admin; a therapist without that student (a colleague) gets 404, as another account does', async () => {
    // The probe's case: a therapist's photo of a child, uploaded for a form and not (yet) saved in it.
    const photo = await upload(therapist, pngOfSize(3000), 'child.png', 'image/png');
    expect(await reads(therapist, photo)).toEqual([200, 200]);
    expect(await reads(accountAdmin, photo)).toEqual([200, 200]);
    expect(await reads(superadmin, photo)).toEqual([200, 200]);
    for (const who of [colleague, stranger, editor]) expect(await reads(who, photo)).toEqual([404, 404]);
    expect((await call(colleague, 'DELETE', `/api/files/${photo}`)).statusCode).toBe(404);
    // Nor can a colleague point a record at it: it does not exist for them.
    const game = (await call(colleague, 'POST', '/api/games', { name: 'Borrowed', type: 'sentence_practice' })).json()
      .data.id as string;
    const borrowed = await call(colleague, 'POST', '/api/activities', {
      game_id: game,
      answers: { target: 'The dog runs.', distractors: [] },
      audio_id: photo,
    });
    expect(borrowed.statusCode).toBe(400);
    expect(Object.keys(borrowed.json().fields)).toEqual(['audio_id']);
  });

  it('an editor’s own upload is theirs alone until a library activity uses it', async () => {
    const prompt = await upload(editor, wavOfSize(2000), 'prompt.wav', 'audio/wav');
    expect(await reads(editor, prompt)).toEqual([200, 200]);
    const other = await loginAs(t.app, 'EDITOR');
    expect(await reads(other, prompt)).toEqual([404, 404]);
    expect(await reads(therapist, prompt)).toEqual([404, 404]);
  });
});

describe('a file an activity holds', () => {
  it('is read with its game: private to its author, the account once shared, nobody once the activity is in the trash', async () => {
    const audio = await upload(therapist, wavOfSize(2000), 'prompt.wav', 'audio/wav');
    const game = (await call(therapist, 'POST', '/api/games', { name: 'Prompts', type: 'sentence_practice' })).json()
      .data.id as string;
    const made = await call(therapist, 'POST', '/api/activities', {
      game_id: game,
      answers: { target: 'The dog runs.', distractors: [] },
      audio_id: audio,
    });
    expect(made.statusCode, made.body).toBe(201);

    // A private game: its author's alone, the account's admin included (decision 016's rule for private rows).
    expect(await reads(therapist, audio)).toEqual([200, 200]);
    for (const who of [colleague, accountAdmin, stranger]) expect(await reads(who, audio)).toEqual([404, 404]);

    expect((await call(therapist, 'POST', `/api/games/${game}/share`)).statusCode).toBe(200);
    for (const who of [colleague, accountAdmin]) expect(await reads(who, audio)).toEqual([200, 200]);
    expect(await reads(stranger, audio)).toEqual([404, 404]);
    // A colleague hears it but deletes only what they uploaded.
    expect((await call(colleague, 'DELETE', `/api/files/${audio}`)).statusCode).toBe(403);

    expect((await call(therapist, 'POST', `/api/games/${game}/make-private`)).statusCode).toBe(200);
    expect(await reads(colleague, audio)).toEqual([404, 404]);
    expect((await call(therapist, 'POST', `/api/games/${game}/share`)).statusCode).toBe(200);

    // In the trash the activity still holds it: not the account's loose file, so not the admin's either.
    expect((await call(therapist, 'DELETE', `/api/activities/${made.json().data.id}`)).statusCode).toBe(200);
    for (const who of [colleague, accountAdmin]) expect(await reads(who, audio)).toEqual([404, 404]);
    expect(await reads(therapist, audio)).toEqual([200, 200]);
  });
});

describe('a file a student plays', () => {
  it('is heard by the student a game holding it is assigned to, in the copy they play; not by a classmate, and not once unassigned', async () => {
    const accountId = therapist.user.accountId;
    const [student, classmate] = [
      await loginAs(t.app, 'STUDENT', { accountId }),
      await loginAs(t.app, 'STUDENT', { accountId }),
    ];
    const audio = await upload(therapist, wavOfSize(2000), 'listen.wav', 'audio/wav');
    const game = (await call(therapist, 'POST', '/api/games', { name: 'Listen', type: 'sentence_practice' })).json()
      .data.id as string;
    expect(
      (
        await call(therapist, 'POST', '/api/activities', {
          game_id: game,
          answers: { target: 'The dog runs.', distractors: [] },
          audio_id: audio,
        })
      ).statusCode,
    ).toBe(201);
    expect((await call(therapist, 'POST', `/api/games/${game}/complete`)).statusCode).toBe(200);
    expect((await call(therapist, 'POST', `/api/games/${game}/share`)).statusCode).toBe(200);
    // Before it is assigned, no student hears it.
    expect(await reads(student, audio)).toEqual([404, 404]);

    const assigned = await call(accountAdmin, 'POST', '/api/games/assign', {
      game_ids: [game],
      student_ids: [student.user.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(await reads(student, audio)).toEqual([200, 200]);
    expect(await reads(classmate, audio)).toEqual([404, 404]);

    const ids = (assigned.json().data.assigned as { id: string }[]).map((a) => a.id);
    expect((await call(accountAdmin, 'POST', '/api/games/unassign', { ids })).statusCode).toBe(200);
    expect(await reads(student, audio)).toEqual([404, 404]);
  });
});
