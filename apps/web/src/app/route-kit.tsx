import { policyOf } from '@habla/shared/policies/index';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ResourceScreen } from '@/lib/resource-screens';
import { policyGate } from '@/lib/permission-gates';
import { itemCrumb, labelCrumb, type RouteHandle } from '@/lib/route-handle';
import { Guard } from './guard';

/**
 * What a route needs, for the app's own route table (routes.tsx) and for the routes a feature
 * declares in its manifest (feature.ts, app/features.ts): lazy screens, guards, breadcrumbs, and a
 * resource's generic screens.
 */

export type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * A lazily loaded screen (one chunk each, seed §2). A chunk that fails to load (offline, or an
 * old tab after a deploy) resolves to a component that throws, so the route's own error screen
 * shows it inside the surrounding layout instead of the router giving up on the whole tree.
 */
export function load<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): Lazy {
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

/** The generic screens every resource and section shares. */
export const genericPage = {
  overview: load(
    () => import('@/features/sections/section-overview-page'),
    (m) => m.SectionOverviewPage,
  ),
  placeholder: load(
    () => import('@/features/sections/section-placeholder-page'),
    (m) => m.SectionPlaceholderPage,
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
export type FeaturePages = {
  create?: Lazy;
  show?: Lazy;
  /** The show page's crumb (a translation key) when the page does not name its record (a session's evaluation). */
  showCrumb?: string;
};

/**
 * The screens of one resource (seed §2 "model screens"): list, New, edit/{id}, {id}, and the full
 * view and full edit. The generic pages read the resource from `handle.screen`; a feature may draw
 * the create screen (at the screen's `createPath`, behind the policy's create rule) and the show page.
 */
export function resourceRoutes(screen: ResourceScreen, pages: FeaturePages = {}): RouteObject {
  const h = (crumb: RouteHandle['crumb'], title?: string) => ({
    ...(crumb ? { crumb } : {}),
    ...(title ? { title } : {}),
    screen,
  });
  // Seed §6 gating: add, edit and show behind the screen's permission (and the list with gateList).
  const gated = (route: RouteObject): RouteObject =>
    screen.gate && !screen.gateList ? { element: <Guard permission={screen.gate} />, children: [route] } : route;
  // A read-only list (decision 025): the list, and the feature's own page of a row when it draws one.
  if (screen.resource.readOnly) {
    const crumb = pages.showCrumb ? labelCrumb(pages.showCrumb) : itemCrumb('id');
    const own: RouteObject[] = pages.show ? [{ path: ':id', handle: h(crumb, pages.showCrumb), lazy: pages.show }] : [];
    const children = [{ index: true, handle: h(undefined, screen.titleKey), lazy: genericPage.recordList }, ...own];
    return screen.gate
      ? {
          path: screen.path,
          handle: h(labelCrumb(screen.titleKey)),
          element: <Guard permission={screen.gate} />,
          children,
        }
      : { path: screen.path, handle: h(labelCrumb(screen.titleKey)), children };
  }
  const createGate = pages.create && policyGate(policyOf(screen.resource.name), 'create');
  const create: RouteObject = pages.create
    ? {
        path: screen.createPath ?? 'add',
        handle: h(labelCrumb('crumbs.new')),
        ...(createGate
          ? { element: <Guard permission={createGate} />, children: [{ index: true, lazy: pages.create }] }
          : { lazy: pages.create }),
      }
    : { path: screen.createPath ?? 'add', handle: h(labelCrumb('crumbs.new')), lazy: genericPage.recordForm };
  const children: RouteObject[] = [
    { index: true, handle: h(undefined, screen.titleKey), lazy: genericPage.recordList },
    gated(create),
    gated({
      path: 'edit/:id',
      handle: h(itemCrumb('id')),
      children: [
        { index: true, lazy: genericPage.recordForm },
        { path: 'full', handle: h(labelCrumb('crumbs.fullEdit')), lazy: genericPage.recordFullEdit },
      ],
    }),
    gated({
      path: ':id',
      handle: h(itemCrumb('id')),
      children: [
        { index: true, lazy: pages.show ?? genericPage.recordShow },
        { path: 'full', handle: h(labelCrumb('crumbs.fullView')), lazy: genericPage.recordFullView },
      ],
    }),
  ];
  // Seed paths ending in "/*" (/administration/workspaces/*): other sub-paths show the list.
  if (screen.wildcard)
    children.push({ path: '*', handle: h(undefined, screen.titleKey), lazy: genericPage.recordList });
  if (screen.gate && screen.gateList)
    return {
      path: screen.path,
      handle: h(labelCrumb(screen.titleKey)),
      element: <Guard permission={screen.gate} />,
      children,
    };
  return { path: screen.path, handle: h(labelCrumb(screen.titleKey)), children };
}

export const handle = (crumbKey: string | null, title?: string): RouteHandle => ({
  ...(crumbKey ? { crumb: labelCrumb(crumbKey) } : {}),
  ...(title ? { title } : {}),
});

/** A leaf screen; with `permission` it sits behind the seed's route guard. */
export function screen(
  path: string,
  h: RouteHandle,
  lazy: Lazy = genericPage.placeholder,
  permission?: string,
): RouteObject {
  if (!permission) return { path, handle: h, lazy };
  return { path, handle: h, element: <Guard permission={permission} />, children: [{ index: true, lazy }] };
}

/** A screen whose seed path ends in "/*": any sub-path shows the same screen. */
export function wildcard(path: string, h: RouteHandle, lazy: Lazy, permission: string): RouteObject {
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
export function section(path: string, h: RouteHandle, permission?: string): RouteObject {
  const children: RouteObject[] = [
    { index: true, lazy: genericPage.placeholder },
    { path: '*', lazy: genericPage.placeholder },
  ];
  if (!permission) return { path, handle: h, children };
  return { path, handle: h, element: <Guard permission={permission} />, children };
}
