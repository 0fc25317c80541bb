import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { poolOf } from '../db/client';
import { scrubText } from '../lib/logger';
import { jobDefinitions, type JobName, type JobPayload } from '../jobs/registry';
import type { JobContext, JobDefinition } from '../jobs/types';

/** Something that runs SQL: the pool, or the client of an open transaction. */
export type SqlRunner = Pick<pg.Pool | pg.PoolClient, 'query'>;

export type Jobs = {
  /**
   * Put a job on the queue through `runner`: pass the client of the transaction whose write causes the
   * job, and the job exists only if that transaction commits. Call `wake` after the commit to start it
   * without waiting for the next poll.
   */
  enqueue: <N extends JobName>(runner: SqlRunner, name: N, data: JobPayload<N>) => Promise<string>;
  /** Start waiting jobs of this queue now rather than at the next poll. */
  wake: (name: string) => void;
  /** Retry a failed job (its attempts go on counting); `wake` starts it at once. */
  retry: (name: string, id: string) => Promise<void>;
  /** The definitions this instance runs (the Jobs API summarises payloads with them). */
  definitions: ReadonlyMap<string, JobDefinition>;
  /** The pg-boss schema: the API reads the job table from it. */
  schema: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export const JOB_SCHEMA = 'pgboss';

/** A job's failure as stored and shown: the error's message only, scrubbed, without the payload's secrets. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
    // The stack of the handler's error would be the first thing pg-boss stores; the message is enough.
    this.stack = `JobFailure: ${message}`;
  }
}

export function failureReason(err: unknown, secrets: readonly string[]): string {
  let message = err instanceof Error ? err.message : String(err);
  for (const secret of [...secrets].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length))
    message = message.split(secret).join('[redacted]');
  return scrubText(message).slice(0, 500);
}

/**
 * The job queue (pg-boss) on the app's own PostgreSQL pool: started with the app (after migrations),
 * workers for every registered job, each job's own schedule, and a graceful stop on close.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const pool = poolOf(app.db);
    const log = app.log.child({ component: 'jobs' });
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
      schema: JOB_SCHEMA,
      retryLimit: config.jobsRetryLimit,
      retryDelay: config.jobsRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: config.jobsExpireSeconds,
      maintenanceIntervalSeconds: config.jobsMaintenanceSeconds,
      // Finished jobs stay visible on the Jobs screen for a week before pg-boss archives them.
      archiveCompletedAfterSeconds: 7 * 86_400,
      archiveFailedAfterSeconds: 7 * 86_400,
    });
    // pg-boss reports its own trouble (a lost connection while polling) as events; only the error's
    // message and code are logged, never a job's payload.
    boss.on('error', (err: Error & { code?: string; queue?: string }) =>
      log.error({ err: { message: scrubText(err.message), code: err.code, queue: err.queue } }, 'job queue error'),
    );
    await boss.start();

    const definitions = new Map(jobDefinitions(config.jobsTestHandlers).map((d) => [d.name, d]));
    const workers = new Map<string, string[]>();
    const queue = {
      enqueue: async (runner: SqlRunner, name: string, data: unknown) => {
        const def = definitions.get(name);
        if (!def) throw new Error(`no such job: ${name}`);
        const payload = def.schema.parse(data) as object;
        const id = await boss.send(name, payload, {
          db: { executeSql: async (text: string, values: unknown[]) => runner.query(text, values) },
        });
        if (!id) throw new Error(`the job ${name} was not queued`);
        return id;
      },
      wake: (name: string) => {
        for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
      },
    };
    const ctx: Omit<JobContext, 'attempt'> = {
      db: app.db,
      pool,
      now: app.now,
      log,
      config,
      mailer: app.mailer,
      storage: app.storage,
      cpu: app.cpu,
      queue,
    };
    for (const def of definitions.values()) {
      // The retry and time-limit settings live on the queue, so every job of it follows them, whoever
      // queued it (another instance, the schedule, an older server); each start applies the configuration.
      const settings = {
        name: def.name,
        retryLimit: config.jobsRetryLimit,
        retryDelay: config.jobsRetryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: config.jobsExpireSeconds,
      };
      await boss.createQueue(def.name, settings);
      await boss.updateQueue(def.name, settings);
      const id = await boss.work<unknown>(
        def.name,
        { pollingIntervalSeconds: config.jobsPollSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const jobLog = log.child({ job: { id: job.id, name: job.name } });
          let data: unknown;
          try {
            data = def.schema.parse(job.data);
            await def.run(
              { ...ctx, log: jobLog, attempt: { retry: job.retryCount, last: job.retryCount >= job.retryLimit } },
              data,
            );
          } catch (err) {
            let secrets: string[] = [];
            try {
              secrets =
                data === undefined
                  ? []
                  : (def.secrets?.(data, { ...ctx, attempt: { retry: job.retryCount, last: true } }) ?? []);
            } catch {
              // a payload we cannot read has nothing to hide from its own reason
            }
            const reason = failureReason(err, secrets);
            jobLog.warn({ reason }, 'job attempt failed');
            throw new JobFailure(reason);
          }
        },
      );
      workers.set(def.name, [...(workers.get(def.name) ?? []), id]);
    }
    // Each job's own schedule (its registry entry); a catching-up run at start-up where it asks for one.
    for (const def of definitions.values()) {
      if (!def.schedule) continue;
      await boss.schedule(def.name, def.schedule.cron(config), {}, { tz: 'UTC' });
      if (!def.schedule.atStart) continue;
      await boss.send(def.name, {}, { singletonKey: 'startup', singletonSeconds: 60 });
      for (const id of workers.get(def.name) ?? []) boss.notifyWorker(id);
    }

    const jobs: Jobs = {
      enqueue: queue.enqueue,
      wake: queue.wake,
      retry: async (name, id) => {
        await boss.retry(name, id);
      },
      definitions,
      schema: JOB_SCHEMA,
    };
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      // Let running jobs finish (up to 10 s); pg-boss marks any still running as failed, to be retried.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    });
  },
  { name: 'jobs' },
);
