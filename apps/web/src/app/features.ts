import { accountsFeature } from '@/features/accounts/feature';
import { administrationFeature } from '@/features/administration/feature';
import { analyticsFeature } from '@/features/analytics/feature';
import { appConfigurationFeature } from '@/features/app-configuration/feature';
import { assessmentsFeature } from '@/features/assessments/feature';
import { authFeature } from '@/features/auth/feature';
import { dashboardFeature } from '@/features/dashboard/feature';
import { evaluationFeature } from '@/features/evaluation/feature';
import { galleryFeature } from '@/features/gallery/feature';
import { gamesFeature } from '@/features/games/feature';
import { jobsFeature } from '@/features/jobs/feature';
import { peopleFeature } from '@/features/people/feature';
import { playerFeature } from '@/features/player/feature';
import { recordingsFeature } from '@/features/recordings/feature';
import { reportsFeature } from '@/features/reports/feature';
import { settingsFeature } from '@/features/settings/feature';
import { workspacesFeature } from '@/features/workspaces/feature';
import type { RouteObject } from 'react-router';
import type { FeatureManifest, RouteMount } from './feature';

/**
 * Every feature that declares a manifest (app/feature.ts), once. A new feature adds its line here
 * and edits no other central file. The order is the order of panels on a record's page.
 */
export const FEATURES: readonly FeatureManifest[] = [
  authFeature,
  playerFeature,
  dashboardFeature,
  analyticsFeature,
  peopleFeature,
  workspacesFeature,
  accountsFeature,
  evaluationFeature,
  gamesFeature,
  galleryFeature,
  recordingsFeature,
  assessmentsFeature,
  reportsFeature,
  administrationFeature,
  jobsFeature,
  appConfigurationFeature,
  settingsFeature,
];

/** The routes the features hang at one place of the app. */
export const featureRoutes = (mount: RouteMount) => FEATURES.flatMap((f) => f.routes?.[mount] ?? []);

/**
 * The seed's screens of a place that no feature draws yet, kept as placeholders under their own
 * crumb: a feature that draws one (its route of the same path) replaces it, editing nothing here.
 */
export const unbuilt = (mount: RouteMount, placeholders: readonly RouteObject[]): RouteObject[] => {
  const built = new Set(featureRoutes(mount).map((r) => r.path));
  return placeholders.filter((p) => !built.has(p.path));
};
