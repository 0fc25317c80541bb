import type { Logger } from 'pino';
import { poolOf, type Db } from '../client';
import { seedCatalogs } from './catalogs/index';
import type { Storage } from '../../lib/storage/index';
import { seedDemo } from './demo';
import { seedDemoImages } from './demo-images';
import { seedDemoRecordings } from './demo-recordings';
import { seedDemoAssessments } from './demo-assessments';
import { seedDemoPlay } from './demo-play';
import { seedReference } from './reference';
import { seedStarterLibrary } from './starter/index';

/**
 * Everything a start needs after migrating: reference data and catalogs (once), the starter
 * curriculum and library (once, unless disabled), the demo set once unless disabled.
 */
export async function seedAll(
  db: Db,
  opts: { demo: boolean; starter?: boolean; log: Logger; now?: Date; storage?: Storage },
): Promise<void> {
  await seedReference(db);
  const started = Date.now();
  const catalogs = await seedCatalogs(poolOf(db));
  if (catalogs) opts.log.info({ rows: catalogs, ms: Date.now() - started }, 'reference catalogs loaded');
  if (opts.starter !== false) {
    const starter = await seedStarterLibrary(poolOf(db), opts.now ?? new Date());
    if (starter) opts.log.info({ rows: starter }, 'starter curriculum and library loaded');
  }
  if (opts.demo && (await seedDemo(db, opts.now ?? new Date()))) {
    // The demo gallery's pictures are files: only where the storage is at hand (the server, the CLI).
    if (opts.storage)
      opts.log.info({ images: await seedDemoImages(db, opts.storage, opts.now ?? new Date()) }, 'demo gallery loaded');
    if (opts.storage)
      opts.log.info(
        { recordings: await seedDemoRecordings(db, opts.storage, opts.now ?? new Date()) },
        'demo recordings loaded',
      );
    opts.log.info({ assessments: await seedDemoAssessments(db, opts.now ?? new Date()) }, 'demo assessments loaded');
    // Played games for the dashboards and the evaluation list, from the starter library when it is there.
    opts.log.info({ assignments: await seedDemoPlay(db, opts.now ?? new Date()) }, 'demo assignments loaded');
    opts.log.info(
      'demo data loaded: users superadmin, admin, support, editor, viewer, accountadmin, supervisor, therapist, student…student4, parent (their password is in the README)',
    );
  }
}
