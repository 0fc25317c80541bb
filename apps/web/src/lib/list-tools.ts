import type { Actor } from '@habla/shared/policies/index';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceScreen } from './resource-screens';

/** What a tool on a list's selection receives: the screen, the selected rows, and a way to clear the selection. */
export type ListToolProps = {
  screen: ResourceScreen;
  rows: (Record<string, unknown> & { id: string })[];
  clearSelection: () => void;
};

/**
 * A button a feature adds to a list's selection toolbar (assigning the selected games), beside the
 * declared actions. The feature declares it; the generic list page knows only this registry. The
 * component (its button and whatever dialog it opens) loads with its own chunk.
 */
export type ListTool = {
  id: string;
  resources: readonly string[];
  /** Whether this user sees it (the same shared policies the API asks). */
  visible: (user: Actor | null) => boolean;
  load: () => Promise<{ default: ComponentType<ListToolProps> }>;
};
export type RegisteredTool = ListTool & { Component: LazyExoticComponent<ComponentType<ListToolProps>> };

const registry = new Map<string, RegisteredTool[]>();

/** Add a feature's list tools; the same id again replaces it. */
export function registerListTools(tools: readonly ListTool[]): void {
  for (const tool of tools) {
    const entry: RegisteredTool = { ...tool, Component: lazy(tool.load) };
    for (const resource of tool.resources)
      registry.set(resource, [...(registry.get(resource) ?? []).filter((x) => x.id !== tool.id), entry]);
  }
}

/** The tools registered for a resource, in registration order. */
export const listToolsOf = (resource: string): readonly RegisteredTool[] => registry.get(resource) ?? [];
