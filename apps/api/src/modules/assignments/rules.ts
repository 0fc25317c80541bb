import type pg from 'pg';
import type { appConfiguration } from '../../db/schema/index';
import type { Rules } from './rows';

/** The app configuration's row (migration 0007, typed in db/schema/app-configuration.ts). */
type Configuration = typeof appConfiguration.$inferSelect;

/** The MLA app configuration as stored (defaults apply when there is none). */
export async function mlaConfiguration(c: pg.PoolClient | pg.Pool): Promise<Configuration | undefined> {
  return (await c.query(`SELECT * FROM app_configuration WHERE module = 'MLA'`)).rows[0] as Configuration | undefined;
}

/** Today's scoring rules: what an assignment freezes, and what a preview plays by. */
export function rulesOf(config: Configuration | undefined): Rules {
  return {
    point_first_try: config?.point_first_try ?? 10,
    point_second_try: config?.point_second_try ?? 1,
    point_third_try: config?.point_third_try ?? 0,
    min_rate: config?.min_rate ?? 50,
    show_progress_bar: config?.show_progress_bar ?? false,
    show_failed_attemps: config?.show_failed_attemps ?? false,
  };
}
