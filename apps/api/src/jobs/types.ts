import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import type { Storage } from '../lib/storage/index';
import type { CpuPool } from '../workers/pool';

/** What a job handler gets instead of a request: the same services a route uses (convention 13). */
export type JobContext = {
  db: Db;
  pool: pg.Pool;
  now: Clock;
  log: FastifyBaseLogger;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** The app's worker threads for CPU-heavy work (a PDF, decision 020); without them the work runs in place. */
  cpu?: CpuPool;
  /** The queue, to put the next step of a pipeline on it in the same transaction as its status. */
  queue: JobQueue;
  /** Which attempt this is: the last one ends the job as failed when it throws. */
  attempt: { retry: number; last: boolean };
};

/** Putting a job on the queue (plugins/jobs.ts): through the transaction's client, then waking its workers after the
 * commit. */
export type JobQueue = {
  enqueue: (runner: Pick<pg.PoolClient, 'query'>, name: string, data: unknown) => Promise<string>;
  wake: (name: string) => void;
};

/**
 * One kind of job: its queue name, the zod schema of its payload (checked when it is enqueued and again
 * when it runs), what the Jobs screen may show of a payload, and the handler.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  schema: S;
  /**
   * A safe one-line description of a payload for the Jobs screen: ids, never an e-mail's text, an
   * address or a token.
   */
  summary: (data: z.output<S>) => string;
  /** Strings of the payload that must never reach a failure reason (e.g. a mail server echoing the text). */
  secrets?: (data: z.output<S>, ctx: JobContext) => string[];
  run: (ctx: JobContext, data: z.output<S>) => Promise<void>;
  /**
   * When the job runs by itself (UTC): a cron expression, read from the configuration when it is
   * one of its settings. `atStart`: also once when an instance starts, so a server that was off at
   * the scheduled hour catches up.
   */
  schedule?: { cron: (config: Config) => string; atStart?: boolean };
};

export const defineJob = <S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> => def;
