import type { RECORDING_RESOURCES, ResourceRow } from '@habla/shared';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { waitForJobs } from '../../../test/jobs';
import { multipartBody, UNKNOWN_BYTES, type FormPart } from '../../../test/multipart';
import { poolOf } from '../../db/client';
import { Synthesizer } from '../speech/synthesizer';
import { TARGET_RATE } from './audio';
import { releaseLocalModels } from './engines/local';
import { releaseVadModels } from './engines/manual';

/** whisper.cpp's own test model (test/fixtures/whisper/SOURCE.md): the real layout, no weights. */
const TEST_MODEL = path.join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'test',
  'fixtures',
  'whisper',
  'for-tests-ggml-tiny.bin',
);

/**
 * Recordings end to end on the real app: upload with consent, the pipeline's jobs on the
 * real queue (decode → transcribe → READY) with a real synthesized voice, the hosted engine pointed at
 * a local OpenAI-compatible server started here and the manual engine's voice activity segments; a
 * failing engine, its reason and the retry; 415, consent, scope (404 to another account and to a
 * therapist without the student), byte ranges, the transcript's version check, and the purge of the
 * trash that removes the files.
 */
const KEY = 'sk-recordings-test-0123456789';
type Received = { auth: string | undefined; rate: number; channels: number; bytes: number };
let received: Received[] = [];
let answer: () => { status: number; body: unknown } = () => ({ status: 500, body: {} });
let server: Server;

async function read(req: IncomingMessage): Promise<Received> {
  const request = new Request('http://local', {
    method: 'POST',
    headers: req.headers as Record<string, string>,
    body: Readable.toWeb(req) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const form = await request.formData();
  const file = form.get('file') as File;
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    auth: req.headers.authorization,
    rate: bytes.readUInt32LE(24),
    channels: bytes.readUInt16LE(22),
    bytes: bytes.length,
  };
}

let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let admin: Who, therapist: Who, stranger: Who;
let studentId: string;
const synthesizer = new Synthesizer();
let speech: Buffer;
const SENTENCE = 'The little dog is running in the park.';

beforeAll(async () => {
  server = createServer((req, res) => {
    read(req)
      .then((r) => {
        received.push(r);
        const a = answer();
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      })
      .catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp({
    env: {
      TRANSCRIPTION_ENGINE: 'hosted',
      TRANSCRIPTION_URL: base,
      TRANSCRIPTION_KEY: KEY,
      WHISPER_MODEL: TEST_MODEL,
      JOBS_POLL_SECONDS: '0.5',
      JOBS_RETRY_LIMIT: '1',
      JOBS_RETRY_DELAY_SECONDS: '0',
      RECORDINGS_PURGE_DAYS: '30',
    },
  });
  admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  const accountId = admin.user.accountId;
  therapist = await loginAs(t.app, 'THERAPIST', { accountId });
  stranger = await loginAs(t.app, 'ACCOUNT_ADMIN');
  const student = await loginAs(t.app, 'STUDENT', { accountId });
  studentId = student.user.id;
  speech = await synthesizer.speak(SENTENCE, 'en');
}, 60_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await synthesizer.close();
  await releaseLocalModels();
  await releaseVadModels();
});

/** An upload of `file` with the form's fields; a field given as `undefined` is left out of the form. */
function upload(who: Who, file: Partial<FormPart> & { data: Buffer }, fields: Record<string, string | undefined> = {}) {
  const form = { student_id: studentId, language: 'en', consent: 'true', title: 'Session one', ...fields };
  const sent = Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined);
  const parts: FormPart[] = [
    ...sent.map(([name, data]) => ({ name, data })),
    { name: 'file', filename: 'session.wav', type: 'audio/wav', ...file },
  ];
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/recordings',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}
const call = (
  who: Who,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });

/** A recording as the API answers it (the shared row contract). */
type Recording = ResourceRow<typeof RECORDING_RESOURCES.recordings>;

/** Poll the recording until `done` says so (the queue runs the steps); fails after `ms`. */
async function waitFor(
  id: string,
  done: (row: Recording) => boolean,
  ms = 60_000,
): Promise<Recording & { seen: string[] }> {
  const deadline = Date.now() + ms;
  const seen: string[] = [];
  for (;;) {
    const res = await call(admin, 'GET', `/api/recordings/${id}`);
    const row = res.json().data as Recording;
    if (seen.at(-1) !== row.session_status) seen.push(String(row.session_status));
    if (done(row)) return { ...row, seen };
    if (Date.now() > deadline)
      throw new Error(
        `recording ${id} is ${String(row.session_status)} (${String(row.failure_reason)}) after ${ms} ms; seen ${seen.join(' → ')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const storedFiles = () => {
  const root = t.config.storage.driver === 'local' ? t.config.storage.root : '';
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];
};

const hostedAnswer = () => ({
  status: 200,
  body: {
    text: SENTENCE,
    segments: [{ id: 0, start: 0.1, end: 2.4, text: ` ${SENTENCE}`, avg_logprob: -0.2 }],
    words: SENTENCE.replace('.', '')
      .split(' ')
      .map((word, i) => ({
        word,
        start: 0.1 + i * 0.28,
        end: 0.1 + (i + 1) * 0.28,
        probability: word === 'park' ? 0.35 : 0.93,
      })),
  },
});

describe('the pipeline', () => {
  it('takes an upload with consent through decoding and the hosted engine to READY, with the transcript, the waveform and who consented', async () => {
    received = [];
    answer = hostedAnswer;
    const res = await upload(admin, { data: speech });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Recording;
    expect(created).toMatchObject({
      title: 'Session one',
      session_status: 'RECORDED',
      engine: 'hosted',
      language: 'en',
      student_id: studentId,
      consent_by: admin.user.id,
    });
    expect(typeof created.consent_at).toBe('string');
    const id = String(created.id);

    const ready = await waitFor(id, (r) => r.session_status === 'READY');
    expect(ready.failure_reason).toBeNull();
    // The synthesized sentence lasts about 2.5 s; the normalised audio keeps its length.
    const seconds = speech.readUInt32LE(40) / (speech.readUInt32LE(28) || 1);
    expect(Number(ready.duration_ms)).toBeGreaterThan(seconds * 1000 - 30);
    expect(Number(ready.duration_ms)).toBeLessThan(seconds * 1000 + 30);
    // The service got the normalised audio (16 kHz mono WAV) and the key.
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ auth: `Bearer ${KEY}`, rate: TARGET_RATE, channels: 1 });

    const transcript = (await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data;
    expect(transcript.version).toBe(1);
    expect(transcript.editable).toBe(true);
    expect(transcript.utterances).toHaveLength(1);
    expect(transcript.utterances[0]).toMatchObject({
      position: 1,
      start_ms: 100,
      end_ms: 2400,
      speaker: 'STUDENT',
      text: SENTENCE,
    });
    const words = transcript.utterances[0].words as { text: string; confidence: number }[];
    expect(words.find((w) => w.text === 'park')?.confidence).toBeCloseTo(0.35, 5);

    const wave = (await call(admin, 'GET', `/api/recordings/${id}/waveform`)).json().data;
    const peaks = Buffer.from(wave.peaks, 'base64');
    expect(wave.peaks_per_second).toBe(50);
    expect(Math.abs(peaks.length - Math.ceil((Number(ready.duration_ms) / 1000) * 50))).toBeLessThanOrEqual(1);
    // Speech is loud somewhere and quiet somewhere: a real waveform, not a constant.
    expect(Math.max(...peaks)).toBeGreaterThan(60);
    expect(Math.min(...peaks)).toBeLessThan(20);
  });

  it('uses the account’s engine (MAA choice) when the upload names none, the server’s default otherwise', async () => {
    await poolOf(t.app.db).query(`UPDATE accounts SET transcription_engine = 'manual' WHERE id = $1`, [
      admin.user.accountId,
    ]);
    try {
      const res = await upload(admin, { data: speech }, { title: 'Account engine' });
      expect(res.json().data.engine).toBe('manual');
      const named = await upload(admin, { data: speech }, { title: 'Named engine', engine: 'hosted' });
      expect(named.json().data.engine).toBe('hosted');
    } finally {
      await poolOf(t.app.db).query(`UPDATE accounts SET transcription_engine = NULL WHERE id = $1`, [
        admin.user.accountId,
      ]);
    }
    expect((await upload(admin, { data: speech }, { title: 'Default engine' })).json().data.engine).toBe('hosted');
    await waitForJobs(t.app, 30_000);
  });

  it('splits the audio into voice segments to type into on the manual path', async () => {
    const pause = Buffer.alloc(Math.round(1.5 * 22050) * 2);
    const pcm = speech.subarray(44);
    const data = Buffer.concat([pcm, pause, pcm]);
    const header = Buffer.from(speech.subarray(0, 44));
    header.writeUInt32LE(36 + data.length, 4);
    header.writeUInt32LE(data.length, 40);
    const res = await upload(
      admin,
      { data: Buffer.concat([header, data]) },
      { engine: 'manual', title: 'Two sentences' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().data.id);
    const ready = await waitFor(id, (r) => r.session_status === 'READY');
    expect(ready.engine).toBe('manual');
    const { utterances } = (await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data as {
      utterances: { start_ms: number; end_ms: number; text: string }[];
    };
    expect(utterances).toHaveLength(2);
    expect(utterances.every((u) => u.text === '')).toBe(true);
    // The second sentence starts after the first and the pause.
    const first = (pcm.length / 2 / 22050) * 1000;
    expect(utterances[1]!.start_ms).toBeGreaterThan(first + 1000);
    expect(utterances[0]!.end_ms).toBeLessThan(first + 400);
  });

  it('runs the local engine (whisper.cpp) on the server with the configured model', { timeout: 120_000 }, async () => {
    received = [];
    const res = await upload(admin, { data: speech }, { engine: 'local', title: 'Local engine' });
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().data.id);
    // The test model has whisper.cpp's real layout and no weights: it runs the whole path and hears nothing.
    const ready = await waitFor(id, (r) => r.session_status === 'READY' || r.failure_reason !== null, 100_000);
    expect(ready).toMatchObject({ session_status: 'READY', engine: 'local', failure_reason: null });
    expect(ready.seen).toEqual(expect.arrayContaining(['PROCESSING_TRANSCRIPTION', 'READY']));
    const transcript = (await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data;
    expect(transcript.version).toBe(1);
    expect(received).toHaveLength(0);
  });

  it('transcribes again with another engine while nobody has worked on the transcript, and refuses once someone has', async () => {
    answer = hostedAnswer;
    const id = String((await upload(admin, { data: speech }, { title: 'Again' })).json().data.id);
    await waitFor(id, (r) => r.session_status === 'READY');
    const again = await call(admin, 'POST', `/api/recordings/${id}/transcribe`, { engine: 'manual' });
    expect(again.statusCode, again.body).toBe(200);
    // Queued (the step may already have started when the answer reads the row).
    expect(again.json().data.engine).toBe('manual');
    expect([
      'PENDING_TRANSCRIPTION',
      'SENT_TRANSCRIPTION',
      'PROCESSING_TRANSCRIPTION',
      'TRANSCRIPTION_COMPLETED',
      'READY',
    ]).toContain(again.json().data.session_status);
    await waitFor(id, (r) => r.session_status === 'READY');
    const transcript = (await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data;
    // The voice segments replaced the hosted service's text.
    expect(transcript.version).toBe(2);
    expect(transcript.utterances.every((u: { text: string }) => u.text === '')).toBe(true);
    expect(
      (
        await call(admin, 'PUT', `/api/recordings/${id}/utterances`, {
          version: 2,
          utterances: [{ start_ms: 0, end_ms: 900, speaker: 'STUDENT', text: 'the dog' }],
        })
      ).statusCode,
    ).toBe(200);
    const refused = await call(admin, 'POST', `/api/recordings/${id}/transcribe`, {});
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json().fields)).toEqual(['engine']);
    expect((await call(admin, 'POST', `/api/recordings/${id}/transcribe`, { engine: 'loud' })).statusCode).toBe(400);
  });

  it('shows a failing engine with its reason, and a retry runs the step again to READY', async () => {
    received = [];
    answer = () => ({ status: 400, body: { error: { message: 'unsupported audio' } } });
    const res = await upload(admin, { data: speech }, { title: 'Will fail first' });
    const id = String(res.json().data.id);
    const failed = await waitFor(id, (r) => r.failure_reason !== null);
    expect(failed.failure_reason).toBe('recordings.errors.engineRejected');
    expect(failed.session_status).toBe('PROCESSING_TRANSCRIPTION');
    expect(failed._actions).toContain('retry');
    // A refused audio is not sent again by itself.
    await waitForJobs(t.app);
    expect(received).toHaveLength(1);

    answer = hostedAnswer;
    const retried = await call(admin, 'POST', `/api/recordings/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data[0] ?? retried.json().data).toMatchObject({
      session_status: 'PENDING_TRANSCRIPTION',
      failure_reason: null,
    });
    const ready = await waitFor(id, (r) => r.session_status === 'READY');
    expect(ready.failure_reason).toBeNull();
    expect(received).toHaveLength(2);
    // Nothing to retry any more.
    expect((await call(admin, 'POST', `/api/recordings/${id}/retry`)).statusCode).toBe(409);
  });

  it('fails a file that is audio by its first bytes but cannot be decoded, with the reason, and never calls the engine', async () => {
    received = [];
    // A WAV whose format chunk names a codec nobody knows: a WAV by its head, not decodable.
    const broken = Buffer.from(speech);
    broken.writeUInt16LE(0x1234, 20);
    const res = await upload(admin, { data: broken }, { title: 'Broken' });
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().data.id);
    const failed = await waitFor(id, (r) => r.failure_reason !== null);
    expect(failed.failure_reason).toBe('recordings.errors.undecodable');
    expect(failed.session_status).toBe('PENDING_AUDIO');
    await waitForJobs(t.app);
    expect(received).toHaveLength(0);
  });
});

describe('uploading', () => {
  it('streams a 200 MB upload into storage with the server’s memory bounded', { timeout: 120_000 }, async () => {
    const size = 200 * 1024 * 1024;
    const boundary = '----hablaBigUpload';
    const header = Buffer.from(speech.subarray(0, 44));
    header.writeUInt32LE(36 + size - 44, 4);
    header.writeUInt32LE(size - 44, 40);
    const fields = Object.entries({
      student_id: studentId,
      language: 'en',
      consent: 'true',
      title: 'Two hundred megabytes',
    })
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    const chunk = Buffer.alloc(1024 * 1024, 1);
    async function* body() {
      yield Buffer.from(
        `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
      yield header;
      for (let sent = 44; sent < size; sent += chunk.length)
        yield chunk.subarray(0, Math.min(chunk.length, size - sent));
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let highest = before;
    const watch = setInterval(() => (highest = Math.max(highest, process.memoryUsage().rss)), 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    clearInterval(watch);
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().data.id);
    // Not decoded here: deleted at once, the audio step finds nothing to do.
    expect((await call(admin, 'DELETE', `/api/recordings/${id}`)).statusCode).toBe(200);
    const key = (await poolOf(t.app.db).query(`SELECT source_key FROM recordings WHERE id = $1`, [id])).rows[0]
      .source_key as string;
    expect((await t.app.storage.stat(key))?.size).toBe(size);
    const grewMb = (highest - before) / 1024 / 1024;
    console.log(`recordings: a 200 MB upload grew the process by ${grewMb.toFixed(0)} MB at most`);
    expect(grewMb).toBeLessThan(96);
  });

  it('fails a recording longer than the MAA configuration’s maximum, with the reason', async () => {
    const superadmin = await loginAs(t.app, 'SUPERADMIN');
    const maa = (await call(superadmin, 'GET', '/api/app-configuration/MAA')).json().data as Record<string, unknown>;
    const { module: _module, updated_at: _at, updated_by: _by, _actions: _allowed, ...values } = maa;
    const put = await call(superadmin, 'PUT', '/api/app-configuration/MAA', { ...values, max_recording_minutes: 1 });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const seconds = 70;
      const data = Buffer.alloc(seconds * 16_000 * 2);
      const header = Buffer.from(speech.subarray(0, 44));
      header.writeUInt32LE(16_000, 24);
      header.writeUInt32LE(32_000, 28);
      header.writeUInt32LE(36 + data.length, 4);
      header.writeUInt32LE(data.length, 40);
      const id = String(
        (await upload(admin, { data: Buffer.concat([header, data]) }, { title: 'Seventy seconds' })).json().data.id,
      );
      const failed = await waitFor(id, (r) => r.failure_reason !== null);
      expect(failed.failure_reason).toBe('recordings.errors.tooLong');
    } finally {
      expect((await call(superadmin, 'PUT', '/api/app-configuration/MAA', values)).statusCode).toBe(200);
    }
  });

  it('refuses a file that is not audio (415), whatever its name and type say, and keeps nothing', async () => {
    const before = storedFiles().length;
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 7)]);
    const res = await upload(admin, { data: exe, filename: 'session.wav', type: 'audio/wav' });
    expect(res.statusCode).toBe(415);
    expect(res.json().fields.file).toMatch(/WAV/);
    // Bytes no sniffer recognises: never taken on the client's word.
    for (const type of ['audio/wav', 'image/png']) {
      const unknown = await upload(admin, { data: UNKNOWN_BYTES, filename: 'session.wav', type });
      expect(unknown.statusCode, type).toBe(415);
      expect(unknown.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { file: expect.stringMatching(/WAV/) },
      });
    }
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an upload without the guardian consent (400 naming consent) and keeps nothing', async () => {
    const before = storedFiles().length;
    // Refused, unchecked ('false', ''), or left out of the form altogether.
    for (const consent of ['false', '', undefined]) {
      const res = await upload(admin, { data: speech }, { consent });
      expect(res.statusCode, `consent ${JSON.stringify(consent)}`).toBe(400);
      expect(res.json().fields).toEqual({ consent: "Confirm that the student's guardian consents to this recording." });
    }
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a student outside the caller’s scope (400 naming student_id) and keeps nothing', async () => {
    const other = await loginAs(t.app, 'STUDENT', { accountId: stranger.user.accountId });
    const before = storedFiles().length;
    const res = await upload(admin, { data: speech }, { student_id: other.user.id });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['student_id']);
    expect(storedFiles().length).toBe(before);
  });

  it('is refused to those without the assessments permissions', async () => {
    const student = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
    expect((await upload(student, { data: speech })).statusCode).toBe(403);
  });
});

describe('reading and scope', () => {
  let id: string;
  beforeAll(async () => {
    answer = hostedAnswer;
    id = String((await upload(admin, { data: speech }, { title: 'Scoped' })).json().data.id);
    await waitFor(id, (r) => r.session_status === 'READY');
  });

  it('renames a recording, and refuses to move it to another student', async () => {
    const renamed = await call(admin, 'PATCH', `/api/recordings/${id}`, { title: 'Scoped, renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.title).toBe('Scoped, renamed');
    const other = await loginAs(t.app, 'STUDENT', { accountId: admin.user.accountId });
    const moved = await call(admin, 'PATCH', `/api/recordings/${id}`, { student_id: other.user.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields.student_id).toMatch(/cannot change/);
  });

  it('answers 404 for another account’s recording, its audio, waveform and transcript, and to a therapist without the student', async () => {
    for (const who of [stranger, therapist])
      for (const url of [
        `/api/recordings/${id}`,
        `/api/recordings/${id}/audio`,
        `/api/recordings/${id}/waveform`,
        `/api/recordings/${id}/utterances`,
      ]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, `${url}`).toBe(404);
      }
    expect(
      (await call(stranger, 'PUT', `/api/recordings/${id}/utterances`, { version: 1, utterances: [] })).statusCode,
    ).toBe(404);
    const list = (await call(stranger, 'GET', '/api/recordings')).json();
    expect(list.data.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('serves the audio whole and by byte ranges', async () => {
    const whole = await call(admin, 'GET', `/api/recordings/${id}/audio`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(whole.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
    expect(whole.rawPayload.readUInt32LE(24)).toBe(TARGET_RATE);

    const head = await call(admin, 'GET', `/api/recordings/${id}/audio`, undefined, { range: 'bytes=0-43' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-43/${size}`);
    expect(head.rawPayload.equals(whole.rawPayload.subarray(0, 44))).toBe(true);
    const tail = await call(admin, 'GET', `/api/recordings/${id}/audio`, undefined, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 100))).toBe(true);
    // An end past the file is clamped to its last byte; a start past it is 416.
    const clamped = await call(admin, 'GET', `/api/recordings/${id}/audio`, undefined, { range: 'bytes=10-99999999' });
    expect(clamped.statusCode).toBe(206);
    expect(clamped.headers['content-range']).toBe(`bytes 10-${size - 1}/${size}`);
    expect(clamped.headers['content-length']).toBe(String(size - 10));
    expect(clamped.rawPayload.equals(whole.rawPayload.subarray(10))).toBe(true);
    for (const range of [`bytes=${size}-`, `bytes=${size}-99999999`, 'bytes=99999999-']) {
      const beyond = await call(admin, 'GET', `/api/recordings/${id}/audio`, undefined, { range });
      expect(beyond.statusCode, range).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
      expect(beyond.json()).toMatchObject({ status: false, code: 'RANGE_NOT_SATISFIABLE' });
    }
  });
});

describe('the transcript', () => {
  it('saves against its version, refuses a stale one (409), and is read-only once completed', async () => {
    answer = hostedAnswer;
    const id = String((await upload(admin, { data: speech }, { title: 'Edited' })).json().data.id);
    await waitFor(id, (r) => r.session_status === 'READY');
    const first = (await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data;
    const utterances = [
      { start_ms: 100, end_ms: 1200, speaker: 'THERAPIST', text: 'What is the dog doing?' },
      { start_ms: 1300, end_ms: 2400, speaker: 'STUDENT', text: 'the (um) dog running xxx .' },
    ];
    const saved = await call(admin, 'PUT', `/api/recordings/${id}/utterances`, { version: first.version, utterances });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.version).toBe(first.version + 1);
    expect(
      saved
        .json()
        .data.utterances.map((u: { position: number; speaker: string; text: string }) => [
          u.position,
          u.speaker,
          u.text,
        ]),
    ).toEqual([
      [1, 'THERAPIST', 'What is the dog doing?'],
      [2, 'STUDENT', 'the (um) dog running xxx .'],
    ]);
    expect((await call(admin, 'GET', `/api/recordings/${id}`)).json().data.session_status).toBe('WORK_IN_PROGRESS');

    // A second editor who loaded the first version does not overwrite the save.
    const stale = await call(admin, 'PUT', `/api/recordings/${id}/utterances`, {
      version: first.version,
      utterances: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(Object.keys(stale.json().fields)).toEqual(['version']);
    expect(stale.json().fields.version).toMatch(/Someone else saved/);
    expect((await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data.utterances).toHaveLength(2);

    // Bad input names the field.
    const bad = await call(admin, 'PUT', `/api/recordings/${id}/utterances`, {
      version: first.version + 1,
      utterances: [{ ...utterances[0], speaker: 'CHILD' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['utterances.0.speaker']);
    const backwards = await call(admin, 'PUT', `/api/recordings/${id}/utterances`, {
      version: first.version + 1,
      utterances: [{ ...utterances[0], start_ms: 900, end_ms: 100 }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().fields)).toEqual(['utterances.0.end_ms']);
    expect(backwards.json().fields['utterances.0.end_ms']).toMatch(/comes before the start/);

    const done = await call(admin, 'POST', `/api/recordings/${id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const locked = await call(admin, 'PUT', `/api/recordings/${id}/utterances`, {
      version: first.version + 1,
      utterances: [],
    });
    expect(locked.statusCode).toBe(409);
    expect((await call(admin, 'GET', `/api/recordings/${id}/utterances`)).json().data.editable).toBe(false);
  });
});

describe('CHAT and plain text', () => {
  const EVE = fs.readFileSync(
    path.join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'chat', 'eve01.cha'),
    'utf8',
  );

  it(
    'imports a real CHAT transcript and exports it back with every utterance, speaker code, time and tier',
    { timeout: 60_000 },
    async () => {
      answer = hostedAnswer;
      const id = String((await upload(admin, { data: speech }, { title: 'Eve 1;06' })).json().data.id);
      await waitFor(id, (r) => r.session_status === 'READY');
      const imported = await call(admin, 'POST', `/api/recordings/${id}/transcript`, {
        format: 'chat',
        text: EVE,
        version: 1,
      });
      expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
      const data = imported.json().data as {
        version: number;
        utterances: { speaker: string; code: string; text: string }[];
      };
      expect(data.version).toBe(2);
      expect(data.utterances).toHaveLength(1588);
      expect(data.utterances[0]).toMatchObject({ code: 'CHI', speaker: 'STUDENT' });
      expect(data.utterances.some((u) => u.code === 'MOT' && u.speaker === 'OTHER')).toBe(true);

      const exported = await call(admin, 'GET', `/api/recordings/${id}/transcript?format=chat`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="Eve 1;06.cha"/);
      const mainTiers = (text: string) => text.split('\n').filter((l) => /^\*[A-Z]+:/.test(l));
      const depTiers = (text: string) => text.split('\n').filter((l) => /^%[a-z]+:/.test(l));
      // Every utterance, in order, with its speaker, words, marks and time bullet; every dependent tier
      // (a long line that CHAT continues on the next, indented, is written as one).
      const original = EVE.replace(/\r/g, '').replace(/\n\t/g, ' ');
      expect(mainTiers(exported.body)).toEqual(mainTiers(original).map((l) => l.trimEnd()));
      expect(depTiers(exported.body)).toEqual(depTiers(original).map((l) => l.trimEnd()));
      // The file's own headers and @ID lines come back as they were.
      for (const line of original.split('\n').filter((l) => /^@(Participants|ID|Languages|Date|Situation):/.test(l)))
        expect(exported.body.split('\n')).toContain(line.trimEnd());

      // Plain text: one line per utterance.
      const text = await call(admin, 'GET', `/api/recordings/${id}/transcript?format=text`);
      expect(text.body.trim().split('\n')).toHaveLength(1588);
      expect(text.body.split('\n')[0]).toMatch(/^CHI: /);
    },
  );

  it('imports plain text, refuses a line it cannot read naming the line, and exports typed utterances as CHAT', async () => {
    answer = hostedAnswer;
    const id = String((await upload(admin, { data: speech }, { title: 'Typed' })).json().data.id);
    await waitFor(id, (r) => r.session_status === 'READY');
    const bad = await call(admin, 'POST', `/api/recordings/${id}/transcript`, {
      format: 'text',
      text: 'C: the dog run .\nthis line has no speaker\n',
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.text).toMatch(/^Line 2:/);
    const ok = await call(admin, 'POST', `/api/recordings/${id}/transcript`, {
      format: 'text',
      text: 'E: what is he doing ?\nC: the dog (um) run in xxx .\n',
      version: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.utterances.map((u: { speaker: string; text: string }) => [u.speaker, u.text])).toEqual([
      ['THERAPIST', 'what is he doing ?'],
      ['STUDENT', 'the dog (um) run in xxx .'],
    ]);
    const chat = (await call(admin, 'GET', `/api/recordings/${id}/transcript?format=chat`)).body;
    expect(chat).toMatch(/^@Begin$/m);
    expect(chat).toMatch(/^@Languages:\teng$/m);
    expect(chat).toMatch(/^\*EXA:\twhat is he doing \?$/m);
    expect(chat).toMatch(/^\*CHI:\tthe dog \(um\) run in xxx \.$/m);
    expect(chat.trim().endsWith('@End')).toBe(true);
    // An old version is refused like a stale save.
    expect(
      (await call(admin, 'POST', `/api/recordings/${id}/transcript`, { format: 'text', text: 'C: hi .', version: 1 }))
        .statusCode,
    ).toBe(409);
    // Another account: 404 both ways.
    expect((await call(stranger, 'GET', `/api/recordings/${id}/transcript?format=chat`)).statusCode).toBe(404);
    expect(
      (
        await call(stranger, 'POST', `/api/recordings/${id}/transcript`, {
          format: 'text',
          text: 'C: hi .',
          version: 2,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('deleting', () => {
  it('keeps the files while the recording can be restored, and removes them when the purge deletes it for good', async () => {
    answer = hostedAnswer;
    const id = String((await upload(admin, { data: speech }, { title: 'To delete' })).json().data.id);
    await waitFor(id, (r) => r.session_status === 'READY');
    const keys = (await poolOf(t.app.db).query(`SELECT source_key, audio_key FROM recordings WHERE id = $1`, [id]))
      .rows[0] as { source_key: string; audio_key: string };
    const exists = async (key: string) => (await t.app.storage.stat(key)) !== null;
    expect(await exists(keys.source_key)).toBe(true);
    expect(await exists(keys.audio_key)).toBe(true);

    expect((await call(admin, 'DELETE', `/api/recordings/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/recordings/${id}/audio`)).statusCode).toBe(404);
    // In the trash: restorable, the files kept, even when the purge runs.
    await t.app.jobs.enqueue(poolOf(t.app.db), 'recordings.purge', {});
    t.app.jobs.wake('recordings.purge');
    await waitForJobs(t.app);
    expect(await exists(keys.audio_key)).toBe(true);
    expect((await call(admin, 'POST', `/api/recordings/${id}/restore`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/recordings/${id}/audio`)).statusCode).toBe(200);

    // Deleted 31 days ago: the purge removes the row, its utterances and both files.
    expect((await call(admin, 'DELETE', `/api/recordings/${id}`)).statusCode).toBe(200);
    await poolOf(t.app.db).query(`UPDATE recordings SET deleted_at = now() - interval '31 days' WHERE id = $1`, [id]);
    await t.app.jobs.enqueue(poolOf(t.app.db), 'recordings.purge', {});
    t.app.jobs.wake('recordings.purge');
    await waitForJobs(t.app);
    expect(await exists(keys.source_key)).toBe(false);
    expect(await exists(keys.audio_key)).toBe(false);
    expect(
      (await poolOf(t.app.db).query(`SELECT count(*)::int AS n FROM utterances WHERE recording_id = $1`, [id])).rows[0]
        .n,
    ).toBe(0);
    expect((await call(admin, 'GET', `/api/recordings/${id}?trash=true`)).statusCode).toBe(404);
  });
});
