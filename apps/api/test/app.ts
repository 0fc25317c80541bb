import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { createLogger } from '../src/lib/logger';
import type { Mail, Mailer } from '../src/lib/mailer';
import { useTestDatabase } from './db';

/** A clock tests move by hand: `clock.advance(31 * 60_000)` is half an hour later for the app. */
export type FakeClock = { now: () => Date; advance: (ms: number) => void; set: (d: Date) => void };
export function fakeClock(start = new Date()): FakeClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (d) => void (t = d.getTime()) };
}

/** Keeps e-mails in memory instead of sending them. */
export type MemoryMailer = Mailer & { sent: Mail[] };
export const memoryMailer = (): MemoryMailer => {
  const sent: Mail[] = [];
  return { sent, send: async (m) => void sent.push(m) };
};

export type TestApp = { app: App; database: Database; clock: FakeClock; config: Config; mailer: Mailer };

/**
 * The real app on this file's own database, with a fake clock and (unless given) an in-memory mailer.
 * LOG_LEVEL=debug npx vitest … shows the app's logs.
 */
export async function buildTestApp(
  opts: {
    env?: Record<string, string>;
    mailer?: Mailer;
    clock?: FakeClock;
    logger?: FastifyBaseLogger;
    /** Test-only routes, added before the app is sealed. */
    routes?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const database = await useTestDatabase();
  // Never created unless something writes to it (the outbox, when a test uses the file mailer).
  const dataDir = path.join(os.tmpdir(), `habla-test-data-${crypto.randomBytes(6).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    APP_URL: 'http://habla.test',
    ...opts.env,
  });
  const clock = opts.clock ?? fakeClock();
  // With SMTP_URL the app builds its real mailer from the configuration, as in production.
  const mailer = opts.mailer ?? (config.smtpUrl ? undefined : memoryMailer());
  const app = await buildApp({
    config,
    db: database.db,
    now: clock.now,
    mailer,
    logger: opts.logger ?? createLogger({ level: process.env.LOG_LEVEL ?? 'silent' }),
  });
  opts.routes?.(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, clock, config, mailer: app.mailer };
}
