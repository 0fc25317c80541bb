import type { FeatureManifest } from '@/app/feature';
import { handle, load, screen } from '@/app/route-kit';

const appConfiguration = load(
  () => import('./app-configuration-page'),
  (m) => m.AppConfigurationPage,
);

/** `/administration/appConfiguration`. */
export const appConfigurationFeature: FeatureManifest = {
  id: 'app-configuration',
  routes: {
    // Every signed-in user may read it (the API's policy): the menu offers it to those who change it, others who reach
    // it see it read-only.
    administration: [
      screen('appConfiguration', handle('crumbs.appConfiguration', 'crumbs.appConfiguration'), appConfiguration),
    ],
  },
};
