import { playActions } from '@habla/shared/policies/index';
import type { FeatureManifest } from '@/app/feature';
import { load, resourceRoutes } from '@/app/route-kit';
import type { FieldCell } from '@/lib/field-cells';
import type { ListTool } from '@/lib/list-tools';
import { ASSIGNED_SCREEN, SESSIONS_SCREEN } from './screens';

const evaluation = load(
  () => import('./evaluation-page'),
  (m) => m.EvaluationPage,
);

/** On the assigned games' selection: unassign what has not been played. */
const listTools: ListTool[] = [
  {
    id: 'unassign',
    resources: ['assignments'],
    visible: (user) => playActions.assign(user),
    load: () => import('./unassign-tool'),
  },
];

/** A played session's evaluation, as the way to it from the list. */
const cells: FieldCell[] = [{ resource: 'game-sessions', fields: ['evaluation'], load: () => import('./cells') }];

/**
 * The seed's game variants under /games/* (assigned, sessions, evaluation) as the engine's read-only
 * lists; a session opens on its evaluation. Static paths win over games/:id.
 */
export const evaluationFeature: FeatureManifest = {
  id: 'evaluation',
  routes: {
    main: [
      resourceRoutes(ASSIGNED_SCREEN),
      resourceRoutes(SESSIONS_SCREEN, { show: evaluation, showCrumb: 'crumbs.evaluation' }),
    ],
  },
  listTools,
  cells,
};
