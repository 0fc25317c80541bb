import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCpuPool, type CpuPool } from '../workers/pool';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    /** Worker threads for CPU-heavy work: analyses and PDFs (workers/pool.ts, decision 020). */
    cpu: CpuPool;
  }
}

/** `app.cpu` from the configuration (WORKER_POOL_SIZE, WORKER_POOL_MAX_QUEUE); its threads stop when the app closes. */
export const cpuPoolPlugin = fp(async (app: FastifyInstance) => {
  const pool = createCpuPool({ size: app.config.workerPoolSize, maxQueue: app.config.workerPoolMaxQueue });
  app.decorate('cpu', pool);
  app.addHook('onClose', async () => pool.close());
});
