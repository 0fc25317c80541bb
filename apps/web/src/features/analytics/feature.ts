import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';

const page = {
  students: load(
    () => import('./students-analytics-page'),
    (m) => m.StudentsAnalyticsPage,
  ),
};

/** The analytics section's screens (decision 026); the section's guard is the analytics permissions. */
export const analyticsFeature: FeatureManifest = {
  id: 'analytics',
  routes: {
    analytics: [screen('students', handle('crumbs.studentsAnalytics', 'crumbs.studentsAnalytics'), page.students)],
  },
};
