import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index';

// A SQL date (birthday, start date) is a calendar day, not an instant: keep PostgreSQL's
// YYYY-MM-DD text instead of a JavaScript Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/** Open a pool and the typed Drizzle handle on it. */
export function connect(url: string, max = 10): Database {
  // Named statements (the session lookup, the list pages, the dashboards) are prepared once per
  // connection; PostgreSQL keeps a generic plan for them after five calls when it costs no more than
  // planning each call. Forcing generic plans on the whole pool (tried) made any LIMIT or OFFSET given
  // as a parameter plan for a tenth of the table: the dictionary list went from 2 to 11 ms of CPU.
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // A few connections that always run a statement's generic plan, for the big named statements whose
  // plan does not depend on their values (the dashboards): PostgreSQL's own choice kept planning the
  // caseload board on every call (759 against 1,108 req/s). Opened only when used; never keeps the
  // process alive on its own.
  const planned = new pg.Pool({
    connectionString: url,
    max: GENERIC_PLAN_CONNECTIONS,
    options: '-c plan_cache_mode=force_generic_plan',
    allowExitOnIdle: true,
  });
  planned.on('error', () => undefined);
  genericPlanPools.set(pool, planned);
  const db = drizzle(pool, { schema });
  return { db, pool, close: async () => void (await Promise.all([pool.end(), planned.end()])) };
}

const GENERIC_PLAN_CONNECTIONS = 3;
const genericPlanPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The pool for a named statement that should always run its generic plan (see `connect`); the
 * handle's own pool when it has none. Only for statements without LIMIT or OFFSET parameters over
 * large tables: a generic plan does not know those values.
 */
export function genericPlanPool(db: Db): pg.Pool {
  const pool = poolOf(db);
  return genericPlanPools.get(pool) ?? pool;
}

/** Apply the committed migrations (idempotent; drizzle records what already ran). */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Create a database on the server of `adminUrl` if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The pg pool behind a Drizzle handle (the generic CRUD engine writes hand-built SQL through it). */
export const poolOf = (db: Db): pg.Pool => (db as unknown as { $client: pg.Pool }).$client;
