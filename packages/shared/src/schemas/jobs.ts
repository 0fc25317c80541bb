import { z } from 'zod';

/** The states the Jobs screen filters by: pg-boss's created+retry are "queued", active is "running". */
export const JOB_STATES = ['queued', 'running', 'failed', 'completed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** The tabs of the Jobs screen (cancelled jobs are listed under none of them). */
export const JOB_FILTERS = ['queued', 'running', 'failed', 'completed'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

/** One job as the API shows it: never its payload, only a safe summary. */
export const jobRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Attempts so far (the first run included). */
  attempts: z.number().int(),
  /** Attempts allowed before the job ends as failed. */
  max_attempts: z.number().int(),
  /** What the job is about: ids, never an e-mail's text, an address or a token. */
  summary: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** When a queued job may run next (a retry waits, doubling each time). */
  run_after: z.string(),
  /** The error message of the last failed attempt (failed jobs, and queued ones waiting for a retry). */
  reason: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;
