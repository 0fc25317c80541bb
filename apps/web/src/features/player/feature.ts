import type { FeatureManifest } from '@/app/feature';
import { load } from '@/app/route-kit';

const player = load(
  () => import('./player-page'),
  (m) => m.PlayerPage,
);

/** `/players` and anything under it: the student's games and the play screen, in the player's own layout. */
export const playerFeature: FeatureManifest = {
  id: 'player',
  routes: {
    player: [
      { index: true, lazy: player },
      { path: '*', lazy: player },
    ],
  },
};
