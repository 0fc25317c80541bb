import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../src/db/client';
import { startEmbeddedPostgres, stopOrphanedPostgres } from '../src/db/embedded';
import { isAlive, readPid } from '../src/db/lock';
import { seedCatalogs } from '../src/db/seed/catalogs/index';
import { seedReference } from '../src/db/seed/reference';
import { freePort } from './ports';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's `postgres` database (for CREATE DATABASE). */
    adminDatabaseUrl: string;
    templateDatabase: string;
    /** The app's URL of the embedded cluster (its unix socket when there is one); empty under TEST_DATABASE_URL. */
    appDatabaseUrl: string;
  }
}

export const TEMPLATE = 'habla_template';

/** Build the migrated, reference-seeded template every test file copies. */
async function prepareTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const database = connect(adminUrl.replace(/\/[^/]+$/, `/${TEMPLATE}`), 2);
  await runMigrations(database.db);
  await seedReference(database.db);
  await seedCatalogs(database.pool);
  await database.close();
}

const PREFIX = 'habla-test-pg-';
/** The run that made a test cluster writes its pid here; a folder whose run is gone is an orphan. */
const OWNER = 'owner.pid';

/**
 * Remove the test clusters of runs that were killed before their teardown (the mutation runner
 * kills a test process whose mutant loops, a Ctrl-C): each holds every database its run made,
 * gigabytes after a mutation run. A folder whose owner is alive, or without an owner file and
 * younger than ten minutes (a run of an older checkout starting now), is left alone.
 */
export async function sweepOrphans(root = os.tmpdir()): Promise<void> {
  const quiet = pino({ level: 'silent' });
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const owner = readPid(path.join(dir, OWNER));
    if (owner !== undefined && isAlive(owner)) continue;
    try {
      if (owner === undefined && Date.now() - fs.statSync(dir).mtimeMs < 10 * 60_000) continue;
      await stopOrphanedPostgres(path.join(dir, 'pg'), quiet, { attachedWaitMs: 5_000 });
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run is sweeping it, or a process still holds it: the next run tries again.
    }
  }
}

/** One PostgreSQL for the whole run: embedded in a temp folder, or TEST_DATABASE_URL's server. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let teardown = async () => undefined as void;
  let appUrl = '';
  if (!adminUrl) {
    await sweepOrphans();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
    fs.writeFileSync(path.join(dir, OWNER), `${process.pid}\n`);
    const embedded = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      log: pino({ level: 'silent' }),
      // Throwaway data: durability off makes CREATE DATABASE and writes much faster.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = embedded.adminUrl;
    appUrl = embedded.url;
    teardown = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  await prepareTemplate(adminUrl);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);
  project.provide('appDatabaseUrl', appUrl);
  return teardown;
}
