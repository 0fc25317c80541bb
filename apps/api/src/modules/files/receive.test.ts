import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../lib/storage/index';
import { multipartBody, pngOfSize } from '../../../test/multipart';
import { FRAMING_ALLOWANCE, receiveUpload } from './receive';

/**
 * receiveUpload on a bare Fastify app with the multipart plugin and an in-memory store, without the
 * database: what it hands the caller (the stored file and the text fields) and what it refuses
 * before reading. The routes built on it (files, images, recordings) and their limits over HTTP:
 * files.test.ts and upload-limits.test.ts.
 */
const MAX = 20_000;
const objects = new Map<string, Buffer>();
const storage = {
  driver: 'local',
  async putStream(key: string, stream: AsyncIterable<Buffer>) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    objects.set(key, Buffer.concat(chunks));
  },
  async delete(key: string) {
    objects.delete(key);
  },
} as unknown as Storage;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.decorate('config', { uploadPace: { idleMs: 5000, minBytesPerSecond: 0, graceMs: 0 } } as never);
  await app.register(multipart);
  app.post('/upload', async (req, reply) => {
    const { stored, fields } = await receiveUpload(req, reply, storage, { maxBytes: MAX, types: ['image/png'] }, null);
    return { stored, fields };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('receiveUpload', () => {
  it('hands over the stored file and the text fields; a part sent as JSON is no text field and is left out', async () => {
    const form = multipartBody([
      { name: 'alt', data: 'A red square' },
      { name: 'name', type: 'application/json', data: '{"first":"Ana"}' },
      { name: 'file', filename: 'square.png', type: 'image/png', data: pngOfSize(3000) },
    ]);
    const res = await app.inject({ method: 'POST', url: '/upload', headers: form.headers, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const { stored, fields } = res.json();
    expect(fields).toEqual({ alt: 'A red square' });
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

  it('answers a body that is not multipart with 415 whatever its declared length: its type is what is wrong, not its size', async () => {
    const payload = JSON.stringify({ file: 'x'.repeat(MAX + FRAMING_ALLOWANCE) });
    const res = await app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(objects.size).toBe(0);
  });
});
