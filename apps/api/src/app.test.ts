import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';

const { app } = await buildTestApp();

describe('infrastructure', () => {
  it('GET /api/health reports the app and the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, data: { ok: true, db: true } });
  });

  it('sends the security headers and no-store on API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a sane caller request id and replaces an unsafe one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\n<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });

  it('serves the OpenAPI document listing the auth routes, and the docs page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/change-password',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    // The docs page may not run inline scripts either.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('sets the XSRF-TOKEN cookie with SameSite=Lax', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]+;.*SameSite=Lax/i);
  });
});
