import { createBrowserRouter, type RouteObject } from 'react-router';
import { routes } from './routes';

/** The main layout's route (routes.tsx): the signed-in screens, a section per first path segment. */
const MAIN = 'main';

const firstSegment = (path: string): string => path.replace(/^\/+/, '').split('/')[0] ?? '';

/**
 * The routes with the main layout holding only the sections of `path`'s first segment, and the
 * other sections by their first segment, for the router to add when a navigation reaches them.
 */
export function splitSections(
  all: RouteObject[],
  path: string,
): { initial: RouteObject[]; later: Map<string, RouteObject[]> } {
  const here = firstSegment(path);
  const later = new Map<string, RouteObject[]>();
  const prune = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      if (!route.children) return route;
      if (route.id !== MAIN) return { ...route, children: prune(route.children) } as RouteObject;
      const kept: RouteObject[] = [];
      for (const child of route.children) {
        const segment = child.path ? firstSegment(child.path) : '';
        if (!child.path || segment === here) kept.push(child);
        else later.set(segment, [...(later.get(segment) ?? []), child]);
      }
      return { ...route, children: kept } as RouteObject;
    });
  return { initial: prune(all), later };
}

/**
 * The app's data router: every route of seed §2, lazily loaded, each with its error screen. React
 * Router compiles a pattern for every route of every branch when it is created (359 routes: the
 * largest piece of the app's start-up after React itself, docs/decisions/008-performance.md), so it
 * starts with the sections of the address being opened and adds another section's routes the first
 * time a navigation reaches it (`patchRoutesOnNavigation`: an unknown address matches only the
 * not-found splat, which asks for them).
 */
export function createAppRouter(path: string = window.location.pathname) {
  const { initial, later } = splitSections(routes, path);
  return createBrowserRouter(initial, {
    patchRoutesOnNavigation: ({ path: next, patch }) => {
      const segment = firstSegment(next);
      const section = later.get(segment);
      if (!section) return;
      later.delete(segment);
      patch(MAIN, section);
    },
  });
}
