import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { poolOf, type Db } from '../db/client';
import * as schema from '../db/schema/index';

/**
 * One transaction seen two ways: the typed Drizzle handle for the writes, and its pg client for
 * `app.jobs.enqueue`, so a job is queued in the same transaction as the write that causes it.
 */
export async function withTransaction<T>(db: Db, work: (tx: Db, client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    await client.query('BEGIN');
    const result = await work(drizzle(client, { schema }) as unknown as Db, client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
