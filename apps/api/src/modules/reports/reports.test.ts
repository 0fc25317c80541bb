import type { Report } from '@habla/shared/schemas/reports';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { waitForJobs } from '../../../test/jobs';
import { call as callAs, choiceGame, leoAndHisCareTeam, play, type Who } from '../../../test/plays';

/**
 * Reports (docs/decisions/029-reports.md): a therapist asks for Leo's progress report, the job makes
 * it, and the PDF downloaded says in words what the plays below add up to (worked out by hand), with
 * the therapist's note, in English or Spanish; the students analytics' scope, 404 for what is not
 * the caller's, 403 for a student, bad input named.
 */
let t: TestApp;
let editor: Who, admin: Who, therapist: Who, otherTherapist: Who, leo: Who, strangerAdmin: Who;
const DAY1 = '2026-03-10';
const DAY2 = '2026-03-11';
const NOTE = 'Leo is naming more animals at home. Keep reading the farm book together.';

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload);

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Ask for Leo's report as `who` and let the job make it; answers the report as it is then. */
async function made(who: Who, body: object): Promise<Report> {
  const asked = await call(who, 'POST', '/api/reports', { kind: 'student_progress', student_id: leo.user.id, ...body });
  expect(asked.statusCode, asked.body).toBe(201);
  const report = asked.json().data as Report;
  expect(report).toMatchObject({ status: 'queued', progress: 0 });
  await waitForJobs(t.app);
  const shown = await call(who, 'GET', `/api/reports/${report.id}`);
  expect(shown.statusCode, shown.body).toBe(200);
  return shown.json().data as Report;
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date(`${DAY1}T09:00:00Z`));
  // Leo is in the caseload of the therapist who added him; the other therapist of his account has no
  // workspace with him.
  ({ editor, admin, leo, therapist, otherTherapist, strangerAdmin } = await leoAndHisCareTeam(t.app, t.database.pool));
  await t.database.pool.query(`UPDATE users SET first_name = 'Ana', last_name = 'Ruiz' WHERE id = $1`, [
    therapist.user.id,
  ]);
  // Day 1: wrong then right on the first activity, right at once on the second (11 of 20 = 55 %,
  // passed); then a game right at once twice (100 %, passed).
  await play(t.app, leo, admin, await choiceGame(t.app, editor), [[1, 0], [1]]);
  await play(t.app, leo, admin, await choiceGame(t.app, editor), [[0], [1]]);
  // A completed language sample of day 1: 4 utterances, 7 words and morphemes: MLU 1.75, stage I.
  const sample = await call(admin, 'POST', '/api/assessments', {
    student_id: leo.user.id,
    title: 'Spring sample',
    language: 'en',
    format: 'text',
    transcript: 'CHI: big dog .\nCHI: red ball .\nCHI: dog go .\nCHI: ball .\n',
    sample_date: DAY1,
  });
  expect(sample.statusCode, sample.body).toBe(201);
  expect((await call(admin, 'POST', `/api/assessments/${sample.json().data.id}/complete`)).statusCode).toBe(200);
  // Day 2: the first activity wrong three times, the second right (10 of 20 = 50 %, passed); then a
  // game left after one wrong try (no score).
  t.clock.set(new Date(`${DAY2}T15:00:00Z`));
  for (const who of [editor, admin, therapist, otherTherapist, leo, strangerAdmin])
    who.headers = (await login(t.app, who.user.username, who.user.password)).headers;
  await play(t.app, leo, admin, await choiceGame(t.app, editor), [[1, 1, 1], [1]]);
  await play(t.app, leo, admin, await choiceGame(t.app, editor), [[1]], { leave: true });
});

describe('a student’s progress report', () => {
  it('is made by the job and downloads as a PDF with the period’s figures, the days, the samples and the note', async () => {
    const report = await made(therapist, { from: DAY1, to: DAY2, language: 'en', note: NOTE });
    expect(report).toMatchObject({
      status: 'done',
      progress: 100,
      student: { id: leo.user.id, full_name: 'Leo Walker' },
      from: DAY1,
      to: DAY2,
      language: 'en',
      note: NOTE,
      failure: null,
    });
    const file = await call(therapist, 'GET', `/api/reports/${report.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(report.size).toBe(file.rawPayload.byteLength);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Progress report');
    expect(text).toContain('Leo Walker');
    expect(text).toContain('March 10, 2026 to March 11, 2026');
    expect(text).toContain('Prepared by: Ana Ruiz');
    // The period: 4 games played (one left), 3 passed; mean (55 + 100 + 50) / 3 = 68.3 %; right at
    // the first try 1 + 2 + 1 + 0 = 4 of 2 + 2 + 2 + 1 = 7 activities = 57.1 %; 10 tries × 30 s = 5
    // min; 2 days.
    const box = (label: string) => new RegExp(`${label}\\s*\\n?\\s*(\\S+(?: %| min)?)`).exec(text)?.[1];
    expect(box('Games played')).toBe('4');
    expect(box('Games passed')).toBe('3');
    expect(box('Mean score')).toBe('68.3 %');
    expect(box('Right at the first try')).toBe('57.1 %');
    expect(box('Time playing')).toBe('5 min');
    expect(box('Days played')).toBe('2');
    // The chart's words and the table's days: day 1 (55 + 100) / 2 = 77.5 %, 3 of 4 at once = 75 %;
    // day 2 50 %, 1 of 3 = 33.3 %.
    expect(text).toContain('Mean score by day');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('from 77.5 % on Mar 10, 2026 to 50 % on Mar 11, 2026');
    expect(flat).toContain('Mar 10, 2026 2 2 77.5 % 75 % 3');
    expect(flat).toContain('Mar 11, 2026 2 1 50 % 33.3 % 3');
    // The language sample of the period with its measures in words.
    expect(text).toContain('Spring sample');
    expect(text).toMatch(/MLU in morphemes: 1\.75/);
    expect(text).toContain('Note from the therapist');
    expect(flat).toContain(NOTE);
  });

  it('speaks Spanish when asked, and by default the caller’s language over the last 30 days', async () => {
    const es = await made(therapist, { from: DAY1, to: DAY2, language: 'es', note: 'Muy bien.' });
    const text = await pdfText((await call(therapist, 'GET', `/api/reports/${es.id}/file`)).rawPayload);
    for (const words of [
      'Informe de progreso',
      'Juegos jugados',
      'Juegos superados',
      'Bien al primer intento',
      'Puntuación media por día',
      'Día a día',
      'Nota del terapeuta',
      'Muy bien.',
    ])
      expect(text).toContain(words);
    expect(text).toContain('68,3 %');
    expect(text).toContain('Del 10 de marzo de 2026 al 11 de marzo de 2026');

    await t.database.pool.query(`UPDATE users SET language = 'es' WHERE id = $1`, [therapist.user.id]);
    try {
      therapist.headers = (await login(t.app, therapist.user.username, therapist.user.password)).headers;
      const byDefault = await made(therapist, {});
      // The 30 days up to today (UTC), both included.
      expect(byDefault).toMatchObject({ status: 'done', language: 'es', from: '2026-02-10', to: DAY2, note: null });
      const words = await pdfText((await call(therapist, 'GET', `/api/reports/${byDefault.id}/file`)).rawPayload);
      expect(words).toContain('Informe de progreso');
      expect(words).not.toContain('Nota del terapeuta');
    } finally {
      await t.database.pool.query(`UPDATE users SET language = 'en' WHERE id = $1`, [therapist.user.id]);
    }
  });

  it('lists the caller’s own reports, newest first, a page at a time', async () => {
    t.clock.advance(60_000);
    const newest = await made(therapist, { from: DAY2, to: DAY2 });
    const page = await call(therapist, 'GET', '/api/reports?max=1');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { data: Report[]; meta: { page: number; max: number; total: number } };
    expect(body.data.map((r) => r.id)).toEqual([newest.id]);
    expect(body.meta).toEqual({ page: 0, max: 1, total: 4 });
    const second = (await call(therapist, 'GET', '/api/reports?max=1&page=1')).json() as { data: Report[] };
    expect(second.data).toHaveLength(1);
    expect(second.data[0]!.id).not.toBe(newest.id);
    // Another user's list holds none of them.
    const theirs = (await call(admin, 'GET', '/api/reports')).json() as { data: Report[]; meta: { total: number } };
    expect(theirs.meta.total).toBe(0);
  });

  it('answers 404 for another user’s or account’s report, and for the file until it is done', async () => {
    const mine = await made(therapist, { from: DAY1, to: DAY1 });
    for (const who of [admin, otherTherapist, strangerAdmin]) {
      expect((await call(who, 'GET', `/api/reports/${mine.id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/reports/${mine.id}/file`)).statusCode).toBe(404);
    }
    // A report still queued (its job not yet run) has no file.
    const queued = await t.database.pool.query<{ id: string }>(
      `INSERT INTO reports (kind, account_id, requested_by, student_id, period_from, period_to, language)
       VALUES ('student_progress', $1, $2, $3, $4, $4, 'en') RETURNING id`,
      [admin.user.accountId, therapist.user.id, leo.user.id, DAY1],
    );
    const waiting = await call(therapist, 'GET', `/api/reports/${queued.rows[0]!.id}`);
    expect(waiting.json().data).toMatchObject({ status: 'queued', progress: 0, size: null });
    expect((await call(therapist, 'GET', `/api/reports/${queued.rows[0]!.id}/file`)).statusCode).toBe(404);
    await t.database.pool.query(`DELETE FROM reports WHERE id = $1`, [queued.rows[0]!.id]);
  });

  it('answers 404 for a student outside the caller’s scope and 403 for a student', async () => {
    const before = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports`);
    for (const who of [otherTherapist, strangerAdmin]) {
      const res = await call(who, 'POST', '/api/reports', { kind: 'student_progress', student_id: leo.user.id });
      expect(res.statusCode, res.body).toBe(404);
    }
    const own = await call(leo, 'POST', '/api/reports', { kind: 'student_progress', student_id: leo.user.id });
    expect(own.statusCode).toBe(403);
    expect((await call(leo, 'GET', '/api/reports')).statusCode).toBe(403);
    const after = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('names the bad field: a period that ends before it starts, a note too long, an unknown kind', async () => {
    const bad = async (body: object) => {
      const res = await call(therapist, 'POST', '/api/reports', {
        kind: 'student_progress',
        student_id: leo.user.id,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { errors: string[]; fields: Record<string, string> };
    };
    expect(Object.keys((await bad({ from: DAY2, to: DAY1 })).fields)).toEqual(['to']);
    expect(Object.keys((await bad({ from: '2026-02-30' })).fields)).toEqual(['from']);
    const long = await bad({ note: 'x'.repeat(2001) });
    expect(Object.keys(long.fields)).toEqual(['note']);
    expect(long.errors[0]).toMatch(/^Note is too long/);
    expect(Object.keys((await bad({ kind: 'grades' })).fields)).toEqual(['kind']);
    expect(Object.keys((await bad({ language: 'fr' })).fields)).toEqual(['language']);
  });
});
