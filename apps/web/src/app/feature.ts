import type { RouteObject } from 'react-router';
import type { FieldCell } from '@/lib/field-cells';
import type { ListTool } from '@/lib/list-tools';
import type { RecordPanel } from '@/lib/record-panels';

/**
 * Where a feature's routes hang: the signed-out pages (`public`), the player's own layout
 * (`player`, under /players), or the signed-in app (`main`) and its sections of the seed's menu.
 */
export type RouteMount = 'public' | 'player' | 'main' | 'administration' | 'assessments' | 'analytics';

/**
 * What one web feature adds to the app, declared in its own `feature.ts` and listed once in
 * `app/features.ts`: its screens (routes, by where they hang), the panels it draws below a record,
 * the tools it offers on a list's selection, and how it shows some fields of a resource. A new
 * feature edits no other central file. The menu is the seed's (lib/navigation.ts): its entries
 * already point at every screen, built or not.
 */
export type FeatureManifest = {
  id: string;
  routes?: Partial<Record<RouteMount, RouteObject[]>>;
  panels?: RecordPanel[];
  listTools?: ListTool[];
  cells?: FieldCell[];
};
