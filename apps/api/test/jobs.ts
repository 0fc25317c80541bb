import type { App } from '../src/app';
import { poolOf } from '../src/db/client';

/**
 * Wait until the job queue has nothing left to do now: no job running, and none queued that may
 * already start (a retry waiting for its back-off does not count). Polls the queue, never sleeps a
 * fixed time; fails after `timeoutMs`.
 */
export async function waitForJobs(app: App, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await poolOf(app.db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${app.jobs.schema}.job
        WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still waiting after ${timeoutMs} ms: ${rows[0]?.n}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Wait for one job to reach one of `states`; returns its row. */
export async function waitForJobState(
  app: App,
  id: string,
  states: string[],
  timeoutMs = 15_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await poolOf(app.db).query<Record<string, unknown>>(
      `SELECT *, state::text AS state FROM ${app.jobs.schema}.job WHERE id = $1`,
      [id],
    );
    if (rows[0] && states.includes(String(rows[0].state))) return rows[0];
    if (Date.now() > deadline)
      throw new Error(`job ${id} is ${String(rows[0]?.state)}, not ${states.join('/')}, after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
