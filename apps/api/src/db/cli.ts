import { emailSchema, passwordSchema, translate, usernameSchema } from '@habla/shared';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from '../config';
import { poolOf, type Db } from './client';
import { rebuildAnalytics } from '../modules/analytics/rebuild-analytics';
import { isCommonPassword } from '../modules/auth/passwords';
import { systemContext, systemRequestId } from '../lib/context';
import { createSuperadminUser, takenField } from '../modules/users/users.service';
import { DataDirInUseError } from './lock';
import { seedAll } from './seed/index';
import { seedReference } from './seed/reference';
import { startDatabase } from './start';
import { createLogger } from '../lib/logger';
import { createStorage } from '../lib/storage/index';

/**
 * Operator commands: `migrate`, `seed`, `create-superadmin`, `rebuild-analytics` (npm run db:migrate |
 * db:seed | user:create-superadmin | analytics:rebuild). Each starts the database like the server does,
 * so it needs the server stopped when the embedded PostgreSQL is in use.
 */
const USAGE = 'usage: cli.ts migrate | seed | create-superadmin | rebuild-analytics';

function prompter() {
  let muted = false;
  // Hidden input: echo the prompt, then swallow what the terminal would echo back.
  const output = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (!muted) process.stdout.write(chunk);
      cb();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let closed = false;
  rl.on('line', (l) => (waiting.shift() ?? ((x: string | undefined) => void lines.push(x ?? '')))(l));
  rl.on('close', () => {
    closed = true;
    for (const w of waiting.splice(0)) w(undefined);
  });
  const ask = (question: string, hidden = false) =>
    new Promise<string>((resolve, reject) => {
      process.stdout.write(question);
      muted = hidden;
      const done = (answer: string | undefined) => {
        muted = false;
        if (hidden) process.stdout.write('\n');
        if (answer === undefined) reject(new Error('input ended'));
        else resolve(answer.trim());
      };
      if (lines.length) done(lines.shift());
      else if (closed) done(undefined);
      else waiting.push(done);
    });
  return { ask, close: () => rl.close() };
}

/** Ask until the schema accepts the answer (or fail at once for values given by environment). */
async function valid<T extends z.ZodType<string>>(
  schema: T,
  field: string,
  given: string | undefined,
  ask: () => Promise<string>,
): Promise<string> {
  for (;;) {
    const value = given ?? (await ask());
    const parsed = schema.safeParse(value);
    const problem = parsed.success
      ? field === 'Password' && isCommonPassword(value)
        ? 'validation.passwordCommon'
        : undefined
      : parsed.error.issues[0]?.message;
    if (!problem) return parsed.success ? parsed.data : value;
    const message = translate('en', problem, { field, maximum: '', minimum: '' });
    if (given !== undefined) throw new Error(message);
    process.stdout.write(`${message}\n`);
  }
}

async function createSuperadmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const env = process.env;
  const { ask, close } = prompter();
  try {
    const email = await valid(emailSchema, 'E-mail', env.HABLA_ADMIN_EMAIL, () => ask('E-mail: '));
    const username = await valid(usernameSchema, 'Username', env.HABLA_ADMIN_USERNAME, () => ask('Username: '));
    let password: string;
    for (;;) {
      password = await valid(passwordSchema, 'Password', env.HABLA_ADMIN_PASSWORD, () =>
        ask('Password (8–128 characters, hidden): ', true),
      );
      if (env.HABLA_ADMIN_PASSWORD || (await ask('Repeat the password: ', true)) === password) break;
      process.stdout.write('The passwords differ; try again.\n');
    }
    const taken = await takenField(db, email, username);
    if (taken) throw new Error(`That ${taken === 'email' ? 'e-mail' : 'username'} is already in use.`);
    // The CLI calls the same service a route would, with a system context (no request, no user).
    await createSuperadminUser(
      systemContext({ db, config, log }, { requestId: systemRequestId('cli:create-superadmin') }),
      { email, username, password },
    );
    process.stdout.write(`Superadmin ${username} created.\n`);
  } finally {
    close();
  }
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (!command || !['migrate', 'seed', 'create-superadmin', 'rebuild-analytics'].includes(command))
    throw new Error(USAGE);
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const database = await startDatabase(config, log);
  try {
    if (command === 'migrate') process.stdout.write('Migrations applied.\n');
    if (command === 'seed') {
      const storage = createStorage(config.storage);
      try {
        await seedAll(database.db, { demo: config.demo, starter: config.starterLibrary, log, storage });
      } finally {
        await storage.close();
      }
      process.stdout.write(`Reference data${config.demo ? ' and demo data' : ''} seeded.\n`);
    }
    if (command === 'rebuild-analytics') {
      const rows = await rebuildAnalytics(poolOf(database.db));
      process.stdout.write(
        `Analytics rebuilt: ${Object.entries(rows)
          .map(([table, n]) => `${table} ${n} rows`)
          .join(', ')}.\n`,
      );
    }
    if (command === 'create-superadmin') {
      await seedReference(database.db);
      await createSuperadmin(database.db, config, log);
    }
  } finally {
    await database.shutdown();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const known =
      err instanceof ConfigError ||
      err instanceof DataDirInUseError ||
      (err instanceof Error && !err.stack?.includes('node_modules'));
    process.stderr.write(`${known && err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
