import { z } from 'zod';
import { makeAllStatements } from '../modules/tenancy/statements';
import { defineJob } from './types';

/**
 * `statements.make`: the billing statements of every completed period of every account (by the
 * schedule JOBS_STATEMENTS_CRON and once at start-up). Idempotent, so a retry or two instances
 * running it at once make each statement once.
 */
export const statementsMakeJob = defineJob({
  name: 'statements.make',
  schema: z.object({}),
  summary: () => 'all accounts',
  run: async (ctx) => {
    const made = await makeAllStatements(ctx.pool, ctx.now());
    ctx.log.info({ made }, 'billing statements made');
  },
});
