import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Synthesizer } from '../../speech/synthesizer';
import { normalizeAudio, TARGET_RATE } from '../audio';
import { EngineError } from './engine';
import { hostedEngine, transcriptionsUrl } from './hosted';

/**
 * The hosted engine against a local OpenAI-compatible server started here: it reads the multipart
 * request as such a service would and answers verbose_json (or an error) as each test asks.
 */
const KEY = 'sk-test-0123456789abcdef';
type Received = {
  path: string;
  auth: string | undefined;
  fields: Record<string, string[]>;
  file: { name: string; type: string; bytes: Buffer };
};
let received: Received[] = [];
let answer: (r: Received) => { status: number; body: unknown; delayMs?: number } = () => ({ status: 500, body: {} });
let server: Server;
let base = '';

async function read(req: IncomingMessage): Promise<Received> {
  const request = new Request('http://local', {
    method: 'POST',
    headers: req.headers as Record<string, string>,
    body: Readable.toWeb(req) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const form = await request.formData();
  const fields: Record<string, string[]> = {};
  let file: Received['file'] | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') (fields[name] ??= []).push(value);
    else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return { path: req.url ?? '', auth: req.headers.authorization, fields, file: file! };
}

const dir = mkdtempSync(join(tmpdir(), 'habla-hosted-'));
const synthesizer = new Synthesizer();

beforeAll(async () => {
  server = createServer((req, res) => {
    read(req)
      .then(async (r) => {
        received.push(r);
        const a = answer(r);
        if (a.delayMs) await new Promise((done) => setTimeout(done, a.delayMs));
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      })
      .catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await synthesizer.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
});

/** A normalised WAV of `seconds` of a quiet tone. */
async function toneWav(name: string, seconds: number): Promise<string> {
  async function* wav() {
    const frames = TARGET_RATE * seconds;
    const h = Buffer.alloc(44);
    h.write('RIFF', 0, 'ascii');
    h.writeUInt32LE(36 + frames * 2, 4);
    h.write('WAVEfmt ', 8, 'ascii');
    h.writeUInt32LE(16, 16);
    h.writeUInt16LE(1, 20);
    h.writeUInt16LE(1, 22);
    h.writeUInt32LE(TARGET_RATE, 24);
    h.writeUInt32LE(TARGET_RATE * 2, 28);
    h.writeUInt16LE(2, 32);
    h.writeUInt16LE(16, 34);
    h.write('data', 36, 'ascii');
    h.writeUInt32LE(frames * 2, 40);
    yield h;
    const data = Buffer.alloc(frames * 2);
    for (let i = 0; i < frames; i++)
      data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / TARGET_RATE)), i * 2);
    yield data;
  }
  const path = join(dir, name);
  await normalizeAudio(wav(), 'wav', path);
  return path;
}

const secondsOf = (wav: Buffer) => wav.readUInt32LE(40) / 2 / TARGET_RATE;

describe('the hosted engine (OpenAI-compatible)', () => {
  it('sends the recording as verbose_json with segment and word times, and reads segments, words and confidences back', async () => {
    const path = join(dir, 'speech.wav');
    const speech = await synthesizer.speak('The little dog is running.', 'en');
    async function* once() {
      yield speech;
    }
    await normalizeAudio(once(), 'wav', path);
    answer = () => ({
      status: 200,
      body: {
        text: 'The little dog is running.',
        segments: [{ id: 0, start: 0.2, end: 1.9, text: ' The little dog is running.', avg_logprob: -0.3 }],
        words: [
          { word: 'The', start: 0.2, end: 0.35, probability: 0.9 },
          { word: 'little', start: 0.35, end: 0.7, probability: 0.8 },
          { word: 'dog', start: 0.7, end: 1.0, probability: 0.4 },
          { word: 'is', start: 1.0, end: 1.2, probability: 0.9 },
          { word: 'running', start: 1.2, end: 1.9, probability: 0.5 },
        ],
      },
    });
    const engine = hostedEngine({ url: base, key: KEY, model: 'whisper-large-v3' });
    const segments = await engine.transcribe({ audioPath: path, language: 'en' });
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.path).toBe('/v1/audio/transcriptions');
    expect(r.auth).toBe(`Bearer ${KEY}`);
    expect(r.fields).toMatchObject({
      model: ['whisper-large-v3'],
      language: ['en'],
      response_format: ['verbose_json'],
      'timestamp_granularities[]': ['segment', 'word'],
    });
    expect(r.file.type).toBe('audio/wav');
    expect(r.file.bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(r.file.bytes.readUInt32LE(24)).toBe(TARGET_RATE);
    expect(r.file.bytes.length).toBe(44 + r.file.bytes.readUInt32LE(40));
    expect(secondsOf(r.file.bytes)).toBeGreaterThan(1);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ startMs: 200, endMs: 1900, text: 'The little dog is running.' });
    expect(segments[0]!.confidence).toBeCloseTo((0.9 + 0.8 + 0.4 + 0.9 + 0.5) / 5, 5);
    expect(segments[0]!.words.map((w) => [w.text, w.startMs, w.confidence])).toEqual([
      ['The', 200, 0.9],
      ['little', 350, 0.8],
      ['dog', 700, 0.4],
      ['is', 1000, 0.9],
      ['running', 1200, 0.5],
    ]);
  });

  it('sends a long recording in pieces and puts each piece’s times back in place', async () => {
    const path = await toneWav('long.wav', 25);
    answer = () => ({ status: 200, body: { segments: [{ start: 1, end: 2.5, text: 'piece', avg_logprob: -0.2 }] } });
    const segments = await hostedEngine({ url: `${base}/v1`, key: KEY, pieceSeconds: 10 }).transcribe({
      audioPath: path,
      language: 'es',
    });
    expect(received.map((r) => secondsOf(r.file.bytes))).toEqual([10, 10, 5]);
    expect(received.every((r) => r.fields.language?.[0] === 'es')).toBe(true);
    expect(segments.map((s) => [s.startMs, s.endMs])).toEqual([
      [1000, 2500],
      [11_000, 12_500],
      [21_000, 22_500],
    ]);
    // No word probabilities: the segment's own average log-probability.
    expect(segments[0]!.confidence).toBeCloseTo(Math.exp(-0.2), 5);
  });

  it('tells a refused key (not worth retrying) from a busy service and a timeout (worth retrying), never repeating the key', async () => {
    const path = await toneWav('short.wav', 2);
    const engine = (timeoutMs?: number) => hostedEngine({ url: base, key: KEY, timeoutMs });
    const failure = async (timeoutMs?: number) => {
      const err = await engine(timeoutMs)
        .transcribe({ audioPath: path, language: 'en' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      expect(String((err as Error).message)).not.toContain(KEY);
      return err as EngineError;
    };
    answer = () => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } });
    expect(await failure()).toMatchObject({ key: 'recordings.errors.engineRefused', retryable: false });
    answer = () => ({ status: 503, body: {} });
    expect(await failure()).toMatchObject({ key: 'recordings.errors.engineBusy', retryable: true });
    answer = () => ({ status: 400, body: { error: { message: `bad audio for ${KEY}` } } });
    const rejected = await failure();
    expect(rejected).toMatchObject({ key: 'recordings.errors.engineRejected', retryable: false });
    expect(rejected.message).toContain('[redacted]');
    answer = () => ({ status: 200, body: { segments: 'not a list' } });
    expect(await failure()).toMatchObject({ key: 'recordings.errors.engineAnswer', retryable: true });
    answer = () => ({ status: 200, body: { segments: [] }, delayMs: 1500 });
    expect(await failure(200)).toMatchObject({ key: 'recordings.errors.engineUnreachable', retryable: true });
  });

  it('finds the transcriptions endpoint from a base URL, a /v1 URL or the endpoint itself', () => {
    expect(transcriptionsUrl('https://api.openai.com')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionsUrl('http://localhost:8000/v1/')).toBe('http://localhost:8000/v1/audio/transcriptions');
    expect(transcriptionsUrl('https://speech.example/v1/audio/transcriptions')).toBe(
      'https://speech.example/v1/audio/transcriptions',
    );
  });
});
