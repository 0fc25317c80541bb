import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRouter, splitSections } from './router';
import { routes } from './routes';

const mainOf = (list: RouteObject[]): RouteObject => {
  const root = list[0]!;
  return root.children!.find((r) => r.id === 'main')!;
};
const count = (list: RouteObject[] = []): number => list.reduce((n, r) => n + 1 + count(r.children), 0);

describe('the app router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts with the sections of the address only, and keeps every other section for later', () => {
    const { initial, later } = splitSections(routes, '/dashboards');
    expect(mainOf(initial).children!.map((r) => r.path)).toEqual(['dashboards']);
    expect(later.get('games')!.map((r) => r.path)).toEqual([
      'games/assigned',
      // A played session's evaluation is the sessions list's own row page (`:id` below it).
      'games/sessions',
      'games/:id/builder',
      'games',
    ]);
    // Nothing is lost: what starts plus what waits is the whole table.
    const waiting = [...later.values()].flat();
    expect(mainOf(initial).children!.length + waiting.length).toBe(mainOf(routes).children!.length);
    expect(count(initial) + count(waiting)).toBe(count(routes));
    expect(count(initial)).toBeLessThan(count(routes) / 10);
    // The public pages, the player and the not-found page are always there.
    expect(initial[0]!.children!.map((r) => r.id ?? r.path)).toEqual(['public', 'player', 'main', '*']);
  });

  it('adds a section’s routes the first time a navigation reaches it, and still answers an unknown address with not-found', async () => {
    window.history.replaceState(null, '', '/dashboards');
    const router = createAppRouter();
    await router.navigate('/catalogs/dictionary');
    expect(router.state.location.pathname).toBe('/catalogs/dictionary');
    expect(router.state.matches.map((m) => m.route.path)).toContain('catalogs');
    expect(router.state.matches.at(-1)!.route.path).not.toBe('*');
    await router.navigate('/administration/accounts/7');
    expect(router.state.matches.map((m) => m.route.path)).toContain('administration');
    expect(router.state.matches.at(-1)!.params.id).toBe('7');
    await router.navigate('/games/sessions/5');
    expect(router.state.matches.map((m) => m.route.path).slice(-2)).toEqual(['games/sessions', ':id']);
    expect(router.state.matches.at(-1)!.params.id).toBe('5');
    await router.navigate('/nowhere/at/all');
    expect(router.state.matches.map((m) => m.route.path)).toEqual([undefined, '*']);
    router.dispose();
  });
});
