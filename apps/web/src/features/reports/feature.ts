import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';

const page = load(
  () => import('./reports-page'),
  (m) => m.ReportsPage,
);

/**
 * Reports (docs/product.md §6, docs/decisions/029-reports.md): `/reports`, where an analytics reader
 * asks for a student's progress report and downloads it once the job has made it. Guarded by the
 * analytics permissions, as the API is.
 */
export const reportsFeature: FeatureManifest = {
  id: 'reports',
  routes: {
    main: [screen('reports', handle('crumbs.reports', 'crumbs.reports'), page, G.analytics)],
  },
};
