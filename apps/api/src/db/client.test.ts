import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/db';
import { genericPlanPool } from './client';

const database = await useTestDatabase();
const mode = async (pool: { query: (text: string) => Promise<{ rows: { mode: string }[] }> }) =>
  (await pool.query("SELECT current_setting('plan_cache_mode') AS mode")).rows[0]!.mode;

describe('the pools of a database handle', () => {
  it('lets PostgreSQL choose plans on the main pool, and forces generic plans only on the small pool for the dashboards', async () => {
    expect(await mode(database.pool)).toBe('auto');
    const planned = genericPlanPool(database.db);
    expect(planned).not.toBe(database.pool);
    expect(await mode(planned)).toBe('force_generic_plan');
  });
});
