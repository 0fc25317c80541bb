import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ExportSlots } from '../lib/export-slots';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    /** CSV exports streaming now, per user and per instance (see lib/export-slots.ts). */
    exportSlots: ExportSlots;
  }
}

/** Load limits: the export slots every resource's `/export` takes one of while it streams. */
export const loadLimitsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  app.decorate('exportSlots', new ExportSlots(config.exportMaxPerUser, config.exportMaxConcurrent));
});
