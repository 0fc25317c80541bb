import { TRANSCRIPT_LIMITS } from '@habla/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/client';
import { buildTestApp, type TestApp } from './app';
import { loginAs } from './factories';

/**
 * The transcripts an outside probe sent to freeze or break the server (decision 005, "Text readers
 * in linear time"), through the routes that read them: `POST /api/lsa/analyze`, `POST /api/assessments`
 * and a recording's CHAT import. Each answers 200 or a 400 naming the field (and the line), never a
 * 500, in the time a linear reader takes; an import refuses what a later save would refuse, with the
 * save's own numbers.
 */
const NAK = String.fromCharCode(0x15);
const MB = 1_000_000;
const chat = (main: string, extra = '') =>
  `@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tCHI Target_Child, MOT Mother\n*CHI:\t${main}\n${extra}@End\n`;

let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let therapist: Who, student: Who;

beforeAll(async () => {
  t = await buildTestApp();
  therapist = await loginAs(t.app, 'THERAPIST');
  student = await loginAs(t.app, 'STUDENT', { accountId: therapist.user.accountId });
  await poolOf(t.database.db).query(`UPDATE users SET created_by = $1 WHERE id = $2`, [
    therapist.user.id,
    student.user.id,
  ]);
});

const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { ...therapist.headers, ...headers } });

/** The hostile main tiers, a megabyte each (the probe froze the server with 160 KB). */
const HOSTILE: [string, string][] = [
  ['spaces before a bullet', chat(`a${' '.repeat(MB)}${NAK}1_2 .`)],
  ['spaces, no bullet', chat(`a${' '.repeat(MB)}b .`)],
  ['tabs and no-break spaces', chat(`a${'\t\u00a0'.repeat(MB / 2)}b .`)],
  ['a + dots + x', chat(`a${'.'.repeat(MB)}x`)],
  ['?! repeated', chat('?!'.repeat(MB / 2))],
  ['deep <…> nesting', chat(`${'<'.repeat(MB / 2)}a${'>'.repeat(MB / 2)} .`)],
  ['codes that do not close', chat('['.repeat(MB))],
  ['brackets that close nothing', chat(`a ${']'.repeat(MB)} .`)],
  ['a bullet of 26 digits', chat(`hi . ${NAK}${'9'.repeat(26)}_${'9'.repeat(26)}${NAK}`)],
  ['spaces, a word and a line separator', chat(`${' '.repeat(MB)}x\u2028y`)],
];

describe('POST /api/lsa/analyze with the probe’s transcripts', () => {
  it.each(HOSTILE)(
    '%s: 200 or a 400 naming the line, in linear time',
    async (_name, text) => {
      const started = performance.now();
      const res = await call('POST', '/api/lsa/analyze', { language: 'en', format: 'chat', text });
      const ms = performance.now() - started;
      expect([200, 400], res.body.slice(0, 300)).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().fields.text).toMatch(/^Line \d+: /);
      // Linear readers take well under a second here; the quadratic ones took minutes.
      expect(ms).toBeLessThan(10_000);
    },
    60_000,
  );

  it('counts a group nested 100,000 deep', async () => {
    const res = await call('POST', '/api/lsa/analyze', {
      language: 'en',
      format: 'chat',
      text: chat(`${'<'.repeat(100_000)}the dog${'>'.repeat(100_000)} ran .`),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data.mlu_w).toEqual({ utterances: 1, words: 3, value: 3 });
  });

  it('reads plain text (SALT) of a megabyte without a slash or with mazes that never close', async () => {
    for (const text of [`C: ${'a'.repeat(MB)} .`, `C: ${'('.repeat(MB)} .`, `C:${' '.repeat(MB)}a\u2028b`]) {
      const res = await call('POST', '/api/lsa/analyze', { language: 'en', format: 'text', text });
      expect([200, 400]).toContain(res.statusCode);
    }
  }, 60_000);

  it('POST /api/assessments reads the same way: a clear 400 or 201, never 500', async () => {
    const res = await call('POST', '/api/assessments', {
      student_id: student.user.id,
      title: 'Dots',
      language: 'en',
      format: 'chat',
      transcript: chat(`a${'.'.repeat(MB)}x`),
    });
    expect([201, 400], res.body.slice(0, 300)).toContain(res.statusCode);
  }, 60_000);
});

describe('a CHAT import takes what a save takes, and refuses the rest naming the line', () => {
  let id: string;
  let version = 0;
  beforeAll(async () => {
    const rec = await poolOf(t.database.db).query<{ id: string; transcript_version: number }>(
      `INSERT INTO recordings (title, student_id, account_id, language, session_status, engine, consent_by, consent_at)
       VALUES ('Probe', $1, $2, 'en', 'READY', 'manual', $3, now()) RETURNING id, transcript_version`,
      [student.user.id, therapist.user.accountId, therapist.user.id],
    );
    id = rec.rows[0]!.id;
    version = rec.rows[0]!.transcript_version;
  });
  const importChat = (text: string, lang = 'en') =>
    call('POST', `/api/recordings/${id}/transcript`, { format: 'chat', text, version }, { 'accept-language': lang });
  const refusal = (res: { statusCode: number; json: () => { fields: Record<string, string>; code: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(Object.keys(res.json().fields)).toEqual(['text']);
    return res.json().fields.text;
  };

  it('a time bullet of 26 digits: 400 naming its line, in English and Spanish', async () => {
    const text = chat(`hi . ${NAK}${'9'.repeat(26)}_${'9'.repeat(26)}${NAK}`);
    expect(refusal(await importChat(text))).toBe(
      'Line 5: the time bullet is out of range (start_end in milliseconds, at most 24 hours).',
    );
    expect(refusal(await importChat(text, 'es'))).toMatch(/^Línea 5: la marca de tiempo está fuera de rango/);
    // The largest time a save takes is read; one more millisecond is not.
    expect(refusal(await importChat(chat(`hi . ${NAK}0_${TRANSCRIPT_LIMITS.timeMs + 1}${NAK}`)))).toMatch(
      /^Line 5: the time bullet is out of range/,
    );
    expect(refusal(await importChat(chat(`hi . ${NAK}900_100${NAK}`)))).toBe(
      'Line 5: the time bullet ends before it starts.',
    );
  });

  it('an utterance of 100,000 characters or a tier of a megabyte: 400 naming the line and the save’s limit', async () => {
    expect(refusal(await importChat(chat(`${'a'.repeat(100_000)} .`)))).toBe(
      `Line 5: an utterance has at most ${TRANSCRIPT_LIMITS.text} characters.`,
    );
    expect(refusal(await importChat(chat('hi .', `%com:\t${'x'.repeat(MB)}\n`)))).toBe(
      `Line 6: a dependent tier has at most ${TRANSCRIPT_LIMITS.tier} characters.`,
    );
    expect(refusal(await importChat(chat('hi .', '%MOR:\tn|hi\n')))).toMatch(/^Line 6: a dependent tier is named/);
    const comments = Array.from({ length: TRANSCRIPT_LIMITS.before + 1 }, (_, i) => `@Comment:\tnote ${i}\n`).join('');
    expect(refusal(await importChat(chat('hi .', `${comments}*CHI:\tho .\n`)))).toBe(
      `Line ${6 + TRANSCRIPT_LIMITS.before}: at most ${TRANSCRIPT_LIMITS.before} header lines may stand before an utterance.`,
    );
    const many = Array.from({ length: TRANSCRIPT_LIMITS.utterances }, () => '*CHI:\thi .\n').join('');
    expect(refusal(await importChat(chat('hi .', many)))).toBe(
      `Line ${5 + TRANSCRIPT_LIMITS.utterances}: a transcript has at most ${TRANSCRIPT_LIMITS.utterances} utterances.`,
    );
    const tooLong = await call('POST', `/api/recordings/${id}/transcript`, {
      format: 'text',
      text: `C: ${'a'.repeat(TRANSCRIPT_LIMITS.text + 1)}`,
      version,
    });
    expect(refusal(tooLong)).toBe(`Line 1: an utterance has at most ${TRANSCRIPT_LIMITS.text} characters.`);
    // Nothing was stored by any of them.
    expect((await call('GET', `/api/recordings/${id}/utterances`)).json().data.utterances).toEqual([]);
  }, 60_000);

  it('takes a file at the limits, and what it stored a save takes back unchanged', async () => {
    const longest = `${'a'.repeat(TRANSCRIPT_LIMITS.text - 2)} .`;
    const text = chat(
      `${longest} ${NAK}0_${TRANSCRIPT_LIMITS.timeMs}${NAK}`,
      `%com:\t${'x'.repeat(TRANSCRIPT_LIMITS.tier)}\n`,
    );
    const res = await importChat(text);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const saved = res.json().data as {
      version: number;
      utterances: {
        speaker: string;
        text: string;
        start_ms: number;
        end_ms: number;
        code: string;
        tiers: object;
        before: string[];
      }[];
    };
    expect(saved.utterances[0]).toMatchObject({ text: longest, start_ms: 0, end_ms: TRANSCRIPT_LIMITS.timeMs });
    const again = await call('PUT', `/api/recordings/${id}/utterances`, {
      version: saved.version,
      utterances: saved.utterances.map((u) => ({
        start_ms: u.start_ms,
        end_ms: u.end_ms,
        speaker: u.speaker,
        text: u.text,
        code: u.code,
        tiers: u.tiers,
        before: u.before,
      })),
    });
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    version = again.json().data.version;
  });

  it('imports the probe’s megabyte of spaces before a bullet in linear time, and refuses it inside an utterance', async () => {
    let started = performance.now();
    const res = await importChat(chat(`a${' '.repeat(MB)}${NAK}1_2${NAK}`));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data.utterances).toMatchObject([{ text: 'a', start_ms: 1, end_ms: 2 }]);
    version = res.json().data.version;
    expect(performance.now() - started).toBeLessThan(10_000);
    started = performance.now();
    expect(refusal(await importChat(chat(`a${' '.repeat(MB)}b ${NAK}1_2${NAK}`)))).toMatch(
      /^Line 5: an utterance has at most/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);
});
