import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';

const page = {
  assigned: load(
    () => import('./assigned-page'),
    (m) => m.AssignedPage,
  ),
  sessions: load(
    () => import('./sessions-page'),
    (m) => m.SessionsPage,
  ),
  evaluation: load(
    () => import('./evaluation-page'),
    (m) => m.EvaluationPage,
  ),
};

/** The seed's game variants under /games/* (assigned, sessions, evaluation): static paths win over games/:id. */
export const evaluationFeature: FeatureManifest = {
  id: 'evaluation',
  routes: {
    main: [
      screen('games/assigned', handle('crumbs.assignedGames', 'crumbs.assignedGames'), page.assigned, G.games),
      screen('games/sessions', handle('crumbs.gameSessions', 'crumbs.gameSessions'), page.sessions, G.evaluation),
      screen('games/sessions/:id', handle('crumbs.evaluation', 'crumbs.evaluation'), page.evaluation, G.evaluation),
    ],
  },
};
