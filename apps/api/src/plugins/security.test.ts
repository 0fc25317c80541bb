import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { loadConfig } from '../config';
import { PERMISSIONS_POLICY } from './security';

const { app } = await buildTestApp();
const { app: https } = await buildTestApp({ env: { APP_URL: 'https://habla.example.org' } });
const { app: httpsOff } = await buildTestApp({ env: { APP_URL: 'https://habla.example.org', HSTS_MAX_AGE: '0' } });

describe('Permissions-Policy', () => {
  it('allows the microphone to this origin only, and no camera or geolocation, on every answer', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/auth/me']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    const policy = Object.fromEntries(PERMISSIONS_POLICY.split(', ').map((d) => d.split('=') as [string, string]));
    expect(policy).toMatchObject({ microphone: '(self)', camera: '()', geolocation: '()' });
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent when the app is served over plain http', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it('is sent for 180 days, without subdomains, when APP_URL is https', async () => {
    expect((await https.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe(
      'max-age=15552000',
    );
  });

  it('is configurable: HSTS_MAX_AGE=0 turns it off, another value sets it', async () => {
    expect(
      (await httpsOff.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(loadConfig({ APP_URL: 'http://habla.lan', HSTS_MAX_AGE: '31536000' }).hstsMaxAge).toBe(31_536_000);
    expect(loadConfig({ APP_URL: 'https://habla.example.org' }).hstsMaxAge).toBe(15_552_000);
    expect(() => loadConfig({ HSTS_MAX_AGE: '-1' })).toThrow(/HSTS_MAX_AGE/);
  });
});

describe('the CSRF cookie route', () => {
  it('answers 204 with no body and no content type, as its OpenAPI entry says', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = doc.paths['/api/auth/csrf-cookie'].get.responses['204'];
    expect(answer).toEqual({ description: 'No content' });
  });
});
