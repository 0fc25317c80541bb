import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../lib/storage/index';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    /** Where uploaded file bytes live (lib/storage): local disk or an S3-compatible store. */
    storage: Storage;
  }
}

/** A `.part` file older than this is a crash's leftover, not an upload in progress. */
const PART_FILE_MAX_AGE_MS = 60 * 60 * 1000;

/** `app.storage` from the configuration (STORAGE, S3_*), closed with the app. */
export const storagePlugin = fp(async (app: FastifyInstance) => {
  const storage = createStorage(app.config.storage);
  app.decorate('storage', storage);
  // Temporary files a crash mid-upload left behind (never served), once they are an hour old.
  app.addHook('onReady', async () => {
    const removed = await storage
      .sweep?.(new Date(app.now().getTime() - PART_FILE_MAX_AGE_MS))
      .catch((err: unknown) => {
        app.log.warn({ err }, 'could not sweep unfinished uploads');
        return 0;
      });
    if (removed) app.log.info({ removed }, 'removed unfinished uploads');
  });
  app.addHook('onClose', async () => storage.close());
});
