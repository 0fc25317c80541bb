import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { promptFileName } from './speech.service';
import { Synthesizer, SynthesizerBusy } from './synthesizer';

/**
 * Audio prompts: a therapist has a question or a sentence spoken in English or Spanish by
 * the synthesizer that ships with the server, and gets a stored file like an upload.
 */

/** The header of a PCM WAV file, and its length in seconds. */
function readWav(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  const channels = bytes.readUInt16LE(22);
  const rate = bytes.readUInt32LE(24);
  const bits = bytes.readUInt16LE(34);
  const samples = (bytes.length - 44) / (channels * (bits / 8));
  // Speech, not silence: some samples are loud.
  let loud = 0;
  for (let i = 44; i + 1 < bytes.length; i += 2) if (Math.abs(bytes.readInt16LE(i)) > 3000) loud++;
  return { channels, rate, bits, seconds: samples / rate, loud };
}

describe('POST /api/speech', () => {
  let t: TestApp;
  let therapist: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    t = await buildTestApp();
    therapist = await loginAs(t.app, 'THERAPIST');
  });

  const speak = (headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/speech', headers: { ...headers, ...extra }, payload: body as object });
  const content = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/files/${id}/content`, headers });

  it('speaks an English question as a WAV file of the account that plays back', async () => {
    const res = await speak(therapist.headers, { text: '  Which one is the apple?  ', language: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({
      name: 'prompt-which-one-is-the-apple.wav',
      content_type: 'audio/wav',
      account_id: therapist.user.accountId,
      created_by: therapist.user.id,
    });
    const audio = await content(therapist.headers, file.id);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    const wav = readWav(audio.rawPayload);
    expect(audio.rawPayload.length).toBe(file.size);
    expect(wav).toMatchObject({ channels: 1, rate: 22050, bits: 16 });
    // Five words at 140 a minute: between one and four seconds, and not silent.
    expect(wav.seconds).toBeGreaterThan(1);
    expect(wav.seconds).toBeLessThan(4);
    expect(wav.loud).toBeGreaterThan(1000);
    const entries = await t.database.pool.query('SELECT action, entity FROM audit_log WHERE entity_id = $1', [file.id]);
    expect(entries.rows).toEqual([{ action: 'create', entity: 'files' }]);
  });

  it('speaks Spanish with the Spanish voice, and a text that looks like an option is spoken, not obeyed', async () => {
    const es = await speak(therapist.headers, { text: '¿Cuál es la manzana?', language: 'es' });
    const en = await speak(therapist.headers, { text: '¿Cuál es la manzana?', language: 'en' });
    expect(es.statusCode).toBe(201);
    expect(en.statusCode).toBe(201);
    expect(es.json().data.name).toBe('prompt-cual-es-la-manzana.wav');
    expect(es.json().data.sha256).not.toBe(en.json().data.sha256);
    // On eSpeak's command line "--help" would print its help and write no audio.
    const option = await speak(therapist.headers, { text: '--help', language: 'en' });
    expect(option.statusCode, option.body).toBe(201);
    expect(readWav((await content(therapist.headers, option.json().data.id)).rawPayload).seconds).toBeGreaterThan(0.3);
  });

  it('names the field and what is wrong, in the user’s language', async () => {
    const cases: [unknown, string][] = [
      [{ text: '   ', language: 'en' }, 'Text is required.'],
      [{ text: 'a'.repeat(301), language: 'en' }, 'Text is too long (at most 300 characters).'],
      [{ text: '?! …', language: 'en' }, 'Text has no word to say.'],
      [{ text: 'Hello', language: 'fr' }, 'Language must be one of the listed options.'],
      [{ language: 'en' }, 'Text is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await speak(therapist.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    const es = await speak(therapist.headers, { text: '¿?', language: 'es' }, { 'accept-language': 'es' });
    expect(es.json().errors).toContain('Texto no tiene ninguna palabra que decir.');
  });

  it('is for those who may upload files; the prompt is its maker’s (and the account admin’s) until an activity holds it', async () => {
    expect((await speak({}, { text: 'Hello', language: 'en' })).statusCode).toBe(401);
    for (const role of ['STUDENT', 'VIEWER'] as const) {
      const user = await loginAs(t.app, role, { accountId: role === 'STUDENT' ? therapist.user.accountId : null });
      expect((await speak(user.headers, { text: 'Hello', language: 'en' })).statusCode, role).toBe(403);
    }
    const made = (await speak(therapist.headers, { text: 'The girl ate an apple.', language: 'en' })).json().data;
    const stranger = await loginAs(t.app, 'THERAPIST');
    expect((await content(stranger.headers, made.id)).statusCode).toBe(404);
    const colleague = await loginAs(t.app, 'THERAPIST', { accountId: therapist.user.accountId });
    expect((await content(colleague.headers, made.id)).statusCode).toBe(404);
    const accountAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId: therapist.user.accountId });
    expect((await content(accountAdmin.headers, made.id)).statusCode).toBe(200);
    expect((await content(therapist.headers, made.id)).statusCode).toBe(200);
  });
});

describe('the synthesizer', () => {
  it('refuses a call past its queue, and answers those it took, in order', async () => {
    const s = new Synthesizer({ maxPending: 2 });
    try {
      const first = s.speak('one', 'en');
      const second = s.speak('two two two two', 'en');
      await expect(s.speak('three', 'en')).rejects.toBeInstanceOf(SynthesizerBusy);
      const [a, b] = await Promise.all([first, second]);
      expect(readWav(a).seconds).toBeLessThan(readWav(b).seconds);
      // The queue is free again.
      expect(readWav(await s.speak('four', 'en')).seconds).toBeGreaterThan(0.2);
    } finally {
      await s.close();
    }
  });

  it('gives up on a call that takes too long, and fails every waiting call when closed', async () => {
    const slow = new Synthesizer({ timeoutMs: 1 });
    await expect(slow.speak('Which one is the apple?', 'en')).rejects.toThrow(/timed out/);
    await slow.close();
    const closing = new Synthesizer();
    const pending = expect(closing.speak('Hello there', 'en')).rejects.toThrow(/closed/);
    await closing.close();
    await pending;
  });

  it('names a prompt by its words', () => {
    expect(promptFileName('¿Dónde está el niño?')).toBe('prompt-donde-esta-el-nino.wav');
    expect(promptFileName('!!!')).toBe('prompt.wav');
    expect(promptFileName('a '.repeat(100)).length).toBeLessThanOrEqual('prompt-'.length + 48 + '.wav'.length);
  });
});
