import { PERMISSIONS as P } from '@habla/shared/permissions';
import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';

const jobs = load(
  () => import('./jobs-page'),
  (m) => m.JobsPage,
);

/** `/administration/jobs`: the job queue's failed and running work. */
export const jobsFeature: FeatureManifest = {
  id: 'jobs',
  routes: { administration: [screen('jobs', handle('jobs.title', 'jobs.title'), jobs, P.ADMIN_ACCOUNTS)] },
};
