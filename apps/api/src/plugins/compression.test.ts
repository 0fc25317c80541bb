import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { buildTestApp } from '../../test/app';
import { loginAs } from '../../test/factories';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES, compressText } from './compression';

const CSV = 'word,type\n'.repeat(1000);
const { app } = await buildTestApp({
  routes: (a) => {
    a.get('/api/test-compress/stream', async (_req, reply) =>
      reply.type('text/csv; charset=utf-8').send(Readable.from([CSV.slice(0, 5000), CSV.slice(5000)])),
    );
    a.get('/api/test-compress/opt-out', { config: { compress: false } }, async () => ({ text: 'x'.repeat(5000) }));
  },
});
const admin = await loginAs(app, 'SUPERADMIN');
const LIST = '/api/role-permissions';

describe('compressed API answers', () => {
  it('sends a large JSON list as brotli or gzip when the client accepts it, bytes that decompress to the same JSON', async () => {
    const plain = await app.inject({ method: 'GET', url: LIST, headers: admin.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(() => plain.json()).not.toThrow();

    const br = await app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...admin.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await app.inject({ method: 'GET', url: LIST, headers: { ...admin.headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and clients that accept no compression alone', async () => {
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe(true);
    const identity = await app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...admin.headers, 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().status).toBe(true);
  });

  it('does not take compressed request bodies: a gzip body is refused, never inflated', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ login: 'nobody', password: 'x' })),
    });
    // Inflated, it would be a well-formed sign-in (401 wrong credentials); as sent, it is not JSON.
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
  });

  it('chooses brotli, then gzip, as Accept-Encoding allows (q=0 refuses, * stands for the rest)', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('BR;Q=1')).toBe('br');
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('compresses a stream as it flows, leaves a route that opts out alone, and a HEAD without a body', async () => {
    const stream = await app.inject({
      method: 'GET',
      url: '/api/test-compress/stream',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(stream.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(stream.rawPayload).toString('utf8')).toBe(CSV);

    const optOut = await app.inject({
      method: 'GET',
      url: '/api/test-compress/opt-out',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.headers['content-encoding']).toBeUndefined();
    expect(optOut.json()).toEqual({ text: 'x'.repeat(5000) });

    const head = await app.inject({
      method: 'HEAD',
      url: LIST,
      headers: { ...admin.headers, 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('remembered compressions', () => {
  const page = (n: number) =>
    JSON.stringify({
      status: true,
      data: Array.from({ length: 40 }, (_, i) => ({ id: `${n}-${i}`, word: `word ${n} ${i}` })),
    });

  it('compresses the same text once and answers its bytes again; another text gets its own', () => {
    const first = compressText(page(1), 'br');
    expect(zlib.brotliDecompressSync(first).toString()).toBe(page(1));
    expect(compressText(page(1), 'br')).toBe(first);
    const other = compressText(page(2), 'br');
    expect(other).not.toBe(first);
    expect(zlib.brotliDecompressSync(other).toString()).toBe(page(2));
    // Each encoding keeps its own.
    expect(zlib.gunzipSync(compressText(page(1), 'gzip')).toString()).toBe(page(1));
  });

  it('forgets the least recently used text beyond its bound, and never remembers a very large one', () => {
    const kept = compressText(page(100), 'gzip');
    for (let n = 101; n < 101 + 70; n++) compressText(page(n), 'gzip');
    const again = compressText(page(100), 'gzip');
    expect(again).not.toBe(kept);
    expect(zlib.gunzipSync(again).toString()).toBe(page(100));
    const large = 'x'.repeat(40 * 1024);
    expect(compressText(large, 'gzip')).not.toBe(compressText(large, 'gzip'));
  });
});
