import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen, wildcard } from '@/app/route-kit';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';

const page = load(
  () => import('./reports-page'),
  (m) => m.ReportsPage,
);
const accountPage = load(
  () => import('./reports-page'),
  (m) => m.AccountReportsPage,
);

/**
 * Reports (docs/product.md §6, docs/decisions/029-reports.md): where an analytics reader asks for a
 * student's progress report or the caseload summary, keeps saved reports and downloads what the job
 * made. The seed names three places for it: `/reports`, Report Analytics (`/analytics/reports`,
 * under the analytics section's guard) and Administration → Reports (`/administration/reports/*`,
 * PERMISSION_ADMIN_WORKSPACES as the seed says, starting on the caseload summary). The API checks
 * the analytics permissions on every call.
 */
export const reportsFeature: FeatureManifest = {
  id: 'reports',
  routes: {
    main: [screen('reports', handle('crumbs.reports', 'crumbs.reports'), page, G.analytics)],
    analytics: [screen('reports', handle('crumbs.reportAnalytics', 'crumbs.reportAnalytics'), page)],
    administration: [wildcard('reports', handle('crumbs.reports', 'nav.adminReports'), accountPage, G.adminWorkspaces)],
  },
};
