import { okEnvelope } from '@habla/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthData = z.object({ ok: z.boolean(), db: z.boolean() });

/** Liveness with a database probe; the probe is cached for a second so the endpoint stays cheap under load. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let probe: { at: number; ok: Promise<boolean> } | undefined;
  const dbOk = (): Promise<boolean> => {
    const now = Date.now();
    if (!probe || now - probe.at > 1000) {
      probe = {
        at: now,
        ok: app.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
      };
    }
    return probe.ok;
  };

  app.get('/health', {
    // Liveness answers under any load: never queued nor shed by the admission gate.
    config: { admission: false },
    schema: {
      tags: ['health'],
      security: [],
      summary: 'Liveness and database reachability',
      response: { 200: okEnvelope(healthData), 503: okEnvelope(healthData).extend({ status: z.boolean() }) },
    },
    handler: async (_req, reply) => {
      const db = await dbOk();
      if (!db) return reply.code(503).send({ status: false, data: { ok: false, db } });
      return { status: true as const, data: { ok: true, db } };
    },
  });
};
