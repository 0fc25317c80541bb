import { analyticsActions } from '@habla/shared/policies/index';
import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';
import type { RecordPanel } from '@/lib/record-panels';

const page = {
  students: load(
    () => import('./students-analytics-page'),
    (m) => m.StudentsAnalyticsPage,
  ),
};

/** On a student's page: their last 30 days, and the way to every figure. */
const panels: RecordPanel[] = [
  {
    id: 'student-progress',
    resources: ['clients'],
    visible: (user) => analyticsActions.read(user),
    load: () => import('./student-progress-panel'),
  },
];

/** The analytics section's screens (decision 026); the section's guard is the analytics permissions. */
export const analyticsFeature: FeatureManifest = {
  id: 'analytics',
  routes: {
    analytics: [screen('students', handle('crumbs.studentsAnalytics', 'crumbs.studentsAnalytics'), page.students)],
  },
  panels,
};
