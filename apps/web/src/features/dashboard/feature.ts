import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';

const dashboard = load(
  () => import('./dashboard-page'),
  (m) => m.DashboardPage,
);

const studentBoard = load(
  () => import('./student-board-page'),
  (m) => m.StudentBoardPage,
);

/**
 * `/dashboards`: each person's board (and the platform's figures for platform staff);
 * `/dashboards/student`: a student's own board, where a student lands after signing in
 * (docs/product.md §6 "Dashboards").
 */
export const dashboardFeature: FeatureManifest = {
  id: 'dashboard',
  routes: {
    main: [
      {
        path: 'dashboards',
        handle: handle('crumbs.dashboards'),
        children: [
          { index: true, lazy: dashboard },
          screen('student', handle('crumbs.student', 'pages.studentDashboard'), studentBoard),
        ],
      },
    ],
  },
};
