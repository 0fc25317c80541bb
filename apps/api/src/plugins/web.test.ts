import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-web-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("habla")');
// A hashed chunk as the build leaves it: with its brotli and gzip copies (vite.config.ts precompress).
const chunk = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra-${i}`))};\n`;
fs.writeFileSync(path.join(dist, 'assets', 'main-def456.js'), chunk);
fs.writeFileSync(path.join(dist, 'assets', 'main-def456.js.br'), zlib.brotliCompressSync(chunk));
fs.writeFileSync(path.join(dist, 'assets', 'main-def456.js.gz'), zlib.gzipSync(chunk));
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The static sign-in page per language, as vite.config.ts writes it: its own script, not the app's.
fs.mkdirSync(path.join(dist, 'shell'));
const signInPage = (lang: string, h1: string) =>
  `<!doctype html><html lang="${lang}"><head><script type="module" src="/assets/sign-in-abc.js"></script></head><body><div id="root"><h1>${h1}</h1></div></body></html>`;
fs.writeFileSync(path.join(dist, 'shell', 'login.en.html'), signInPage('en', 'Log in to Habla'));
fs.writeFileSync(path.join(dist, 'shell', 'login.es.html'), signInPage('es', 'Iniciar sesión en Habla'));
// The dashboard's first frame per language: the page drawn, the frame's script (which starts the app's).
const dashboardFrame = (lang: string, h1: string) =>
  `<!doctype html><html lang="${lang}"><head><script type="module" src="/assets/dashboard-frame-abc.js"></script></head><body><div id="root"><h1>${h1}</h1></div></body></html>`;
fs.writeFileSync(path.join(dist, 'shell', 'dashboards.en.html'), dashboardFrame('en', 'Welcome,'));
fs.writeFileSync(path.join(dist, 'shell', 'dashboards.es.html'), dashboardFrame('es', 'Bienvenida,'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const { app } = await buildTestApp({ env: { WEB_DIST: dist } });

describe('built web app', () => {
  it('sends the static sign-in page in the language the app remembers, other routes the app with an empty root', async () => {
    for (const url of ['/', '/login', '/login?next=1']) {
      const en = await app.inject({ method: 'GET', url });
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-type']).toMatch(/text\/html/);
      expect(en.headers['cache-control']).toBe('no-cache');
      expect(String(en.headers.vary)).toMatch(/cookie/i);
      expect(en.body).toContain('<div id="root"><h1>Log in to Habla</h1></div>');
      expect(en.body).toContain('<script type="module" src="/assets/sign-in-abc.js"></script>');
      expect(en.body).not.toContain('index-abc123.js');
    }
    const es = await app.inject({ method: 'GET', url: '/login', headers: { cookie: 'XSRF-TOKEN=abc; habla_lang=es' } });
    expect(es.body).toContain('<div id="root"><h1>Iniciar sesión en Habla</h1></div>');
    // The browser's own language does not decide: the app starts in English unless Spanish was chosen.
    const browserEs = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(browserEs.body).toContain('Log in to Habla');
    const unknown = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'habla_lang=fr' } });
    expect(unknown.body).toContain('Log in to Habla');
    const other = await app.inject({ method: 'GET', url: '/games/123' });
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.body).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it('sends the dashboard’s first frame for /dashboards in the language the app remembers, and only there', async () => {
    const en = await app.inject({ method: 'GET', url: '/dashboards?from=login' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(String(en.headers.vary)).toMatch(/cookie/i);
    expect(en.body).toContain('<div id="root"><h1>Welcome,</h1></div>');
    expect(en.body).toContain('/assets/dashboard-frame-abc.js');
    expect(en.body).not.toContain('index-abc123.js');
    const es = await app.inject({ method: 'GET', url: '/dashboards', headers: { cookie: 'habla_lang=es' } });
    expect(es.body).toContain('<h1>Bienvenida,</h1>');
    // The dashboard's deeper addresses are the app's.
    const deeper = await app.inject({ method: 'GET', url: '/dashboards/analytics' });
    expect(deeper.body).toContain('<div id="root"></div>');
  });

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

  it('sends the precompressed copy the browser accepts, marked to vary on Accept-Encoding', async () => {
    const url = '/assets/main-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', 'main-def456.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(chunk);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(chunk);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(chunk);
  });

  it('keeps unknown API routes as JSON 404s and non-GET as 404', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/dashboards' })).statusCode).toBe(404);
  });
});
