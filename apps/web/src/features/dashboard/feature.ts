import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';

const dashboard = load(
  () => import('./dashboard-page'),
  (m) => m.DashboardPage,
);

/** `/dashboards`: each person's board; `/dashboards/student` waits for its screen. */
export const dashboardFeature: FeatureManifest = {
  id: 'dashboard',
  routes: {
    main: [
      {
        path: 'dashboards',
        handle: handle('crumbs.dashboards'),
        children: [
          { index: true, lazy: dashboard },
          screen('student', handle('crumbs.student', 'pages.studentDashboard')),
        ],
      },
    ],
  },
};
