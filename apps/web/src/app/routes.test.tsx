import { render, screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@habla/shared/schemas/auth';
import { isValidElement } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { isRouteHandle } from '@/lib/route-handle';
import { setupTestI18n } from '@/test/i18n';
import { makeUser } from '@/test/users';
import { Guard } from './guard';
import { Providers } from './providers';
import { AppRoot } from './root';
import { routes } from './routes';

/** Seed §2 table: path → breadcrumb label ("*" = item name or id). */
const SEED_ROUTES: [string, string][] = [
  ['/dashboards', 'Dashboards'],
  ['/dashboards/student', 'Student'],
  ['/catalogs', 'Reference Catalogs'],
  ['/catalogs/dictionary', 'Dictionary'],
  ['/catalogs/verbs', 'Verbs'],
  ['/catalogs/verbRegular', 'Regular Verb'],
  ['/catalogs/verbIrregular', 'Irregular Verb'],
  ['/catalogs/topics', 'Topics'],
  ['/catalogs/topic', 'Topic'],
  ['/catalogs/topicType', 'Topics Type'],
  ['/catalogs/grammaticals', 'Grammar Categories'],
  ['/catalogs/grammaticalCategories', 'Grammar Categories'],
  ['/catalogs/grammaticalTypes', 'Grammar Types'],
  ['/catalogs/grammaticalItems', 'Vocabulary Universe'],
  ['/catalogs/verbTenses', 'Verb Tense'],
  ['/catalogs/formulations', 'Syntax Sentence'],
  ['/catalogs/vocabulary', 'Vocabulary'],
  ['/catalogs/skills', 'Skills'],
  ['/catalogs/skill', 'Skill'],
  ['/catalogs/target', 'Target'],
  ['/levels', 'Level'],
  ['/levels/3/edit', 'Level'],
  ['/chapters', 'Chapter'],
  ['/chapters/x', 'x'],
  ['/games', 'Game'],
  ['/games/a/b', 'Game'],
  ['/activities', 'Activity'],
  ['/imagesGallery', 'Images Gallery'],
  ['/imagesGallery/folder/1', 'Images Gallery'],
  ['/clients', 'Clients'],
  ['/clients/add', 'New'],
  ['/clients/edit/c-9', 'c-9'],
  ['/clients/c-9', 'c-9'],
  ['/administration', 'Administration'],
  ['/administration/accounts', 'Accounts'],
  ['/administration/accounts/add', 'New'],
  ['/administration/accounts/edit/a-1', 'a-1'],
  ['/administration/accounts/a-1', 'a-1'],
  ['/administration/userProfiles', 'Users'],
  ['/administration/userProfiles/add', 'New'],
  ['/administration/userProfiles/edit/u-1', 'u-1'],
  ['/administration/userProfiles/u-1', 'u-1'],
  ['/administration/workspaces', 'Workspaces'],
  ['/administration/workspaces/w/2', 'Workspaces'],
  ['/administration/reports', 'Reports'],
  ['/administration/rolePermissions', 'Role Permissions'],
  ['/administration/generalProfile', 'General Profile'],
  ['/reports', 'Reports'],
  ['/students', 'Students'],
];

const PUBLIC = [
  '/',
  '/login',
  '/changePassword',
  '/logout',
  '/signup',
  '/forgotPassword',
  '/resetPassword',
  '/players',
  '/players/game/7',
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signIn(user: SessionUser | null, token = 'tok') {
  useAuthStore.setState({ token, user });
}

function renderApp(path: string, withProviders = false) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = <RouterProvider router={router} />;
  render(withProviders ? <Providers>{app}</Providers> : app);
  return router;
}

const t = (key: string) => key;
function lastCrumb(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  return matches
    .flatMap((m) =>
      isRouteHandle(m.route.handle) && m.route.handle.crumb
        ? [m.route.handle.crumb({ t, params: m.params, itemName: null })]
        : [],
    )
    .at(-1);
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => signIn(null, ''));
afterEach(() => vi.unstubAllGlobals());

describe('route table', () => {
  it('has every route of the seed table, each with its breadcrumb', async () => {
    const i18n = await setupTestI18n('en');
    for (const [path, label] of SEED_ROUTES) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(
        matches.some((m) => m.route.path === '*' && m.pathnameBase === '/'),
        path,
      ).toBe(false);
      const crumbs = matches.flatMap((m) =>
        isRouteHandle(m.route.handle) && m.route.handle.crumb
          ? [m.route.handle.crumb({ t: (k) => i18n.t(k), params: m.params, itemName: null })]
          : [],
      );
      expect(crumbs.at(-1), path).toBe(label);
    }
    expect(lastCrumb('/administration/accounts/edit/a-1')).toBe('a-1');
  });

  it('has the public and player routes', () => {
    for (const path of PUBLIC) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.length, path).toBeGreaterThan(1);
      expect(
        matches.some((m) => m.route.path === '*' && m.pathnameBase === '/'),
        path,
      ).toBe(false);
    }
  });

  it('gives every route an error screen and loads every screen lazily', () => {
    // Screens load on demand (one chunk each): every route that renders a screen gets it from
    // `lazy`, never from an `element` or `Component` built into the main bundle. Two kinds of route
    // legitimately carry an eager element, and only as a wrapper around child routes:
    //  - the root, <AppRoot>: the loading bar, scroll restoration and the expired-session redirect
    //    that every screen needs before any chunk arrives;
    //  - <Guard>: a permission check that redirects or renders the child route's <Outlet>; it holds
    //    no screen, and the screen it lets through is the child's lazy one.
    // The layouts (public, main, player) are screens' frames with code of their own: lazy as well.
    const EAGER_WRAPPERS: unknown[] = [AppRoot, Guard];
    const seen = { routes: 0, leaves: 0, wrappers: 0 };
    const walk = (list: RouteObject[], trail: string): void => {
      for (const route of list) {
        const name = `${trail}/${route.index ? '(index)' : (route.path ?? route.id ?? '(pathless)')}`;
        seen.routes += 1;
        expect(route.errorElement, name).toBeTruthy();
        expect(route.Component, `${name}: a Component is eager`).toBeUndefined();
        if (route.element !== undefined) {
          seen.wrappers += 1;
          expect(
            isValidElement(route.element) && EAGER_WRAPPERS.includes(route.element.type),
            `${name}: an eager element other than <AppRoot> or <Guard>`,
          ).toBe(true);
          expect(
            route.children?.length,
            `${name}: an eager wrapper with no child route to load lazily`,
          ).toBeGreaterThan(0);
          expect(route.lazy, `${name}: both an element and lazy`).toBeUndefined();
        }
        if (route.children) walk(route.children, name);
        else {
          // A leaf renders a screen: it comes from lazy.
          seen.leaves += 1;
          expect(route.lazy, name).toBeTypeOf('function');
        }
      }
    };
    walk(routes, '');
    // The walk saw the whole table, including the wrapped routes (a sanity check on the walk itself).
    expect(seen.leaves).toBeGreaterThan(100);
    expect(seen.wrappers).toBeGreaterThan(10);
  });
});

describe('route gating', () => {
  it('a student opening /administration is redirected to /dashboards', async () => {
    signIn(makeUser('STUDENT'));
    const router = renderApp('/administration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['STUDENT', '/administration/userProfiles'],
    ['STUDENT', '/clients/add'],
    ['THERAPIST', '/administration/accounts/edit/1'],
    ['STUDENT', '/reports'],
    ['EDITOR', '/administration/workspaces'],
    ['VIEWER', '/administration/rolePermissions/x'],
  ] as const)('%s opening %s goes to /dashboards', async (role, path) => {
    signIn(makeUser(role));
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
  });

  it.each([
    ['STUDENT', '/players/abc', 'Player'],
    ['STUDENT', '/catalogs/verbs', 'Irregular Verb'],
    ['STUDENT', '/clients', 'Clients'],
    ['STUDENT', '/administration/accounts', 'Accounts'],
    ['ACCOUNT_ADMIN', '/reports', 'Reports'],
    ['ACCOUNT_ADMIN', '/administration/userProfiles/add', 'New record: Users'],
    ['SUPPORT', '/administration', 'Administration'],
  ] as const)('%s may open %s', async (role, path, heading) => {
    signIn(makeUser(role));
    const router = renderApp(path);
    const expected = path === '/catalogs/verbs' ? 'Verbs' : heading;
    expect(await screen.findByRole('heading', { level: 1, name: expected })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('the Main layout sends a signed-out visitor to /', async () => {
    const router = renderApp('/dashboards');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByLabelText('E-mail or username')).toBeInTheDocument();
  });

  it('a stored token without a user (no permissions list) is sent to / by a guard, then on to /dashboards', async () => {
    signIn(null, 'tok');
    const router = renderApp('/administration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
  });

  it.each(['/', '/login', '/signup'])('a signed-in user opening %s goes to /dashboards', async (path) => {
    signIn(makeUser('THERAPIST'));
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
  });

  it('/changePassword needs a signed-in user', async () => {
    const router = renderApp('/changePassword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('the player is open to everyone, under a header titled Player', async () => {
    renderApp('/players/game/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Player' })).toBeInTheDocument();
  });
});

describe('other paths and sessions', () => {
  it('an unknown path shows the not-found page, signed out or in', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('an unknown path inside the app keeps the signed-in shell', async () => {
    signIn(makeUser('ADMIN'));
    renderApp('/administration/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('/logout revokes the session, clears token and user, and goes to /', async () => {
    const fetchMock = vi.fn(async () => json({ status: true, message: 'You have signed out.' }));
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.getState().signIn(makeUser('THERAPIST'), 'tok-out');
    expect(localStorage.getItem('token')).toBe('tok-out');
    const router = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a 401 on an authenticated call (expired session) signs out and returns to /', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ status: false, errors: ['Your session has expired. Please sign in again.'] }, 401)),
    );
    useAuthStore.getState().signIn(makeUser('THERAPIST'), 'tok-expired');
    const router = renderApp('/dashboards', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });
});
