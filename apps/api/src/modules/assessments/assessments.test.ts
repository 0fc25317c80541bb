import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { poolOf } from '../../db/client';

/**
 * Assessments on the real app: made from a pasted CHAT transcript (CLAN's figures as
 * measures, conclusions proposed in the account's language) and from a recording's transcript;
 * errors coded per utterance with a version; NEW → WORK_IN_PROGRESS → COMPLETED (read-only) →
 * reopened (audited); scope (another account's assessment, a therapist without the student: 404);
 * the PDF's text, extracted here, in English and in Spanish.
 */
const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'chat');
const SARAH = readFileSync(join(FIXTURES, 'sarah040.cha'), 'utf8');
const IDA = readFileSync(join(FIXTURES, 'ida9208.cha'), 'utf8');
const FIGURES = JSON.parse(readFileSync(join(FIXTURES, 'clan-figures.json'), 'utf8')) as Record<
  string,
  { mlu_m: { value: number; utterances: number }; ndw: number; mlu_w: { utterances: number } }
>;

let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let admin: Who, therapist: Who, colleague: Who, stranger: Who, student: Who;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  const accountId = admin.user.accountId;
  therapist = await loginAs(t.app, 'THERAPIST', { accountId });
  colleague = await loginAs(t.app, 'THERAPIST', { accountId });
  stranger = await loginAs(t.app, 'ACCOUNT_ADMIN');
  student = await loginAs(t.app, 'STUDENT', { accountId });
  // The therapist's caseload holds the student they added (the colleague's is empty).
  await poolOf(t.database.db).query(`UPDATE users SET created_by = $1 WHERE id = $2`, [
    therapist.user.id,
    student.user.id,
  ]);
});

const call = (who: Who, method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** A student of the account in the therapist's caseload (they added them). */
async function caseloadStudent(): Promise<Who> {
  const kid = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
  await poolOf(t.database.db).query(`UPDATE users SET created_by = $1 WHERE id = $2`, [therapist.user.id, kid.user.id]);
  return kid;
}

/** A new assessment of Sarah's sample (English, dated 2 November 2026) for `of`, made by the therapist: its id. */
async function sarahAssessment(of: Who = student): Promise<string> {
  const res = await call(therapist, 'POST', '/api/assessments', {
    student_id: of.user.id,
    title: 'Sarah at 3;0',
    language: 'en',
    format: 'chat',
    transcript: SARAH,
    sample_date: '2026-11-02',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** Run `work` with the account reporting in `language`, and put its language back whatever happens. */
async function inAccountLanguage(language: 'en' | 'es', work: () => Promise<void>): Promise<void> {
  const pool = poolOf(t.database.db);
  const before = (
    await pool.query<{ language: string }>(`SELECT language FROM accounts WHERE id = $1`, [admin.user.accountId])
  ).rows[0]!.language;
  await pool.query(`UPDATE accounts SET language = $1 WHERE id = $2`, [language, admin.user.accountId]);
  try {
    await work();
  } finally {
    await pool.query(`UPDATE accounts SET language = $1 WHERE id = $2`, [before, admin.user.accountId]);
  }
}

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

// Each test makes the assessments it works on, and puts back what it changes (the account's language).
describe('assessments', () => {
  it('assesses a pasted CHAT transcript: CLAN’s measures, the seed’s totals, conclusions proposed', async () => {
    const res = await call(therapist, 'POST', '/api/assessments', {
      student_id: student.user.id,
      title: 'Sarah at 3;0',
      language: 'en',
      format: 'chat',
      transcript: SARAH,
      sample_date: '2026-11-02',
    });
    expect(res.statusCode).toBe(201);
    const row = res.json().data;
    const id = row.id as string;
    const clan = FIGURES['sarah040.cha']!;
    expect(row).toMatchObject({
      assessment_status: 'NEW',
      speaker: 'CHI',
      language: 'en',
      total_student_sentences: clan.mlu_w.utterances,
      total_vocabulary: clan.ndw,
    });
    expect(Number(row.mlu_m)).toBe(clan.mlu_m.value);
    expect(row.total_sentences).toBe(SARAH.split('\n').filter((l) => l.startsWith('*')).length);
    expect(row.syntax_conclusions).toContain(`${clan.mlu_m.value}`.replace(/(?<!0)0+$/, ''));
    expect(row.syntax_conclusions).toContain("Brown's stage III");
    expect(row.tense_conclusions).toMatch(/^Verb tenses used: simple present \(\d+\)/);
    expect(row.subject_info).toMatch(/^Sample of 377 utterances/);
    expect(row._actions ?? row.actions).toBeDefined();

    const m = (await call(therapist, 'GET', `/api/assessments/${id}/measures`)).json().data;
    expect(m.mlu_m.value).toBe(clan.mlu_m.value);
    expect(m.editable).toBe(true);
    expect(m.errors_version).toBe(0);
    expect(m.utterance_list).toHaveLength(377);
    expect(m.utterance_list[0]).toMatchObject({ errors: [] });
  });

  it('codes errors per utterance with a version; the counts follow and the work starts', async () => {
    const id = await sarahAssessment();
    const before = (await call(therapist, 'GET', `/api/assessments/${id}/measures`)).json().data;
    const [a, b] = before.utterance_list.filter((u: { excluded: string | null }) => !u.excluded);
    const save = await call(therapist, 'PUT', `/api/assessments/${id}/errors`, {
      version: 0,
      errors: { [a.index]: ['grammar', 'syntax'], [b.index]: ['grammar'] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().data.errors_version).toBe(1);
    expect(save.json().data.utterance_list.find((u: { index: number }) => u.index === a.index).errors).toEqual([
      'syntax',
      'grammar',
    ]);
    const row = (await call(therapist, 'GET', `/api/assessments/${id}`)).json().data;
    expect(row).toMatchObject({
      assessment_status: 'WORK_IN_PROGRESS',
      syntax_errors: 1,
      grammar_errors: 2,
      meaning_errors: 0,
      function_errors: 0,
    });
    // A save made on the old version does not overwrite: 409.
    const stale = await call(therapist, 'PUT', `/api/assessments/${id}/errors`, { version: 0, errors: {} });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().fields.version).toBeDefined();
    // Only the analysed speaker's utterances can be coded, and only known kinds.
    const own = new Set(before.utterance_list.map((u: { index: number }) => u.index));
    const mother = [...Array(own.size * 3).keys()].find((i) => !own.has(i))!;
    const other = await call(therapist, 'PUT', `/api/assessments/${id}/errors`, {
      version: 1,
      errors: { [String(mother)]: ['syntax'] },
    });
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().fields)).toEqual([`errors.${mother}`]);
    const kind = await call(therapist, 'PUT', `/api/assessments/${id}/errors`, {
      version: 1,
      errors: { [a.index]: ['spelling'] },
    });
    expect(kind.statusCode).toBe(400);
  });

  it('edits the conclusions, completes (read-only), reopens (audited)', async () => {
    const id = await sarahAssessment();
    const edit = await call(therapist, 'PATCH', `/api/assessments/${id}`, {
      recommendation: 'Weekly sessions on past tense -ed.',
      summary: 'Sarah speaks in full sentences.',
    });
    expect(edit.statusCode).toBe(200);
    // The sample stays the sample of its student.
    const other = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
    const moved = await call(admin, 'PATCH', `/api/assessments/${id}`, { student_id: other.user.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields.student_id).toMatch(/^The student of an assessment cannot change/);
    const done = await call(therapist, 'POST', `/api/assessments/${id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data[0].assessment_status).toBe('COMPLETED');
    expect((await call(therapist, 'PATCH', `/api/assessments/${id}`, { notes: 'late' })).statusCode).toBe(403);
    // The current version, refused all the same: it is completed.
    const errors = await call(therapist, 'PUT', `/api/assessments/${id}/errors`, { version: 0, errors: {} });
    expect(errors.statusCode).toBe(409);
    expect((await call(therapist, 'GET', `/api/assessments/${id}/measures`)).json().data.editable).toBe(false);
    expect((await call(therapist, 'POST', `/api/assessments/${id}/complete`)).statusCode).toBe(409);
    const reopen = await call(admin, 'POST', `/api/assessments/${id}/reopen`);
    expect(reopen.statusCode).toBe(200);
    expect(reopen.json().data[0].assessment_status).toBe('WORK_IN_PROGRESS');
    const audit = await poolOf(t.database.db).query(
      `SELECT action, actor_user_id, changes FROM audit_log WHERE entity = 'assessments' AND entity_id = $1 ORDER BY at, created_at`,
      [id],
    );
    const actions = audit.rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'update', 'complete', 'reopen']));
    const reopened = audit.rows.find((r) => r.action === 'reopen')!;
    expect(reopened.actor_user_id).toBe(admin.user.id);
    expect(reopened.changes).toMatchObject({ assessment_status: { from: 'COMPLETED', to: 'WORK_IN_PROGRESS' } });
  });

  it('prints a PDF a parent can read, in English and in Spanish, with the measures and the student’s name', async () => {
    const id = await sarahAssessment();
    // What the report prints besides the measures: the therapist's recommendation and the errors coded.
    expect(
      (
        await call(therapist, 'PATCH', `/api/assessments/${id}`, {
          recommendation: 'Weekly sessions on past tense -ed.',
        })
      ).statusCode,
    ).toBe(200);
    const list = (await call(therapist, 'GET', `/api/assessments/${id}/measures`)).json().data.utterance_list as {
      index: number;
      excluded: string | null;
    }[];
    const first = list.find((u) => !u.excluded)!;
    expect(
      (
        await call(therapist, 'PUT', `/api/assessments/${id}/errors`, {
          version: 0,
          errors: { [first.index]: ['grammar'] },
        })
      ).statusCode,
    ).toBe(200);
    const en = await call(therapist, 'GET', `/api/assessments/${id}/report.pdf`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const text = await pdfText(en.rawPayload);
    const clan = FIGURES['sarah040.cha']!;
    for (const s of [
      'Language sample assessment',
      'Test Student',
      'MLU in morphemes',
      String(clan.mlu_m.value),
      "Brown's stage",
      'Stage III',
      'Different words (NDW)',
      String(clan.ndw),
      'Weekly sessions on past tense -ed.',
      'Grammar',
      'Test Therapist',
    ])
      expect(text, s).toContain(s);
    // The fonts travel inside the file.
    expect(en.rawPayload.toString('latin1')).toMatch(/\/FontFile2/);

    await inAccountLanguage('es', async () => {
      const es = await pdfText((await call(therapist, 'GET', `/api/assessments/${id}/report.pdf`)).rawPayload);
      for (const s of [
        'Evaluación de la muestra de lenguaje',
        'Test Student',
        'LME en morfemas',
        String(clan.mlu_m.value).replace('.', ','),
        'Etapa de Brown',
        'Palabras diferentes',
        'Gramática',
      ])
        expect(es, s).toContain(s);
      // Asked for in English, English it is.
      expect(
        await pdfText((await call(therapist, 'GET', `/api/assessments/${id}/report.pdf?language=en`)).rawPayload),
      ).toContain('Language sample assessment');
    });
  });

  it('assesses a Spanish sample and shows the student’s trend', async () => {
    const kid = await caseloadStudent();
    await sarahAssessment(kid);
    await inAccountLanguage('es', async () => {
      const res = await call(therapist, 'POST', '/api/assessments', {
        student_id: kid.user.id,
        title: 'Idaira',
        language: 'es',
        format: 'chat',
        transcript: IDA,
        sample_date: '2026-11-20',
      });
      expect(res.statusCode).toBe(201);
      // The account reports in Spanish: the proposals are Spanish.
      expect(res.json().data.syntax_conclusions).toMatch(/^LME de /);
      expect(Number(res.json().data.mlu_m)).toBe(FIGURES['ida9208.cha']!.mlu_m.value);
      const trend = (await call(therapist, 'GET', `/api/assessments/${res.json().data.id}/trend`)).json().data;
      expect(trend.map((p: { title: string; current: boolean }) => [p.title, p.current])).toEqual([
        ['Sarah at 3;0', false],
        ['Idaira', true],
      ]);
      expect(trend[0].mlu_m).toBe(FIGURES['sarah040.cha']!.mlu_m.value);
    });
  });

  it('refuses a malformed transcript naming its line, and a sample without its fields', async () => {
    const bad = await call(therapist, 'POST', '/api/assessments', {
      student_id: student.user.id,
      title: 'x',
      language: 'en',
      format: 'chat',
      transcript: '@Begin\n@Participants:\tCHI Target_Child\n*CHI:\thi .\noops\n@End',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.transcript).toMatch(/^Line 4: /);
    const missing = await call(therapist, 'POST', '/api/assessments', { title: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['format', 'language', 'student_id', 'transcript']);
  });

  it('keeps assessments in their scope: another account and a therapist without the student get 404, a student 403', async () => {
    const id = await sarahAssessment();
    for (const url of [
      `/api/assessments/${id}`,
      `/api/assessments/${id}/measures`,
      `/api/assessments/${id}/trend`,
      `/api/assessments/${id}/report.pdf`,
    ]) {
      expect((await call(stranger, 'GET', url)).statusCode, url).toBe(404);
      expect((await call(colleague, 'GET', url)).statusCode, url).toBe(404);
      expect((await call(student, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call(stranger, 'PUT', `/api/assessments/${id}/errors`, { version: 0, errors: {} })).statusCode).toBe(
      404,
    );
    expect((await call(stranger, 'POST', `/api/assessments/${id}/complete`)).statusCode).toBe(404);
    // Nor can they make one for a student they do not see.
    const other = await call(stranger, 'POST', '/api/assessments', {
      student_id: student.user.id,
      title: 'x',
      language: 'en',
      format: 'text',
      transcript: 'CHI: hi .',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.student_id).toBeDefined();
    const list = (await call(stranger, 'GET', '/api/assessments')).json();
    expect(list.data).toEqual([]);
  });

  it('assesses a recording’s transcript', async () => {
    // A recording whose transcript the therapist finished (the pipeline's own tests make real ones).
    const pool = poolOf(t.database.db);
    const rec = await pool.query<{ id: string }>(
      `INSERT INTO recordings (title, student_id, account_id, language, session_status, engine, consent_by, consent_at) VALUES ('Park story', $1, $2, 'en', 'READY', 'manual', $3, now()) RETURNING id`,
      [student.user.id, admin.user.accountId, therapist.user.id],
    );
    const recordingId = rec.rows[0]!.id;
    const lines: [string, string][] = [
      ['THERAPIST', 'what happened at the park ?'],
      ['STUDENT', 'the dog runned [: ran] away .'],
      ['STUDENT', 'and I &-um chased him .'],
      ['THERAPIST', 'did you catch him ?'],
      ['STUDENT', 'no he was too fast .'],
    ];
    for (const [i, [speaker, text]] of lines.entries())
      await pool.query(`INSERT INTO utterances (recording_id, position, speaker, text) VALUES ($1, $2, $3, $4)`, [
        recordingId,
        i + 1,
        speaker,
        text,
      ]);
    const res = await call(therapist, 'POST', '/api/assessments', { recording_id: recordingId });
    expect(res.statusCode).toBe(201);
    const row = res.json().data;
    expect(row).toMatchObject({
      title: 'Park story',
      recording_id: recordingId,
      student_id: student.user.id,
      speaker: 'CHI',
      assessment_status: 'NEW',
      total_student_sentences: 3,
      total_sentences: 5,
    });
    const m = (await call(therapist, 'GET', `/api/assessments/${row.id}/measures`)).json().data;
    // the dog ran away / and I chased him / no he was too fast: 13 words; ran is one morpheme, chased two.
    expect(m.mlu_w).toEqual({ utterances: 3, words: 13, value: 4.333 });
    expect(m.mlu_m.morphemes).toBe(14);
    expect((await call(stranger, 'POST', '/api/assessments', { recording_id: recordingId })).statusCode).toBe(404);
  });
});
