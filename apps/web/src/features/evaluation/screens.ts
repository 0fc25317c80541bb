import { PLAY_RESOURCES } from '@habla/shared/resources/play';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';
import type { ResourceScreen } from '@/lib/resource-screens';

/**
 * The seed's game variants "assigned" and "session" as the generic, read-only lists of the engine
 * (decision 025): paging, sorting, filters, CSV export and saved columns like every list. A played
 * session opens on its evaluation; an assignment in the quick view.
 */
export const ASSIGNED_SCREEN: ResourceScreen = {
  path: 'games/assigned',
  base: '/games/assigned',
  resource: PLAY_RESOURCES.assignments,
  apiPath: '/api/assignments',
  titleKey: 'evaluation.assignedTitle',
  leadKey: 'evaluation.assignedLead',
  view: 'assigned',
  gate: G.games,
};

export const SESSIONS_SCREEN: ResourceScreen = {
  path: 'games/sessions',
  base: '/games/sessions',
  resource: PLAY_RESOURCES['game-sessions'],
  apiPath: '/api/game-sessions',
  titleKey: 'evaluation.sessionsTitle',
  leadKey: 'evaluation.sessionsLead',
  view: 'sessions',
  gate: G.evaluation,
  ownShow: true,
};
