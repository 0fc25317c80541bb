import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgPort: 54330,
      appUrl: 'http://localhost:3000',
      demo: true,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
    });
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.webDist).toBe(path.resolve('apps/web/dist'));
  });

  it('reads the upload pace: 30 s idle and 1 KiB/s after 10 s by default, fractions of a second allowed, 0 turns the minimum rate off', () => {
    expect(loadConfig({}).uploadPace).toEqual({ idleMs: 30_000, minBytesPerSecond: 1024, graceMs: 10_000 });
    expect(
      loadConfig({ UPLOAD_IDLE_SECONDS: '0.5', UPLOAD_MIN_BYTES_PER_SECOND: '0', UPLOAD_RATE_GRACE_SECONDS: '2.5' })
        .uploadPace,
    ).toEqual({
      idleMs: 500,
      minBytesPerSecond: 0,
      graceMs: 2500,
    });
  });

  it('turns the demo data off in production or with HABLA_DEMO=false', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ HABLA_DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', HABLA_DEMO: 'true' }).demo).toBe(false);
  });

  it('sizes the worker pool to the cores but one, at least one thread, unless told (decision 020)', () => {
    expect(loadConfig({}).workerPoolSize).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(loadConfig({ WORKER_POOL_SIZE: '3', WORKER_POOL_MAX_QUEUE: '0' })).toMatchObject({
      workerPoolSize: 3,
      workerPoolMaxQueue: 0,
    });
    expect(loadConfig({})).toMatchObject({ workerPoolMaxQueue: 16, workerPoolMaxWaitMs: 2000 });
  });

  it('treats empty variables as unset and trims a trailing slash of APP_URL', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '8080', APP_URL: 'https://habla.example.org/' })).toMatchObject({
      databaseUrl: undefined,
      appUrl: 'https://habla.example.org',
    });
  });

  it('names every bad variable, one line each, and nothing else', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope', HOST: 'example.org' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/^Invalid configuration:\n {2}PORT: [^\n]+\n {2}DATABASE_URL: [^\n]+\n {2}SMTP_URL: [^\n]+$/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'nope'],
    ['APP_URL', 'ftp://habla.example.org'],
    ['HABLA_DEMO', 'maybe'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['LOG_LEVEL', 'loud'],
    ['UPLOAD_IDLE_SECONDS', '0'],
    ['UPLOAD_MIN_BYTES_PER_SECOND', '-1'],
    ['UPLOAD_MIN_BYTES_PER_SECOND', '1.5'],
    ['UPLOAD_RATE_GRACE_SECONDS', 'soon'],
    ['WORKER_POOL_SIZE', '0'],
    ['WORKER_POOL_MAX_QUEUE', '-1'],
    ['WORKER_POOL_MAX_WAIT_MS', '0'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n {2}${name}: [^\\n]+$`));
  });
});
