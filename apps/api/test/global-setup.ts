import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
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

/** One PostgreSQL for the whole run: embedded in a temp folder, or TEST_DATABASE_URL's server. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let teardown = async () => undefined as void;
  let appUrl = '';
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-test-pg-'));
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
