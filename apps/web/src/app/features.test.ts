import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { FeatureManifest } from './feature';
import { FEATURES } from './features';
import { routes } from './routes';
import routeTable from './routes.tsx?raw';

/**
 * The features' manifests (app/feature.ts) are the one way a feature adds screens, panels, list
 * tools and cells: each `features/<name>/feature.ts` is listed once in app/features.ts, every route
 * it declares is in the app's route table, and the route table itself names no feature's page.
 */
const manifests = import.meta.glob<Record<string, FeatureManifest>>('../features/*/feature.ts', { eager: true });

function allRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((r) => [r, ...allRoutes(r.children ?? [])]);
}

describe('feature manifests', () => {
  it('lists every feature.ts once, each under its own id', () => {
    const declared = Object.values(manifests).flatMap((m) => Object.values(m));
    expect(declared.length).toBeGreaterThanOrEqual(15);
    for (const manifest of declared)
      expect(
        FEATURES.filter((f) => f === manifest),
        manifest.id,
      ).toHaveLength(1);
    expect(FEATURES).toHaveLength(declared.length);
    expect(new Set(FEATURES.map((f) => f.id)).size).toBe(FEATURES.length);
  });

  it('mounts every route a manifest declares in the route table, at its place', () => {
    const table = allRoutes(routes);
    // Routes are copied when the error screens are added: compare by path and handle.
    const key = (r: RouteObject) => `${r.index ? '(index)' : r.path}|${JSON.stringify(r.handle ?? null)}`;
    const present = new Set(table.map(key));
    const declared = FEATURES.flatMap((f) => Object.values(f.routes ?? {}).flat());
    expect(declared.length).toBeGreaterThan(20);
    for (const route of declared) expect(present.has(key(route)), key(route)).toBe(true);
    const under = (path: string | undefined) => table.find((r) => r.path === path)!.children!.map(key);
    for (const f of FEATURES)
      for (const route of f.routes?.administration ?? []) expect(under('administration')).toContain(key(route));
  });

  it('keeps the route table free of feature pages: only the shell’s fallbacks and the generic sections', () => {
    const imported = [...routeTable.matchAll(/import\('@\/features\/([\w-]+)\//g)].map((m) => m[1]);
    expect([...new Set(imported)].sort()).toEqual(['errors', 'sections']);
  });
});
