import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../lib/storage/index';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { multipartBody, pngOfSize, UNKNOWN_BYTES, wavOfSize } from '../../../test/multipart';
import { FRAMING_ALLOWANCE, receiveUpload } from './receive';

/**
 * receiveUpload on a bare Fastify app with the multipart plugin and an in-memory store, without the
 * database: what it hands the caller (the stored file and the text fields) and what it refuses
 * before reading. The routes built on it (files, images, recordings) and their limits over HTTP:
 * files.test.ts and upload-limits.test.ts.
 */
const MAX = 20_000;
const objects = new Map<string, Buffer>();
/** Keys written to and removed, the types given, and whether the store fails at its first chunk (a full disk). */
const written: string[] = [];
const deleted: string[] = [];
/** Keys whose stream the store read to its end (an object complete before any removal). */
const completed: string[] = [];
const types = new Map<string, string>();
let storeFails = false;
const storage = {
  driver: 'local',
  async putStream(key: string, stream: AsyncIterable<Buffer>, options: { contentType: string }) {
    written.push(key);
    types.set(key, options.contentType);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      if (storeFails) throw new Error('disk full');
      chunks.push(chunk);
    }
    completed.push(key);
    objects.set(key, Buffer.concat(chunks));
  },
  async delete(key: string) {
    deleted.push(key);
    objects.delete(key);
  },
} as unknown as Storage;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.decorate('config', { uploadPace: { idleMs: 5000, minBytesPerSecond: 0, graceMs: 0 } } as never);
  await app.register(multipart);
  app.post('/upload', async (req, reply) => {
    const before = req.raw.listenerCount('data');
    const { stored, fields } = await receiveUpload(
      req,
      reply,
      storage,
      { maxBytes: MAX, types: ['image/png', 'audio/wav'] },
      null,
    );
    // The request's listeners as they were: receiveUpload's byte counter is gone.
    return { stored, fields, listeners: req.raw.listenerCount('data') - before };
  });
  await app.ready();
});
afterAll(() => app.close());

const send = (data: Buffer, filename = 'a.wav') => {
  const form = multipartBody([{ name: 'file', filename, data }]);
  return app.inject({ method: 'POST', url: '/upload', headers: form.headers, payload: form.payload });
};

describe('receiveUpload', () => {
  it('stores a file of exactly the limit as it came, with its size and SHA-256; one byte more is 413 and nothing stays', async () => {
    const wav = wavOfSize(MAX);
    const res = await send(wav);
    expect(res.statusCode, res.body).toBe(200);
    const { stored } = res.json();
    expect(stored).toMatchObject({
      contentType: 'audio/wav',
      size: MAX,
      sha256: crypto.createHash('sha256').update(wav).digest('hex'),
    });
    expect(types.get(stored.key)).toBe('audio/wav');
    expect(objects.get(stored.key)?.equals(wav)).toBe(true);
    objects.delete(stored.key);
    written.length = 0;
    for (const size of [MAX + 1, 3 * MAX]) {
      const over = await send(wavOfSize(size));
      expect(over.statusCode, String(size)).toBe(413);
      expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'files.tooLarge' });
    }
    expect(objects.size).toBe(0);
    // Known too large from its first bytes: the store never saw it.
    expect(written).toEqual([]);
  });

  it('counts a file that arrives in many pieces: exactly the limit is stored whole, one byte more is 413 and stops the store', async () => {
    for (const [size, status] of [
      [MAX, 200],
      [MAX + 1, 413],
    ] as const) {
      const wav = wavOfSize(size);
      const form = multipartBody([{ name: 'file', filename: 'a.wav', data: wav }]);
      const pieces = Array.from({ length: Math.ceil(form.payload.length / 1000) }, (_, i) =>
        form.payload.subarray(i * 1000, (i + 1) * 1000),
      );
      const res = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: { ...form.headers, 'content-length': String(form.payload.length) },
        payload: Readable.from(pieces),
      });
      expect(res.statusCode, String(size)).toBe(status);
      if (status === 413) {
        // Too large only past the head: the store was given the file, and stopped before its end (not finished, then
        // removed).
        expect(written, String(size)).toHaveLength(1);
        expect(completed).toEqual([]);
      }
      written.length = 0;
      completed.length = 0;
      if (status === 200) {
        expect(objects.get(res.json().stored.key)?.equals(wav)).toBe(true);
        objects.delete(res.json().stored.key);
      }
    }
    expect(objects.size).toBe(0);
  });

  it('refuses a form without a file (400), naming the field', async () => {
    const form = multipartBody([{ name: 'alt', data: 'no file here' }]);
    const res = await app.inject({ method: 'POST', url: '/upload', headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'files.required' });
  });

  it('refuses an empty file (400), bytes of no accepted type (415), and removes what a failing store was given', async () => {
    const empty = await send(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION', message: 'files.empty' });
    for (const data of [UNKNOWN_BYTES, Buffer.concat([UNKNOWN_BYTES, Buffer.alloc(8000, 1)])]) {
      const unknown = await send(data);
      expect(unknown.statusCode).toBe(415);
      expect(unknown.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'files.type' });
      // The body was read to its end (the rest of the file drained): the connection can serve another request.
      expect(unknown.headers.connection).not.toBe('close');
    }
    deleted.length = 0;
    storeFails = true;
    try {
      const failed = await send(wavOfSize(MAX));
      expect(failed.statusCode).toBe(500);
    } finally {
      storeFails = false;
    }
    expect(deleted).toHaveLength(1);
    expect(objects.size).toBe(0);
  });

  it('refuses a picture whose structure is broken (415) and a body cut short (400), keeping nothing', async () => {
    const png = pngOfSize(MAX - 1000);
    // A PNG head (signature, IHDR) as it should be, then a chunk whose type is not letters: the walk, not the sniffer,
    // refuses it.
    const broken = Buffer.concat([png.subarray(0, 37), Buffer.from('1234'), png.subarray(41)]);
    const res = await send(broken, 'broken.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'files.type' });
    // The rest of the file was read and dropped: the connection can serve another request.
    expect(res.headers.connection).not.toBe('close');
    const form = multipartBody([{ name: 'file', filename: 'a.wav', data: wavOfSize(10_000) }]);
    const cut = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: form.headers,
      payload: form.payload.subarray(0, 6000),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'VALIDATION', message: 'files.malformed' });
    expect(objects.size).toBe(0);
  });

  it('hands over the stored file and the text fields; a part sent as JSON is no text field and is left out', async () => {
    const form = multipartBody([
      { name: 'alt', data: 'A red square' },
      { name: 'name', type: 'application/json', data: '{"first":"Ana"}' },
      { name: 'file', filename: 'square.png', type: 'image/png', data: pngOfSize(3000) },
    ]);
    const res = await app.inject({ method: 'POST', url: '/upload', headers: form.headers, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const { stored, fields, listeners } = res.json();
    expect(fields).toEqual({ alt: 'A red square' });
    expect(listeners).toBe(0);
    expect(stored).toMatchObject({ name: 'square.png', contentType: 'image/png' });
    expect(objects.get(stored.key)?.length).toBe(stored.size);
    objects.delete(stored.key);
  });

  it('refuses a file under another field name, alone or beside the file, and keeps nothing of it', async () => {
    for (const parts of [
      [{ name: 'photo', filename: 'a.png', type: 'image/png', data: pngOfSize(3000) }],
      [
        { name: 'file', filename: 'a.png', type: 'image/png', data: pngOfSize(3000) },
        { name: 'photo', filename: 'b.png', type: 'image/png', data: pngOfSize(3000) },
      ],
    ]) {
      const form = multipartBody(parts);
      const res = await app.inject({ method: 'POST', url: '/upload', headers: form.headers, payload: form.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'files.onlyOne' });
      expect(objects.size).toBe(0);
    }
  });

  it('allows the form around the file 350 KiB: a declared length past the limit and that is refused (413) before a byte is read', async () => {
    expect(FRAMING_ALLOWANCE).toBe(350 * 1024);
    const form = multipartBody([{ name: 'file', filename: 'a.wav', data: wavOfSize(3000) }]);
    for (const [declared, status] of [
      [MAX + FRAMING_ALLOWANCE + 1, 413],
      [MAX + FRAMING_ALLOWANCE, 200],
    ] as const) {
      // The declared length is not the body's here: what decides is the header, before reading.
      const res = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: { ...form.headers, 'content-length': String(declared) },
        payload: form.payload,
      });
      expect(res.statusCode, String(declared)).toBe(status);
      if (status === 413) {
        expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'files.tooLarge' });
        expect(res.headers.connection).toBe('close');
      }
    }
    for (const key of objects.keys()) objects.delete(key);
  });

  it('takes at most 20 text fields beside the file: a 21st is 413', async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, data: 'x' }));
    const file = { name: 'file', filename: 'a.wav', data: wavOfSize(3000) };
    const ok = multipartBody([...fields(20), file]);
    const twenty = await app.inject({ method: 'POST', url: '/upload', headers: ok.headers, payload: ok.payload });
    expect(twenty.statusCode, twenty.body).toBe(200);
    expect(Object.keys(twenty.json().fields)).toHaveLength(20);
    objects.delete(twenty.json().stored.key);
    const many = multipartBody([...fields(21), file]);
    const refused = await app.inject({ method: 'POST', url: '/upload', headers: many.headers, payload: many.payload });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'files.tooManyParts' });
    expect(objects.size).toBe(0);
  });

  it('answers a body that is not multipart with 415 whatever its declared length: its type is what is wrong, not its size', async () => {
    const payload = JSON.stringify({ file: 'x'.repeat(MAX + FRAMING_ALLOWANCE) });
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(objects.size).toBe(0);
  });
});
