import type { Logger } from 'pino';
import type { Db } from '../client';
import { seedDemo } from './demo';
import { seedReference } from './reference';

/** Everything a start needs after migrating: reference data always, the demo set once unless disabled. */
export async function seedAll(db: Db, opts: { demo: boolean; log: Logger; now?: Date }): Promise<void> {
  await seedReference(db);
  if (opts.demo && (await seedDemo(db, opts.now ?? new Date()))) {
    opts.log.info('demo data loaded: users superadmin, admin, support, editor, viewer, accountadmin, supervisor, therapist, student…student4, parent (password Habla-Demo-2026)');
  }
}
