import { playActions } from '@habla/shared/policies/index';
import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';
import type { ListTool } from '@/lib/list-tools';
import { PERMISSION_GATES as G } from '@/lib/permission-gates';
import type { RecordPanel } from '@/lib/record-panels';

/** Below a game's details: its activities and the way into the builder; below a chapter's: its games to assign. */
const gamePanels: RecordPanel[] = [
  { id: 'builder', resources: ['games'], load: () => import('./builder-panel') },
  {
    id: 'chapter-games',
    resources: ['chapters'],
    visible: (user) => playActions.assign(user),
    load: () => import('./chapter-games-panel'),
  },
  // Below a student's: the games given to them, and giving more.
  {
    id: 'student-games',
    resources: ['clients'],
    visible: (user) => playActions.assign(user),
    load: () => import('./student-games-panel'),
  },
];

/** On the games list's selection: assign the selected games. */
const gameListTools: ListTool[] = [
  {
    id: 'assign',
    resources: ['games'],
    visible: (user) => playActions.assign(user),
    load: () => import('./assign-tool'),
  },
];

const gameBuilder = load(
  () => import('./game-builder-page'),
  (m) => m.GameBuilderPage,
);

/** The game builder, its panels and the assign tool. */
export const gamesFeature: FeatureManifest = {
  id: 'games',
  routes: { main: [screen('games/:id/builder', handle('builder.eyebrow', 'builder.eyebrow'), gameBuilder, G.games)] },
  panels: gamePanels,
  listTools: gameListTools,
};
