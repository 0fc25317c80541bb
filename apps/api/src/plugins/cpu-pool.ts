import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cpuBusy, createCpuPool, type CpuPool } from '../workers/pool';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    /** Worker threads for CPU-heavy work: analyses and PDFs (workers/pool.ts, decision 020). */
    cpu: CpuPool;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyContextConfig {
    /** true: the route's body is work for the CPU pool; refused before the body is read while the pool is full. */
    cpu?: boolean;
  }
}

/**
 * `app.cpu` from the configuration (WORKER_POOL_SIZE, WORKER_POOL_MAX_QUEUE, WORKER_POOL_MAX_WAIT_MS);
 * its threads stop when the app closes. A route whose body is CPU work (a sample of hundreds of
 * kilobytes) is refused before its body is read and parsed while the pool is full: under a flood,
 * parsing bodies only to refuse them would keep the event loop as busy as the work itself.
 */
export const cpuPoolPlugin = fp(async (app: FastifyInstance) => {
  const pool = createCpuPool({
    size: app.config.workerPoolSize,
    maxQueue: app.config.workerPoolMaxQueue,
    maxWaitMs: app.config.workerPoolMaxWaitMs,
  });
  app.decorate('cpu', pool);
  app.addHook('preParsing', async (req, reply) => {
    if (req.routeOptions.config.cpu && pool.full()) {
      // The body is not read: the connection closes after the 503, so the sample's bytes are not
      // taken in (by a flood, hundreds of megabytes a second) only to be thrown away.
      if (!req.raw.readableEnded) reply.header('connection', 'close');
      throw cpuBusy();
    }
  });
  app.addHook('onClose', async () => pool.close());
});
