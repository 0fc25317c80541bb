import type pg from 'pg';

/** The analytics rollups (decisions 026, 028), in the order `analytics_rebuild()` fills them. */
export const ROLLUPS = [
  'student_day_stats',
  'game_day_stats',
  'activity_day_stats',
  'activity_answer_stats',
  'game_month_stats',
  'activity_month_stats',
] as const;
export type Rollup = (typeof ROLLUPS)[number];

/**
 * Recomputes every rollup from the raw sessions and tries in one transaction (`analytics_rebuild()`,
 * migrations 0019 and 0022: the same source views the write path's trigger reads, then the accounts'
 * month totals from the day rows; writers wait meanwhile), and answers how many rows each holds now.
 * The same transaction bumps the version every kept answer depends on (decision 030).
 * `npm run analytics:rebuild`.
 */
export async function rebuildAnalytics(pool: pg.Pool): Promise<Record<Rollup, number>> {
  // Two statements of one simple query: one implicit transaction.
  await pool.query(`SELECT analytics_rebuild(); SELECT analytics_version_bump('*');`);
  const counted = await pool.query<{ [K in Rollup]: number }>(
    `SELECT ${ROLLUPS.map((r) => `(SELECT count(*)::int FROM ${r}) AS ${r}`).join(', ')}`,
  );
  return counted.rows[0]!;
}
