import { registerFieldCells } from '@/lib/field-cells';
import { registerListTools } from '@/lib/list-tools';
import { registerRecordPanels } from '@/lib/record-panels';
import { FEATURES } from './features';

/**
 * Every feature's panels below a record, tools on a list's selection and cells of its fields,
 * registered once when the route table loads, from the features' manifests (app/features.ts). The
 * generic pages read the registries and name no feature.
 */
export function registerFeaturePanels(): void {
  registerRecordPanels(FEATURES.flatMap((f) => f.panels ?? []));
  registerListTools(FEATURES.flatMap((f) => f.listTools ?? []));
  registerFieldCells(FEATURES.flatMap((f) => f.cells ?? []));
}
