import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { seedAll } from './db/seed/index';
import { startDatabase, type RunningDatabase } from './db/start';
import { DataDirInUseError } from './db/lock';
import { pruneAttempts } from './modules/auth/lockout';

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
  const log = pino({ level: config.logLevel });

  let database: RunningDatabase;
  try {
    database = await startDatabase(config, log);
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      process.stderr.write(`${err.message}\n`);
      log.fatal(err.message);
    } else {
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
    // Stop accepting and drain requests first, then the database they use.
    await app?.close().catch((err: unknown) => log.error({ err }, 'closing the server failed'));
    await database.shutdown();
    log.info('stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => void stop('SIGHUP'));

  try {
    await seedAll(database.db, { demo: config.demo, log });
    await pruneAttempts(database.db, new Date());
    app = await buildApp({ config, db: database.db, logger: log });
    await app.listen({ port: config.port, host: config.host });
    log.info({ url: config.appUrl, docs: `${config.appUrl}/api/docs`, demo: config.demo }, 'Habla is ready');
  } catch (err) {
    log.fatal({ err }, 'could not start');
    await stop('startup-failure', 1);
  }
}

void main();
