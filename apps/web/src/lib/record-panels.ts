import type { Actor } from '@habla/shared/policies/index';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceScreen } from './resource-screens';

/** What a panel below a record receives: the screen it sits on and the record as the API served it. */
export type RecordPanelProps = { screen: ResourceScreen; row: Record<string, unknown> & { id: string } };

/**
 * A panel a feature adds below a record's details (a workspace's members, an account's statements).
 * The feature declares it; the generic show page knows only this registry, never the feature. The
 * component loads with its own chunk the first time a record of the resource is shown.
 */
export type RecordPanel = {
  /** Unique among the resource's panels; the order of registration is the order on the page. */
  id: string;
  /** Registry keys of the resources whose records show it. */
  resources: readonly string[];
  /** Whether this user sees it for this record (the same shared policies the API asks). */
  visible?: (user: Actor | null, row: RecordPanelProps['row'], resource: string) => boolean;
  load: () => Promise<{ default: ComponentType<RecordPanelProps> }>;
};

export type RegisteredPanel = RecordPanel & { Component: LazyExoticComponent<ComponentType<RecordPanelProps>> };

const registry = new Map<string, RegisteredPanel[]>();

/** Add a feature's panels; registering the same id for a resource again replaces it (hot reload, tests). */
export function registerRecordPanels(panels: readonly RecordPanel[]): void {
  for (const panel of panels) {
    const entry: RegisteredPanel = { ...panel, Component: lazy(panel.load) };
    for (const resource of panel.resources) {
      const list = (registry.get(resource) ?? []).filter((p) => p.id !== panel.id);
      registry.set(resource, [...list, entry]);
    }
  }
}

/** The panels registered for a resource, in registration order. */
export const recordPanelsOf = (resource: string): readonly RegisteredPanel[] => registry.get(resource) ?? [];
