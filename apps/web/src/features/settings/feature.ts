import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';

const settings = load(
  () => import('./settings-page'),
  (m) => m.SettingsPage,
);

/** `/settings`: the signed-in user's own settings. */
export const settingsFeature: FeatureManifest = {
  id: 'settings',
  routes: { main: [screen('settings', handle('crumbs.settings'), settings)] },
};
