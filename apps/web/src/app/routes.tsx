import { PERMISSIONS } from '@habla/shared/permissions';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { CATALOG_PAGES } from '@/lib/catalog-pages';
import { CATALOG_SCREENS, type ResourceScreen } from '@/lib/resource-screens';
import { PERMISSION_GATES } from '@/lib/permission-gates';
import { itemCrumb, labelCrumb, type RouteHandle } from '@/lib/route-handle';
import { Guard } from './guard';
import { AppRoot } from './root';
import { RouteErrorScreen } from './route-error';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * A lazily loaded screen (one chunk each, seed §2). A chunk that fails to load (offline, or an
 * old tab after a deploy) resolves to a component that throws, so the route's own error screen
 * shows it inside the surrounding layout instead of the router giving up on the whole tree.
 */
function load<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): Lazy {
  return () =>
    importer().then(
      (module) => ({ Component: pick(module) }),
      (error: unknown) => ({
        Component: () => {
          throw error;
        },
      }),
    );
}

const lazyPage = {
  publicLayout: load(() => import('./layouts/public-layout'), (m) => m.PublicLayout),
  playerLayout: load(() => import('./layouts/player-layout'), (m) => m.PlayerLayout),
  mainLayout: load(() => import('./layouts/main-layout'), (m) => m.MainLayout),
  login: load(() => import('@/features/auth/login-page'), (m) => m.LoginPage),
  signup: load(() => import('@/features/auth/signup-page'), (m) => m.SignupPage),
  forgotPassword: load(() => import('@/features/auth/forgot-password-page'), (m) => m.ForgotPasswordPage),
  resetPassword: load(() => import('@/features/auth/reset-password-page'), (m) => m.ResetPasswordPage),
  changePassword: load(() => import('@/features/auth/change-password-page'), (m) => m.ChangePasswordPage),
  logout: load(() => import('@/features/auth/logout-page'), (m) => m.LogoutPage),
  dashboard: load(() => import('@/features/dashboard/dashboard-page'), (m) => m.DashboardPage),
  overview: load(() => import('@/features/sections/section-overview-page'), (m) => m.SectionOverviewPage),
  catalogs: load(() => import('@/features/sections/catalogs-page'), (m) => m.CatalogsPage),
  placeholder: load(() => import('@/features/sections/section-placeholder-page'), (m) => m.SectionPlaceholderPage),
  player: load(() => import('@/features/player/player-page'), (m) => m.PlayerPage),
  settings: load(() => import('@/features/settings/settings-page'), (m) => m.SettingsPage),
  notFound: load(() => import('@/features/errors/not-found-page'), (m) => m.NotFoundPage),
  recordList: load(() => import('@/components/resource/record-list-page'), (m) => m.RecordListPage),
  recordForm: load(() => import('@/components/resource/record-form-page'), (m) => m.RecordFormPage),
  recordFullEdit: load(() => import('@/components/resource/record-form-page'), (m) => m.RecordFullEditPage),
  recordShow: load(() => import('@/components/resource/record-show-page'), (m) => m.RecordShowPage),
  recordFullView: load(() => import('@/components/resource/record-show-page'), (m) => m.RecordFullViewPage),
};

/**
 * The screens of one resource (seed §2 "model screens"): list, New, edit/{id}, {id}, and the full
 * view and full edit. The generic pages read the resource from `handle.screen`.
 */
function resourceRoutes(screen: ResourceScreen): RouteObject {
  const h = (crumb: RouteHandle['crumb'], title?: string) => ({ ...(crumb ? { crumb } : {}), ...(title ? { title } : {}), screen });
  return {
    path: screen.path,
    handle: h(labelCrumb(screen.titleKey)),
    children: [
      { index: true, handle: h(undefined, screen.titleKey), lazy: lazyPage.recordList },
      { path: 'add', handle: h(labelCrumb('crumbs.new')), lazy: lazyPage.recordForm },
      { path: 'edit/:id', handle: h(itemCrumb('id')), children: [{ index: true, lazy: lazyPage.recordForm }, { path: 'full', handle: h(labelCrumb('crumbs.fullEdit')), lazy: lazyPage.recordFullEdit }] },
      { path: ':id', handle: h(itemCrumb('id')), children: [{ index: true, lazy: lazyPage.recordShow }, { path: 'full', handle: h(labelCrumb('crumbs.fullView')), lazy: lazyPage.recordFullView }] },
    ],
  };
}

const handle = (crumbKey: string | null, title?: string): RouteHandle => ({
  ...(crumbKey ? { crumb: labelCrumb(crumbKey) } : {}),
  ...(title ? { title } : {}),
});

/** A leaf screen; with `permission` it sits behind the seed's route guard. */
function screen(path: string, h: RouteHandle, lazy: Lazy = lazyPage.placeholder, permission?: string): RouteObject {
  if (!permission) return { path, handle: h, lazy };
  return { path, handle: h, element: <Guard permission={permission} />, children: [{ index: true, lazy }] };
}

/** A section whose sub-pages later issues build ("/levels/*"): the index and any sub-path. */
function section(path: string, h: RouteHandle, permission?: string): RouteObject {
  const children: RouteObject[] = [
    { index: true, lazy: lazyPage.placeholder },
    { path: '*', lazy: lazyPage.placeholder },
  ];
  if (!permission) return { path, handle: h, children };
  return { path, handle: h, element: <Guard permission={permission} />, children };
}

/**
 * List, New, edit/{id} and {id} of one record type. `permission` gates add/edit/show; with
 * `guardList` the list is gated by it too.
 */
function records(
  path: string,
  param: string,
  keys: { crumb: string; list: string; add: string; edit: string; show: string },
  permission: string,
  guardList = false,
): RouteObject {
  const gate = guardList ? undefined : permission;
  const children: RouteObject[] = [
    { index: true, handle: handle(null, keys.list), lazy: lazyPage.placeholder },
    screen('add', handle('crumbs.new', keys.add), lazyPage.placeholder, gate),
    screen(`edit/:${param}`, { crumb: itemCrumb(param), title: keys.edit }, lazyPage.placeholder, gate),
    screen(`:${param}`, { crumb: itemCrumb(param), title: keys.show }, lazyPage.placeholder, gate),
  ];
  if (guardList) return { path, handle: handle(keys.crumb), element: <Guard permission={permission} />, children };
  return { path, handle: handle(keys.crumb), children };
}

const P = PERMISSIONS;
const G = PERMISSION_GATES;

/** Main layout routes (seed §2 table, plus the menu's screens that later issues fill). */
const mainRoutes: RouteObject[] = [
  {
    path: 'dashboards',
    handle: handle('crumbs.dashboards'),
    children: [
      { index: true, lazy: lazyPage.dashboard },
      screen('student', handle('crumbs.student', 'pages.studentDashboard')),
    ],
  },
  {
    path: 'catalogs',
    handle: handle('crumbs.catalogs'),
    children: [
      { index: true, lazy: lazyPage.catalogs },
      ...CATALOG_SCREENS.map(resourceRoutes),
      // Local vocabulary is an account's own list: it arrives with the accounts issue.
      ...CATALOG_PAGES.filter((c) => !CATALOG_SCREENS.some((s) => s.path === c.path)).map((c) => screen(c.path, handle(c.label, c.label))),
    ],
  },
  section('levels', handle('crumbs.level', 'nav.levels')),
  section('chapters', handle('crumbs.chapter', 'nav.chapters')),
  section('games', handle('crumbs.game', 'nav.games')),
  section('activities', handle('crumbs.activity', 'nav.activities')),
  section('imagesGallery', handle('crumbs.imagesGallery', 'crumbs.imagesGallery')),
  records(
    'clients',
    'clientId',
    { crumb: 'crumbs.clients', list: 'crumbs.clients', add: 'pages.clientNew', edit: 'pages.clientEdit', show: 'pages.clientShow' },
    P.ADMIN_USERS,
  ),
  {
    path: 'administration',
    handle: handle('crumbs.administration'),
    children: [
      // Pathless wrapper: an index route cannot have children of its own.
      { element: <Guard permission={P.ADMIN_USERS} />, children: [{ index: true, lazy: lazyPage.overview }] },
      records(
        'accounts',
        'accountId',
        { crumb: 'crumbs.accounts', list: 'crumbs.accounts', add: 'pages.accountNew', edit: 'pages.accountEdit', show: 'pages.accountShow' },
        P.ADMIN_USERS,
      ),
      records(
        'userProfiles',
        'userId',
        { crumb: 'crumbs.users', list: 'crumbs.users', add: 'pages.userNew', edit: 'pages.userEdit', show: 'pages.userShow' },
        P.ADMIN_USERS,
        true,
      ),
      section('workspaces', handle('crumbs.workspaces', 'crumbs.workspaces'), P.ADMIN_WORKSPACES),
      section('reports', handle('crumbs.reports', 'nav.adminReports'), P.ADMIN_WORKSPACES),
      section('rolePermissions', handle('crumbs.rolePermissions', 'crumbs.rolePermissions'), P.ADMIN_WORKSPACES),
      section('generalProfile', handle('crumbs.generalProfile', 'crumbs.generalProfile'), P.ADMIN_WORKSPACES),
      section('plans', handle('crumbs.plans', 'crumbs.plans'), G.platformOwner),
      section('organizations', handle('crumbs.organizations', 'crumbs.organizations'), G.organizations),
      section('billings', handle('crumbs.billings', 'crumbs.billings'), G.accounts),
      section('appConfiguration', handle('crumbs.appConfiguration', 'crumbs.appConfiguration'), G.platformOwner),
      section('notifications', handle('crumbs.notifications', 'crumbs.notifications'), P.ADMIN_USERS),
      section('comments', handle('crumbs.comments', 'crumbs.comments'), P.ADMIN_USERS),
    ],
  },
  screen('reports', handle('crumbs.reports', 'crumbs.reports'), lazyPage.placeholder, P.ADMIN_WORKSPACES),
  screen('students', handle('crumbs.students', 'crumbs.students')),
  {
    path: 'analytics',
    handle: handle('crumbs.analytics'),
    element: <Guard permission={G.analytics} />,
    children: [
      { index: true, lazy: lazyPage.overview },
      screen('games', handle('crumbs.gamesAnalytics', 'crumbs.gamesAnalytics')),
      screen('activities', handle('crumbs.activitiesAnalytics', 'crumbs.activitiesAnalytics')),
      screen('students', handle('crumbs.studentsAnalytics', 'crumbs.studentsAnalytics')),
      screen('users', handle('crumbs.usersAnalytics', 'crumbs.usersAnalytics')),
      screen('reports', handle('crumbs.reportAnalytics', 'crumbs.reportAnalytics')),
    ],
  },
  section('assessments', handle('crumbs.assessments', 'crumbs.assessments'), G.assessments),
  screen('settings', handle('crumbs.settings'), lazyPage.settings),
];

/** Give every route the seed's error screen. */
function withErrorScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withErrorScreens(route.children) : undefined;
    return { ...route, errorElement: <RouteErrorScreen />, ...(children ? { children } : {}) } as RouteObject;
  });
}

/** Every route of the app (exported for tests, which mount them in a memory router). */
export const routes: RouteObject[] = withErrorScreens([
  {
    id: 'root',
    element: <AppRoot />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        id: 'public',
        lazy: lazyPage.publicLayout,
        children: [
          { index: true, lazy: lazyPage.login },
          { path: 'login', lazy: lazyPage.login },
          { path: 'signup', lazy: lazyPage.signup },
          { path: 'forgotPassword', lazy: lazyPage.forgotPassword },
          { path: 'resetPassword', lazy: lazyPage.resetPassword },
          { path: 'changePassword', lazy: lazyPage.changePassword },
          { path: 'logout', lazy: lazyPage.logout },
        ],
      },
      {
        id: 'player',
        path: 'players',
        lazy: lazyPage.playerLayout,
        children: [
          { index: true, lazy: lazyPage.player },
          { path: '*', lazy: lazyPage.player },
        ],
      },
      { id: 'main', lazy: lazyPage.mainLayout, children: mainRoutes },
      { path: '*', lazy: lazyPage.notFound },
    ],
  },
]);
