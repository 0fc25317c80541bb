import type { JobFilter, JobRow, JobState } from '@habla/shared/schemas/jobs';
import type pg from 'pg';
import { AppError, notFound } from '../../lib/errors';
import type { Jobs } from '../../plugins/jobs';

/** pg-boss states behind each filter of the Jobs screen. */
const FILTER_STATES: Record<JobFilter, string[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  failed: ['failed'],
  completed: ['completed'],
};
const STATE_OF: Record<string, JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  failed: 'failed',
  completed: 'completed',
  cancelled: 'cancelled',
};

type Raw = {
  id: string;
  name: string;
  state: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  started_on: Date | null;
  created_on: Date;
  completed_on: Date | null;
  start_after: Date;
  reason: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(jobs: Jobs, r: Raw): JobRow {
  const def = jobs.definitions.get(r.name);
  let summary = '';
  try {
    summary = def ? def.summary(def.schema.parse(r.data)) : '';
  } catch {
    // an old or foreign payload: the name alone says enough
  }
  const state = STATE_OF[r.state] ?? 'queued';
  return {
    id: r.id,
    name: r.name,
    state,
    // pg-boss counts retries: the first run is not one, and a queued job that never started has none.
    attempts: r.retry_count + (r.started_on ? 1 : 0),
    max_attempts: r.retry_limit + 1,
    summary,
    created_at: r.created_on.toISOString(),
    started_at: iso(r.started_on),
    completed_at: iso(r.completed_on),
    run_after: r.start_after.toISOString(),
    reason: r.state === 'failed' || r.state === 'retry' ? r.reason : null,
  };
}

const COLUMNS = `id, name, state::text AS state, data, retry_count, retry_limit, started_on, created_on, completed_on, start_after,
  CASE WHEN jsonb_typeof(output) = 'object' THEN COALESCE(output->>'message', output->'value'->>'message', output->>'value') END AS reason`;

/** One page of the app's jobs in a state, newest first (pg-boss's own internal queues left out). */
export async function findJobsPage(
  pool: pg.Pool,
  jobs: Jobs,
  q: { state: JobFilter; page: number; max: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = `name NOT LIKE '\\_\\_pgboss\\_\\_%' AND state::text = ANY($1)`;
  const states = FILTER_STATES[q.state];
  const [rows, total] = await Promise.all([
    pool.query<Raw>(
      `SELECT ${COLUMNS} FROM ${jobs.schema}.job WHERE ${where} ORDER BY created_on DESC, id DESC LIMIT $2 OFFSET $3`,
      [states, q.max, q.page * q.max],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${jobs.schema}.job WHERE ${where}`, [states]),
  ]);
  return { rows: rows.rows.map((r) => present(jobs, r)), total: total.rows[0]?.n ?? 0 };
}

/** Run a failed job again; it keeps its attempt count, and may fail once more before ending as failed. */
export async function retryJob(pool: pg.Pool, jobs: Jobs, id: string): Promise<JobRow> {
  const find = async () =>
    (
      await pool.query<Raw>(
        `SELECT ${COLUMNS} FROM ${jobs.schema}.job WHERE id = $1 AND name NOT LIKE '\\_\\_pgboss\\_\\_%'`,
        [id],
      )
    ).rows[0];
  const job = await find();
  if (!job) throw notFound();
  if (job.state !== 'failed') throw new AppError(409, 'CONFLICT', 'jobs.notFailed');
  await jobs.retry(job.name, job.id);
  const after = await find();
  jobs.wake(job.name);
  if (!after) throw notFound();
  return present(jobs, after);
}
