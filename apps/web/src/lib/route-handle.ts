import type { Params } from 'react-router';

export type CrumbContext = {
  t: (key: string, options?: Record<string, unknown>) => string;
  params: Params;
  /** The loaded record's name on edit/show pages (table store), else null. */
  itemName: string | null;
};

/** `handle` of a route: its breadcrumb and the translation key of its page title. */
export type RouteHandle = {
  crumb?: (ctx: CrumbContext) => string;
  title?: string;
  /** The resource a generic record screen shows (list, form, show). */
  screen?: unknown;
};

export const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && ('crumb' in value || 'title' in value);

/** A crumb with a translated fixed label. */
export const labelCrumb =
  (key: string) =>
  ({ t }: CrumbContext): string =>
    t(key);

/** Edit/show pages: the item's name once loaded, otherwise the id from the route param. */
export const itemCrumb =
  (param: string) =>
  ({ params, itemName }: CrumbContext): string =>
    itemName ?? params[param] ?? '';
