import type { Report, ReportDefinition } from '@habla/shared/schemas/reports';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login } from '../../../test/factories';
import { waitForJobs } from '../../../test/jobs';
import { poolOf } from '../../db/client';
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

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload);

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Let the job make a report just asked for; answers the report as it is then. */
async function finished(who: Who, asked: { statusCode: number; body: string; json: () => { data: Report } }) {
  expect(asked.statusCode, asked.body).toBe(201);
  const report = asked.json().data;
  expect(report).toMatchObject({ status: 'queued', progress: 0 });
  await waitForJobs(t.app);
  const shown = await call(who, 'GET', `/api/reports/${report.id}`);
  expect(shown.statusCode, shown.body).toBe(200);
  return shown.json().data as Report;
}

/** Ask for Leo's report as `who` and let the job make it. */
const made = async (who: Who, body: object): Promise<Report> =>
  finished(
    who,
    await call(who, 'POST', '/api/reports', { kind: 'student_progress', student_id: leo.user.id, ...body }),
  );

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
    // Days 1 and 2 in a row, the second the period's last.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Most days played in a row: 2. Days in a row up to the end of the period: 2.',
    );
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

describe('the caseload summary', () => {
  it('lists every student of the caller’s scope as the students analytics’ CSV', async () => {
    const report = await finished(
      therapist,
      await call(therapist, 'POST', '/api/reports', {
        kind: 'caseload_summary',
        format: 'csv',
        from: DAY1,
        to: DAY2,
        language: 'en',
      }),
    );
    expect(report).toMatchObject({ kind: 'caseload_summary', format: 'csv', status: 'done', student: null });
    expect(Date.parse(report.expires_at!) - Date.parse(report.finished_at!)).toBe(90 * 86_400_000);
    const file = await call(therapist, 'GET', `/api/reports/${report.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('Caseload summary - 2026-03-10 2026-03-11.csv');
    const lines = file.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Student,Games given,Played,/);
    // Leo alone is in the therapist's caseload: 4 assigned, 4 played, 3 completed and passed, 68.3 %,
    // 57.1 % right at once, 10 tries of 7 activities = 1.43, 5 minutes, 2 days, last on day 2.
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^Leo Walker,4,4,3,3,68\.3,57\.1,1\.43,5,2,2026-03-11,/);
  });

  it('prints as a PDF with the totals and a row per student, and an account admin’s holds the whole account', async () => {
    const report = await finished(
      admin,
      await call(admin, 'POST', '/api/reports', { kind: 'caseload_summary', from: DAY1, to: DAY2, language: 'en' }),
    );
    expect(report).toMatchObject({ format: 'pdf', status: 'done' });
    const file = await call(admin, 'GET', `/api/reports/${report.id}/file`);
    expect(file.headers['content-type']).toBe('application/pdf');
    const flat = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
    expect(flat).toContain('Caseload summary');
    expect(flat).toContain('Student by student');
    // The default measures, headed as the CSV: played, passed, mean score, first try, minutes, last day.
    expect(flat).toContain('Student Played Passed Mean score (%) Right at first try (%) Minutes Last played');
    // Leo's row: 4 played, 3 passed, 68.3 %, 57.1 %, 5 minutes, last on Mar 11, 2026.
    expect(flat).toContain('Leo Walker 4 3 68.3 57.1 5 Mar 11, 2026');
    const students = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE account_id = $1 AND role = 'STUDENT' AND deleted_at IS NULL`,
      [admin.user.accountId],
    );
    expect(flat).toMatch(new RegExp(`Students ${students.rows[0]!.n} Students who played 1 Games played 4`));
  });

  it('lists the measures chosen, in the analytics’ order, as a CSV and as a PDF', async () => {
    const csv = await finished(
      therapist,
      await call(therapist, 'POST', '/api/reports', {
        kind: 'caseload_summary',
        format: 'csv',
        measures: ['meanScore', 'sessions', 'longestStreak'],
        from: DAY1,
        to: DAY2,
        language: 'es',
      }),
    );
    expect(csv.measures).toEqual(['sessions', 'meanScore', 'longestStreak']);
    const text = (await call(therapist, 'GET', `/api/reports/${csv.id}/file`)).rawPayload.toString('utf8');
    // Leo played on two days in a row: a streak of 2; 4 games; a mean of 68.3 %.
    expect(
      text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Estudiante,Jugados,Puntuación media (%),Racha más larga (días)', 'Leo Walker,4,68.3,2']);
    const pdf = await finished(
      therapist,
      await call(therapist, 'POST', '/api/reports', {
        kind: 'caseload_summary',
        measures: ['assigned', 'triesPerActivity', 'daysActive'],
        from: DAY1,
        to: DAY2,
        language: 'en',
      }),
    );
    const flat = (await pdfText((await call(therapist, 'GET', `/api/reports/${pdf.id}/file`)).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    // 4 games given, 10 tries of 7 activities = 1.43 a activity, 2 days.
    expect(flat).toContain('Student Games given Tries per activity Days played');
    expect(flat).toContain('Leo Walker 4 1.43 2');
  });

  it('names the field that does not fit the kind', async () => {
    const fields = async (body: object) => {
      const res = await call(therapist, 'POST', '/api/reports', body);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys((res.json() as { fields: Record<string, string> }).fields);
    };
    expect(await fields({ kind: 'student_progress' })).toEqual(['student_id']);
    expect(await fields({ kind: 'student_progress', student_id: leo.user.id, format: 'csv' })).toEqual(['format']);
    expect(await fields({ kind: 'caseload_summary', student_id: leo.user.id })).toEqual(['student_id']);
    expect(await fields({ kind: 'caseload_summary', format: 'xlsx' })).toEqual(['format']);
    // Measures: a summary's only, known ones, once each, at least one, at most 8 in a PDF.
    expect(await fields({ kind: 'student_progress', student_id: leo.user.id, measures: ['sessions'] })).toEqual([
      'measures',
    ]);
    expect(await fields({ kind: 'caseload_summary', measures: ['height'] })).toEqual(['measures.0']);
    expect(await fields({ kind: 'caseload_summary', measures: ['sessions', 'sessions'] })).toEqual(['measures']);
    expect(await fields({ kind: 'caseload_summary', measures: [] })).toEqual(['measures']);
    const nine = [
      'assigned',
      'sessions',
      'completed',
      'passed',
      'meanScore',
      'firstTry',
      'minutes',
      'daysActive',
      'lastDay',
    ];
    expect(await fields({ kind: 'caseload_summary', measures: nine })).toEqual(['measures']);
    const csv = await call(therapist, 'POST', '/api/reports', {
      kind: 'caseload_summary',
      format: 'csv',
      measures: nine,
    });
    expect(csv.statusCode, csv.body).toBe(201);
    await waitForJobs(t.app);
  });
});

describe('removing reports', () => {
  it('removes the caller’s own report and its file; another’s answers 404', async () => {
    const report = await made(therapist, { from: DAY1, to: DAY1 });
    const key = (
      await t.database.pool.query<{ storage_key: string }>(`SELECT storage_key FROM reports WHERE id = $1`, [report.id])
    ).rows[0]!.storage_key;
    expect(await t.app.storage.getStream(key)).not.toBeNull();
    for (const who of [admin, otherTherapist, strangerAdmin])
      expect((await call(who, 'DELETE', `/api/reports/${report.id}`)).statusCode).toBe(404);
    const gone = await call(therapist, 'DELETE', `/api/reports/${report.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe('The record was removed for good.');
    expect((await call(therapist, 'GET', `/api/reports/${report.id}`)).statusCode).toBe(404);
    expect(await t.app.storage.getStream(key)).toBeNull();
    expect((await call(therapist, 'DELETE', `/api/reports/${report.id}`)).statusCode).toBe(404);
  });

  it('expires reports past their time with their files, and keeps the others', async () => {
    const old = await made(therapist, { from: DAY1, to: DAY1 });
    const kept = await made(therapist, { from: DAY2, to: DAY2 });
    const keys = await t.database.pool.query<{ id: string; storage_key: string }>(
      `SELECT id, storage_key FROM reports WHERE id = ANY($1)`,
      [[old.id, kept.id]],
    );
    const keyOf = (id: string) => keys.rows.find((r) => r.id === id)!.storage_key;
    await t.database.pool.query(`UPDATE reports SET expires_at = now() - interval '1 minute' WHERE id = $1`, [old.id]);
    await t.app.jobs.enqueue(poolOf(t.app.db), 'reports.expire', {});
    t.app.jobs.wake('reports.expire');
    await waitForJobs(t.app);
    expect((await call(therapist, 'GET', `/api/reports/${old.id}`)).statusCode).toBe(404);
    expect(await t.app.storage.getStream(keyOf(old.id))).toBeNull();
    expect((await call(therapist, 'GET', `/api/reports/${kept.id}`)).statusCode).toBe(200);
    expect(await t.app.storage.getStream(keyOf(kept.id))).not.toBeNull();
  });
});

describe('saved report definitions', () => {
  const weekly = { name: 'Leo every week', kind: 'student_progress', period_days: 7, language: 'es', note: 'Semana' };

  it('are saved, listed by name, changed and run again, each run a report over its period', async () => {
    const saved = await call(therapist, 'POST', '/api/report-definitions', { ...weekly, student_id: leo.user.id });
    expect(saved.statusCode, saved.body).toBe(201);
    const def = saved.json().data as ReportDefinition;
    expect(def).toMatchObject({
      name: 'Leo every week',
      kind: 'student_progress',
      format: 'pdf',
      student: { id: leo.user.id, full_name: 'Leo Walker' },
      period_days: 7,
      from: null,
      to: null,
      language: 'es',
      last_run_at: null,
    });
    const summary = await call(therapist, 'POST', '/api/report-definitions', {
      name: 'all my students',
      kind: 'caseload_summary',
      format: 'csv',
      measures: ['passed'],
      from: DAY1,
      to: DAY2,
      language: 'en',
    });
    expect(summary.statusCode, summary.body).toBe(201);
    const list = (await call(therapist, 'GET', '/api/report-definitions')).json() as {
      data: ReportDefinition[];
      meta: { total: number };
    };
    expect(list.data.map((d) => d.name)).toEqual(['all my students', 'Leo every week']);
    expect(list.meta.total).toBe(2);

    // Run on day 2 (the clock): the 7 days up to it.
    const run = await finished(therapist, await call(therapist, 'POST', `/api/report-definitions/${def.id}/run`));
    expect(run).toMatchObject({
      status: 'done',
      definition_id: def.id,
      from: '2026-03-05',
      to: DAY2,
      language: 'es',
      note: 'Semana',
    });
    const fixed = await finished(
      therapist,
      await call(therapist, 'POST', `/api/report-definitions/${summary.json().data.id}/run`),
    );
    expect(fixed).toMatchObject({
      kind: 'caseload_summary',
      format: 'csv',
      measures: ['passed'],
      from: DAY1,
      to: DAY2,
    });
    const ran = (await call(therapist, 'GET', '/api/report-definitions')).json() as { data: ReportDefinition[] };
    expect(ran.data.find((d) => d.id === def.id)!.last_run_at).toBe(run.created_at);

    const changed = await call(therapist, 'PUT', `/api/report-definitions/${def.id}`, {
      ...weekly,
      student_id: leo.user.id,
      name: 'Leo, March',
      period_days: undefined,
      from: DAY1,
      to: DAY1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Leo, March', period_days: null, from: DAY1, to: DAY1 });

    // Removing the definition keeps the reports it made.
    expect((await call(therapist, 'DELETE', `/api/report-definitions/${def.id}`)).statusCode).toBe(200);
    const still = await call(therapist, 'GET', `/api/reports/${run.id}`);
    expect(still.json().data).toMatchObject({ id: run.id, definition_id: null });
    expect((await call(therapist, 'POST', `/api/report-definitions/${def.id}/run`)).statusCode).toBe(404);
  });

  it('are their owner’s only, and a student outside the caller’s scope answers 404', async () => {
    const def = (
      await call(therapist, 'POST', '/api/report-definitions', { ...weekly, student_id: leo.user.id, name: 'mine' })
    ).json().data as ReportDefinition;
    for (const who of [admin, otherTherapist, strangerAdmin]) {
      expect((await call(who, 'POST', `/api/report-definitions/${def.id}/run`)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/api/report-definitions/${def.id}`)).statusCode).toBe(404);
      const put = await call(who, 'PUT', `/api/report-definitions/${def.id}`, {
        ...weekly,
        name: 'theirs',
        kind: 'caseload_summary',
      });
      expect(put.statusCode).toBe(404);
      const theirs = (await call(who, 'GET', '/api/report-definitions')).json() as { data: ReportDefinition[] };
      expect(theirs.data.map((d) => d.id)).not.toContain(def.id);
    }
    const outside = await call(otherTherapist, 'POST', '/api/report-definitions', {
      ...weekly,
      student_id: leo.user.id,
    });
    expect(outside.statusCode).toBe(404);
    expect((await call(leo, 'GET', '/api/report-definitions')).statusCode).toBe(403);
  });

  it('name the bad field', async () => {
    const fields = async (body: object) => {
      const res = await call(therapist, 'POST', '/api/report-definitions', body);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys((res.json() as { fields: Record<string, string> }).fields);
    };
    const summary = { name: 'x', kind: 'caseload_summary', language: 'en' };
    expect(await fields({ ...summary, name: '  ' })).toEqual(['name']);
    expect(await fields({ ...summary, name: 'n'.repeat(121) })).toEqual(['name']);
    expect(await fields({ ...summary, period_days: 0 })).toEqual(['period_days']);
    expect(await fields({ ...summary, period_days: 367 })).toEqual(['period_days']);
    expect(await fields({ ...summary, period_days: 7, from: DAY1, to: DAY2 })).toEqual(['period_days']);
    expect(await fields({ ...summary, from: DAY1 })).toEqual(['to']);
    expect(await fields({ ...summary, language: undefined })).toEqual(['language']);
  });
});
