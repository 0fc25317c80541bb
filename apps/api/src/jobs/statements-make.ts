import { z } from 'zod';
import { systemContext, systemRequestId } from '../lib/context';
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
  schedule: { cron: (config) => config.jobsStatementsCron, atStart: true },
  run: async (ctx) => {
    // A service context of its own: the job's work is filed under `job:statements.make:…`.
    const made = await makeAllStatements(systemContext(ctx, { requestId: systemRequestId('job:statements.make') }));
    ctx.log.info({ made }, 'billing statements made');
  },
});
