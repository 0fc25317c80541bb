import { analyticsActions } from '@habla/shared/policies/index';
import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';
import type { RecordPanel } from '@/lib/record-panels';
import { itemCrumb } from '@/lib/route-handle';

const page = {
  students: load(
    () => import('./students-analytics-page'),
    (m) => m.StudentsAnalyticsPage,
  ),
  student: load(
    () => import('./student-analytics-page'),
    (m) => m.StudentAnalyticsPage,
  ),
  games: load(
    () => import('./games-analytics-page'),
    (m) => m.GamesAnalyticsPage,
  ),
  activities: load(
    () => import('./activities-analytics-page'),
    (m) => m.ActivitiesAnalyticsPage,
  ),
  users: load(
    () => import('./users-analytics-page'),
    (m) => m.UsersAnalyticsPage,
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

/**
 * The analytics section's screens (decision 026); the section's guard is the analytics permissions.
 * Students analytics, and under it one student over time (`students/:id`, decision 027), named in
 * the breadcrumbs once loaded.
 */
export const analyticsFeature: FeatureManifest = {
  id: 'analytics',
  routes: {
    analytics: [
      {
        path: 'students',
        handle: handle('crumbs.studentsAnalytics', 'crumbs.studentsAnalytics'),
        children: [
          { index: true, lazy: page.students },
          { path: ':id', handle: { crumb: itemCrumb('id') }, lazy: page.student },
        ],
      },
      // Games, activities and users analytics (decision 028).
      screen('games', handle('crumbs.gamesAnalytics', 'crumbs.gamesAnalytics'), page.games),
      screen('activities', handle('crumbs.activitiesAnalytics', 'crumbs.activitiesAnalytics'), page.activities),
      screen('users', handle('crumbs.usersAnalytics', 'crumbs.usersAnalytics'), page.users),
    ],
  },
  panels,
};
