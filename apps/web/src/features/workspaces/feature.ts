import type { FeatureManifest } from '@/app/feature';
import type { RecordPanel } from '@/lib/record-panels';

/** A workspace's care team below its details. */
const workspacePanels: RecordPanel[] = [
  { id: 'members', resources: ['workspaces'], load: () => import('./members-panel') },
];

export const workspacesFeature: FeatureManifest = { id: 'workspaces', panels: workspacePanels };
