import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { seedAll } from './db/seed/index';
import { startDatabase, type RunningDatabase } from './db/start';
import { DataDirInUseError } from './db/lock';
import { createLogger } from './lib/logger';
import { createStorage } from './lib/storage/index';
import { pruneAuthTables } from './modules/auth/housekeeping';

/** Entry point: config → database (embedded or external) → migrations and seeds → listen; stop cleanly on signals. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger({ level: config.logLevel });

  let database: RunningDatabase;
  try {
    database = await startDatabase(config, log);
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      process.stderr.write(`${err.message}\n`);
      log.fatal(err.message);
    } else {
      process.stderr.write(`Could not start the database: ${err instanceof Error ? err.message : String(err)}\n`);
      log.fatal({ err }, 'could not start the database');
    }
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  const stop = async (signal: string, code = 0) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A stuck close (a hanging request, an unresponsive database) must not keep the process forever.
    setTimeout(() => {
      log.error('shutdown took more than 15 s: exiting anyway');
      process.exit(1);
    }, 15_000).unref();
    // Stop accepting and drain requests first, then the database they use.
    await app?.close().catch((err: unknown) => log.error({ err }, 'closing the server failed'));
    await database.shutdown();
    log.info('stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  // A bug that escapes every handler still stops PostgreSQL cleanly before the process ends.
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception');
    void stop('uncaughtException', 1);
  });
  process.on('unhandledRejection', (err) => {
    log.fatal({ err }, 'unhandled promise rejection');
    void stop('unhandledRejection', 1);
  });

  try {
    const storage = createStorage(config.storage);
    try {
      await seedAll(database.db, { demo: config.demo, starter: config.starterLibrary, log, storage });
    } finally {
      await storage.close();
    }
    await pruneAuthTables(database.db, new Date());
    app = await buildApp({ config, db: database.db, logger: log });
    await app.listen({ port: config.port, host: config.host });
    log.info({ url: config.appUrl, docs: `${config.appUrl}/api/docs`, demo: config.demo }, 'Habla is ready');
    // The worker threads load their modules now, while nobody waits, rather than in the first analysis (decision 020).
    void app.cpu.warm().then(() => log.info({ threads: app?.cpu.threads }, 'worker threads ready'));
  } catch (err) {
    log.fatal({ err }, 'could not start');
    await stop('startup-failure', 1);
  }
}

void main();
