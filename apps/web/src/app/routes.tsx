import { PERMISSIONS } from '@habla/shared/permissions';
import type { RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { CATALOG_PAGES } from '@/lib/catalog-pages';
import {
  ADMIN_SCREENS,
  CATALOG_SCREENS,
  CURRICULUM_SCREENS,
  GAME_SCREENS,
  PEOPLE_SCREENS,
  STUDENTS_SCREEN,
} from '@/lib/resource-screens';
import { PERMISSION_GATES } from '@/lib/permission-gates';
import { featureRoutes, unbuilt } from './features';
import { Guard } from './guard';
import { registerFeaturePanels } from './record-panels';
import { AppRoot } from './root';
import { RouteErrorScreen } from './route-error';
import { genericPage, handle, load, resourceRoutes, screen, section } from './route-kit';

const lazyPage = {
  publicLayout: load(
    () => import('./layouts/public-layout'),
    (m) => m.PublicLayout,
  ),
  playerLayout: load(
    () => import('./layouts/player-layout'),
    (m) => m.PlayerLayout,
  ),
  mainLayout: load(
    () => import('./layouts/main-layout'),
    (m) => m.MainLayout,
  ),
  catalogs: load(
    () => import('@/features/sections/catalogs-page'),
    (m) => m.CatalogsPage,
  ),
  notFound: load(
    () => import('@/features/errors/not-found-page'),
    (m) => m.NotFoundPage,
  ),
};

const P = PERMISSIONS;
const G = PERMISSION_GATES;

/** Main layout routes (seed §2 table, plus the menu's screens that later issues fill). */
const mainRoutes: RouteObject[] = [
  {
    path: 'catalogs',
    handle: handle('crumbs.catalogs'),
    children: [
      { index: true, lazy: lazyPage.catalogs },
      ...CATALOG_SCREENS.map((x) => resourceRoutes(x)),
      // Local vocabulary is an account's own list: it arrives with the accounts issue.
      ...CATALOG_PAGES.filter((c) => !CATALOG_SCREENS.some((s) => s.path === c.path)).map((c) =>
        screen(c.path, handle(c.label, c.label)),
      ),
    ],
  },
  ...CURRICULUM_SCREENS.map((x) => resourceRoutes(x)),
  // The features' own screens (app/features.ts): the dashboard, the seed's game variants (games/assigned…), the
  // gallery, settings.
  ...featureRoutes('main'),
  ...GAME_SCREENS.map((x) => resourceRoutes(x)),
  resourceRoutes(PEOPLE_SCREENS.find((x) => x.path === 'clients')!),
  {
    path: 'administration',
    handle: handle('crumbs.administration'),
    children: [
      // Pathless wrapper: an index route cannot have children of its own.
      { element: <Guard permission={P.ADMIN_USERS} />, children: [{ index: true, lazy: genericPage.overview }] },
      ...ADMIN_SCREENS.map((x) => resourceRoutes(x)),
      ...featureRoutes('administration'),
      ...unbuilt('administration', [
        section('notifications', handle('crumbs.notifications', 'crumbs.notifications'), P.ADMIN_USERS),
        section('comments', handle('crumbs.comments', 'crumbs.comments'), P.ADMIN_USERS),
      ]),
    ],
  },
  resourceRoutes(STUDENTS_SCREEN),
  {
    path: 'analytics',
    handle: handle('crumbs.analytics'),
    element: <Guard permission={G.analytics} />,
    children: [{ index: true, lazy: genericPage.overview }, ...featureRoutes('analytics')],
  },
  {
    path: 'assessments',
    handle: handle('crumbs.assessments', 'crumbs.assessments'),
    element: <Guard permission={G.assessments} />,
    children: [
      { index: true, lazy: genericPage.overview },
      ...featureRoutes('assessments'),
      // The section's other screens arrive with later issues.
      { path: '*', lazy: genericPage.placeholder },
    ],
  },
];

/** Give every route the seed's error screen. */
function withErrorScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withErrorScreens(route.children) : undefined;
    return { ...route, errorElement: <RouteErrorScreen />, ...(children ? { children } : {}) } as RouteObject;
  });
}

/** Every route of the app (exported for tests, which mount them in a memory router). */
registerFeaturePanels();

export const routes: RouteObject[] = withErrorScreens([
  {
    id: 'root',
    element: <AppRoot />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        id: 'public',
        lazy: lazyPage.publicLayout,
        children: featureRoutes('public'),
      },
      {
        id: 'player',
        path: 'players',
        lazy: lazyPage.playerLayout,
        children: featureRoutes('player'),
      },
      { id: 'main', lazy: lazyPage.mainLayout, children: mainRoutes },
      { path: '*', lazy: lazyPage.notFound },
    ],
  },
]);
