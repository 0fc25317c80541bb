import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { connect, type Database } from '../src/db/client';

/**
 * A fresh database for the calling test file, copied from the migrated template (milliseconds),
 * closed and dropped after the file's tests.
 */
export async function useTestDatabase(): Promise<Database> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  const database = connect(adminUrl.replace(/\/[^/]+$/, `/${name}`), 4);
  afterAll(async () => {
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return database;
}
