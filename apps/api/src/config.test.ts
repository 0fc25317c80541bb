import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, pgPort: 54330, appUrl: 'http://localhost:3000', demo: true, sessionIdleMinutes: 30, sessionAbsoluteHours: 12 });
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.webDist).toBe(path.resolve('apps/web/dist'));
  });

  it('turns the demo data off in production or with HABLA_DEMO=false', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ HABLA_DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', HABLA_DEMO: 'true' }).demo).toBe(false);
  });

  it('treats empty variables as unset and trims a trailing slash of APP_URL', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '8080', APP_URL: 'https://habla.example.org/' })).toMatchObject({ databaseUrl: undefined, appUrl: 'https://habla.example.org' });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
