import type { FieldDef } from '@habla/shared/resources/define';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What a feature's cell receives: the field and the record as the API served it. */
export type FieldCellProps = { field: FieldDef; row: Record<string, unknown> & { id: string } };

/**
 * How a feature shows some fields of its resource wherever the generic screens show a value (list
 * cell, quick view, show page): a recording's status as a badge with its failure reason, a duration
 * as m:ss. The feature declares it; the generic `FieldValue` knows only this registry. The
 * component loads with its own chunk; until then the generic value shows.
 */
export type FieldCell = {
  /** Registry key of the resource. */
  resource: string;
  /** The fields this component draws (it receives which one). */
  fields: readonly string[];
  load: () => Promise<{ default: ComponentType<FieldCellProps> }>;
};

const registry = new Map<string, LazyExoticComponent<ComponentType<FieldCellProps>>>();
const keyOf = (resource: string, field: string) => `${resource}.${field}`;

/** Add a feature's cells; the same resource and field again replaces the earlier one. */
export function registerFieldCells(cells: readonly FieldCell[]): void {
  for (const cell of cells) {
    const Component = lazy(cell.load);
    for (const field of cell.fields) registry.set(keyOf(cell.resource, field), Component);
  }
}

/** The registered component for a resource's field, if a feature drew one. */
export const fieldCellOf = (
  resource: string,
  field: string,
): LazyExoticComponent<ComponentType<FieldCellProps>> | undefined => registry.get(keyOf(resource, field));
