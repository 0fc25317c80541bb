import { PERMISSIONS } from '@habla/shared/permissions';
import { policyOf } from '@habla/shared/policies/index';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { CATALOG_PAGES } from '@/lib/catalog-pages';
import {
  ADMIN_SCREENS,
  ASSESSMENT_SCREEN,
  CATALOG_SCREENS,
  CURRICULUM_SCREENS,
  GAME_SCREENS,
  PEOPLE_SCREENS,
  RECORDING_SCREEN,
  STUDENTS_SCREEN,
  type ResourceScreen,
} from '@/lib/resource-screens';
import { PERMISSION_GATES, policyGate } from '@/lib/permission-gates';
import { itemCrumb, labelCrumb, type RouteHandle } from '@/lib/route-handle';
import { Guard } from './guard';
import { registerFeaturePanels } from './record-panels';
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
  login: load(
    () => import('@/features/auth/login-page'),
    (m) => m.LoginPage,
  ),
  signup: load(
    () => import('@/features/auth/signup-page'),
    (m) => m.SignupPage,
  ),
  forgotPassword: load(
    () => import('@/features/auth/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  resetPassword: load(
    () => import('@/features/auth/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  changePassword: load(
    () => import('@/features/auth/change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
  logout: load(
    () => import('@/features/auth/logout-page'),
    (m) => m.LogoutPage,
  ),
  dashboard: load(
    () => import('@/features/dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  overview: load(
    () => import('@/features/sections/section-overview-page'),
    (m) => m.SectionOverviewPage,
  ),
  catalogs: load(
    () => import('@/features/sections/catalogs-page'),
    (m) => m.CatalogsPage,
  ),
  placeholder: load(
    () => import('@/features/sections/section-placeholder-page'),
    (m) => m.SectionPlaceholderPage,
  ),
  player: load(
    () => import('@/features/player/player-page'),
    (m) => m.PlayerPage,
  ),
  settings: load(
    () => import('@/features/settings/settings-page'),
    (m) => m.SettingsPage,
  ),
  notFound: load(
    () => import('@/features/errors/not-found-page'),
    (m) => m.NotFoundPage,
  ),
  rolePermissions: load(
    () => import('@/features/administration/role-permissions-page'),
    (m) => m.RolePermissionsPage,
  ),
  generalProfile: load(
    () => import('@/components/profile/general-profile-page'),
    (m) => m.GeneralProfilePage,
  ),
  auditLog: load(
    () => import('@/features/administration/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  jobs: load(
    () => import('@/features/jobs/jobs-page'),
    (m) => m.JobsPage,
  ),
  appConfiguration: load(
    () => import('@/features/app-configuration/app-configuration-page'),
    (m) => m.AppConfigurationPage,
  ),
  gallery: load(
    () => import('@/features/gallery/gallery-page'),
    (m) => m.GalleryPage,
  ),
  gameSessions: load(
    () => import('@/features/evaluation/sessions-page'),
    (m) => m.SessionsPage,
  ),
  evaluation: load(
    () => import('@/features/evaluation/evaluation-page'),
    (m) => m.EvaluationPage,
  ),
  assignedGames: load(
    () => import('@/features/evaluation/assigned-page'),
    (m) => m.AssignedPage,
  ),
  gameBuilder: load(
    () => import('@/features/games/game-builder-page'),
    (m) => m.GameBuilderPage,
  ),
  newRecording: load(
    () => import('@/features/recordings/new-recording-page'),
    (m) => m.NewRecordingPage,
  ),
  recording: load(
    () => import('@/features/recordings/recording-page'),
    (m) => m.RecordingPage,
  ),
  newAssessment: load(
    () => import('@/features/assessments/new-assessment-page'),
    (m) => m.NewAssessmentPage,
  ),
  assessment: load(
    () => import('@/features/assessments/assessment-page'),
    (m) => m.AssessmentPage,
  ),
  recordList: load(
    () => import('@/components/resource/record-list-page'),
    (m) => m.RecordListPage,
  ),
  recordForm: load(
    () => import('@/components/resource/record-form-page'),
    (m) => m.RecordFormPage,
  ),
  recordFullEdit: load(
    () => import('@/components/resource/record-form-page'),
    (m) => m.RecordFullEditPage,
  ),
  recordShow: load(
    () => import('@/components/resource/record-show-page'),
    (m) => m.RecordShowPage,
  ),
  recordFullView: load(
    () => import('@/components/resource/record-show-page'),
    (m) => m.RecordFullViewPage,
  ),
};

/** Screens a feature draws in place of the generic ones (a recording's upload and page). */
type FeaturePages = { create?: Lazy; show?: Lazy };

/**
 * The screens of one resource (seed §2 "model screens"): list, New, edit/{id}, {id}, and the full
 * view and full edit. The generic pages read the resource from `handle.screen`; a feature may draw
 * the create screen (at the screen's `createPath`, behind the policy's create rule) and the show page.
 */
function resourceRoutes(screen: ResourceScreen, pages: FeaturePages = {}): RouteObject {
  const h = (crumb: RouteHandle['crumb'], title?: string) => ({ ...(crumb ? { crumb } : {}), ...(title ? { title } : {}), screen });
  // Seed §6 gating: add, edit and show behind the screen's permission (and the list with gateList).
  const gated = (route: RouteObject): RouteObject => (screen.gate && !screen.gateList ? { element: <Guard permission={screen.gate} />, children: [route] } : route);
  const createGate = pages.create && policyGate(policyOf(screen.resource.name), 'create');
  const create: RouteObject = pages.create
    ? {
        path: screen.createPath ?? 'add',
        handle: h(labelCrumb('crumbs.new')),
        ...(createGate ? { element: <Guard permission={createGate} />, children: [{ index: true, lazy: pages.create }] } : { lazy: pages.create }),
      }
    : { path: screen.createPath ?? 'add', handle: h(labelCrumb('crumbs.new')), lazy: lazyPage.recordForm };
  const children: RouteObject[] = [
    { index: true, handle: h(undefined, screen.titleKey), lazy: lazyPage.recordList },
    gated(create),
    gated({
      path: 'edit/:id',
      handle: h(itemCrumb('id')),
      children: [
        { index: true, lazy: lazyPage.recordForm },
        { path: 'full', handle: h(labelCrumb('crumbs.fullEdit')), lazy: lazyPage.recordFullEdit },
      ],
    }),
    gated({
      path: ':id',
      handle: h(itemCrumb('id')),
      children: [
        { index: true, lazy: pages.show ?? lazyPage.recordShow },
        { path: 'full', handle: h(labelCrumb('crumbs.fullView')), lazy: lazyPage.recordFullView },
      ],
    }),
  ];
  // Seed paths ending in "/*" (/administration/workspaces/*): other sub-paths show the list.
  if (screen.wildcard) children.push({ path: '*', handle: h(undefined, screen.titleKey), lazy: lazyPage.recordList });
  if (screen.gate && screen.gateList) return { path: screen.path, handle: h(labelCrumb(screen.titleKey)), element: <Guard permission={screen.gate} />, children };
  return { path: screen.path, handle: h(labelCrumb(screen.titleKey)), children };
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

/** A screen whose seed path ends in "/*": any sub-path shows the same screen. */
function wildcard(path: string, h: RouteHandle, lazy: Lazy, permission: string): RouteObject {
  return {
    path,
    handle: h,
    element: <Guard permission={permission} />,
    children: [
      { index: true, lazy },
      { path: '*', lazy },
    ],
  };
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

const P = PERMISSIONS;
const G = PERMISSION_GATES;

/** Main layout routes (seed §2 table, plus the menu's screens that later issues fill). */
const mainRoutes: RouteObject[] = [
  {
    path: 'dashboards',
    handle: handle('crumbs.dashboards'),
    children: [{ index: true, lazy: lazyPage.dashboard }, screen('student', handle('crumbs.student', 'pages.studentDashboard'))],
  },
  {
    path: 'catalogs',
    handle: handle('crumbs.catalogs'),
    children: [
      { index: true, lazy: lazyPage.catalogs },
      ...CATALOG_SCREENS.map((x) => resourceRoutes(x)),
      // Local vocabulary is an account's own list: it arrives with the accounts issue.
      ...CATALOG_PAGES.filter((c) => !CATALOG_SCREENS.some((s) => s.path === c.path)).map((c) => screen(c.path, handle(c.label, c.label))),
    ],
  },
  ...CURRICULUM_SCREENS.map((x) => resourceRoutes(x)),
  // The seed's game variants (assigned, session, evaluation) under /games/*: static paths win over games/:id.
  screen('games/assigned', handle('crumbs.assignedGames', 'crumbs.assignedGames'), lazyPage.assignedGames, G.games),
  screen('games/sessions', handle('crumbs.gameSessions', 'crumbs.gameSessions'), lazyPage.gameSessions, G.evaluation),
  screen('games/sessions/:id', handle('crumbs.evaluation', 'crumbs.evaluation'), lazyPage.evaluation, G.evaluation),
  screen('games/:id/builder', handle('builder.eyebrow', 'builder.eyebrow'), lazyPage.gameBuilder, G.games),
  ...GAME_SCREENS.map((x) => resourceRoutes(x)),
  wildcard('imagesGallery', handle('crumbs.imagesGallery', 'crumbs.imagesGallery'), lazyPage.gallery, G.gallery),
  resourceRoutes(PEOPLE_SCREENS.find((x) => x.path === 'clients')!),
  {
    path: 'administration',
    handle: handle('crumbs.administration'),
    children: [
      // Pathless wrapper: an index route cannot have children of its own.
      { element: <Guard permission={P.ADMIN_USERS} />, children: [{ index: true, lazy: lazyPage.overview }] },
      ...ADMIN_SCREENS.map((x) => resourceRoutes(x)),
      section('reports', handle('crumbs.reports', 'nav.adminReports'), P.ADMIN_WORKSPACES),
      wildcard('rolePermissions', handle('crumbs.rolePermissions', 'crumbs.rolePermissions'), lazyPage.rolePermissions, P.ADMIN_WORKSPACES),
      wildcard('generalProfile', handle('crumbs.generalProfile', 'crumbs.generalProfile'), lazyPage.generalProfile, P.ADMIN_WORKSPACES),
      screen('auditLog', handle('crumbs.auditLog', 'crumbs.auditLog'), lazyPage.auditLog, G.auditLog),
      screen('jobs', handle('jobs.title', 'jobs.title'), lazyPage.jobs, P.ADMIN_ACCOUNTS),
      // Every signed-in user may read it (the API's policy): the menu offers it to those who change it, others who reach it see it read-only.
      screen('appConfiguration', handle('crumbs.appConfiguration', 'crumbs.appConfiguration'), lazyPage.appConfiguration),
      section('notifications', handle('crumbs.notifications', 'crumbs.notifications'), P.ADMIN_USERS),
      section('comments', handle('crumbs.comments', 'crumbs.comments'), P.ADMIN_USERS),
    ],
  },
  screen('reports', handle('crumbs.reports', 'crumbs.reports'), lazyPage.placeholder, P.ADMIN_WORKSPACES),
  resourceRoutes(STUDENTS_SCREEN),
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
  {
    path: 'assessments',
    handle: handle('crumbs.assessments', 'crumbs.assessments'),
    element: <Guard permission={G.assessments} />,
    children: [
      { index: true, lazy: lazyPage.overview },
      // Recorded sessions: the generic list, edit and full view; the feature's upload and recording page.
      resourceRoutes(RECORDING_SCREEN, { create: lazyPage.newRecording, show: lazyPage.recording }),
      // Language-sample assessments: the generic list; the feature's new assessment and assessment page.
      resourceRoutes(ASSESSMENT_SCREEN, { create: lazyPage.newAssessment, show: lazyPage.assessment }),
      // The section's other screens arrive with later issues.
      { path: '*', lazy: lazyPage.placeholder },
    ],
  },
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
