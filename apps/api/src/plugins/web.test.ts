import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-web-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>');
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("habla")');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const { app } = await buildTestApp({ env: { WEB_DIST: dist } });

describe('built web app', () => {
  it('serves index.html for / and for client-side routes, revalidated every time', async () => {
    for (const url of ['/', '/dashboards', '/games/123/edit?tab=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
    }
  });

  it('serves hashed assets with a long cache and plain files as they are', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API routes as JSON 404s and non-GET as 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/dashboards' })).statusCode).toBe(404);
  });
});
