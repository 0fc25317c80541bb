import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob } from './types';

/**
 * Jobs only registered with JOBS_TEST_HANDLERS=true (never in production): the e2e and crash tests
 * use them to make a job fail for real, and to have one running when the server is killed.
 */
export const testFailJob = defineJob({
  name: 'test.fail',
  schema: z.object({ label: z.string().max(60), reason: z.string().max(200) }),
  summary: (d) => d.label,
  run: async (_ctx, d) => {
    throw new Error(d.reason);
  },
});

export const testSlowJob = defineJob({
  name: 'test.slow',
  schema: z.object({ label: z.string().max(60), ms: z.number().int().min(0).max(60_000) }),
  summary: (d) => d.label,
  run: async (_ctx, d) => {
    await sleep(d.ms);
  },
});
