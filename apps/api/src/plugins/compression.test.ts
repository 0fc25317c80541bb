import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { buildTestApp } from '../../test/app';
import { loginAs } from '../../test/factories';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

const { app } = await buildTestApp();
const admin = await loginAs(app, 'SUPERADMIN');
const LIST = '/api/role-permissions';

describe('compressed API answers', () => {
  it('sends a large JSON list as brotli or gzip when the client accepts it, bytes that decompress to the same JSON', async () => {
    const plain = await app.inject({ method: 'GET', url: LIST, headers: admin.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(() => plain.json()).not.toThrow();

    const br = await app.inject({ method: 'GET', url: LIST, headers: { ...admin.headers, 'accept-encoding': 'gzip, deflate, br' } });
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
    const identity = await app.inject({ method: 'GET', url: LIST, headers: { ...admin.headers, 'accept-encoding': 'identity' } });
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
});
