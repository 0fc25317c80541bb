import { z } from 'zod';
import { defineJob } from '../../jobs/types';

/** Reports removed per statement: a day's expiries in a few statements. */
const EXPIRE_BATCH = 500;

/**
 * `reports.expire` (docs/decisions/029-reports.md): once a day, the reports made or failed more than
 * REPORT_KEEP_DAYS ago (their `expires_at` passed) are removed with their files. A file is removed
 * after its row, so a reader never finds a row whose file is gone; a file left by a crash between
 * the two is only unreferenced bytes.
 */
export const reportsExpireJob = defineJob({
  name: 'reports.expire',
  schema: z.object({}).passthrough(),
  summary: () => 'reports past their time',
  schedule: { cron: () => '45 3 * * *' },
  run: async (ctx) => {
    let removed = 0;
    for (;;) {
      const gone = await ctx.pool.query<{ storage_key: string | null }>(
        `DELETE FROM reports WHERE id IN (SELECT id FROM reports WHERE expires_at <= now() ORDER BY expires_at LIMIT $1)
         RETURNING storage_key`,
        [EXPIRE_BATCH],
      );
      for (const row of gone.rows) if (row.storage_key) await ctx.storage.delete(row.storage_key);
      removed += gone.rowCount ?? 0;
      if ((gone.rowCount ?? 0) < EXPIRE_BATCH) break;
    }
    if (removed) ctx.log.info({ removed }, 'reports expired');
  },
});
