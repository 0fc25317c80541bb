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

/** `app.storage` from the configuration (STORAGE, S3_*), closed with the app. */
export const storagePlugin = fp(async (app: FastifyInstance) => {
  const storage = createStorage(app.config.storage);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
});
