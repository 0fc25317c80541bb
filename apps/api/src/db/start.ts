import type { Logger } from 'pino';
import type { Config } from '../config';
import { connect, runMigrations, type Database } from './client';
import { startEmbeddedPostgres } from './embedded';
import { acquireDataDirLock } from './lock';

export type RunningDatabase = Database & {
  /** Close the pool, stop the embedded PostgreSQL if we started it, release the data-directory lock. */
  shutdown: () => Promise<void>;
};

/**
 * Reach the database the configuration names, or start the embedded one (taking the DATA_DIR lock
 * first, so a second server on the same folder refuses), then apply the migrations.
 */
export async function startDatabase(config: Config, log: Logger): Promise<RunningDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let releaseLock: (() => void) | undefined;
  if (!url) {
    const lock = acquireDataDirLock(config.dataDir);
    releaseLock = lock.release;
    if (lock.stalePid)
      log.warn(
        { previousPid: lock.stalePid },
        'the previous server on this data directory did not shut down cleanly; recovering',
      );
    try {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort, log });
      url = embedded.url;
      stopEmbedded = embedded.stop;
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  const database = connect(url);
  const shutdown = async () => {
    await database.close().catch((err: unknown) => log.error({ err }, 'closing the pool failed'));
    if (stopEmbedded) await stopEmbedded().catch((err: unknown) => log.error({ err }, 'stopping PostgreSQL failed'));
    releaseLock?.();
  };
  try {
    await runMigrations(database.db);
  } catch (err) {
    await shutdown();
    throw err;
  }
  return { ...database, shutdown };
}
