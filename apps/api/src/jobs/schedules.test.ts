import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { JOBS } from './registry';

/**
 * Each job declares its own schedule in its registry entry (jobs/types.ts); the queue plugin
 * schedules exactly those, at the cron the entry names (from the configuration where it is a
 * setting), and runs a job that asks for it once at start-up.
 */
describe('job schedules', () => {
  it('schedules the jobs that declare one, at their cron, and starts the catching-up run of those that ask for it', async () => {
    const t = await buildTestApp({ env: { JOBS_STATEMENTS_CRON: '15 2 * * 1' } });
    const { rows } = await t.database.pool.query<{ name: string; cron: string; timezone: string }>(
      `SELECT name, cron, timezone FROM ${t.app.jobs.schema}.schedule ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'recordings.purge', cron: '30 3 * * *', timezone: 'UTC' },
      { name: 'reports.expire', cron: '45 3 * * *', timezone: 'UTC' },
      { name: 'statements.make', cron: '15 2 * * 1', timezone: 'UTC' },
    ]);
    expect(
      Object.values(JOBS)
        .filter((j) => 'schedule' in j)
        .map((j) => j.name)
        .sort(),
    ).toEqual(rows.map((r) => r.name));
    const started = await t.database.pool.query<{ name: string }>(
      `SELECT DISTINCT name FROM ${t.app.jobs.schema}.job WHERE singleton_key = 'startup' ORDER BY name`,
    );
    expect(started.rows.map((r) => r.name)).toEqual(['statements.make']);
  });
});
