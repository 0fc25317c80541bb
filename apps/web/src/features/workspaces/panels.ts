import type { RecordPanel } from '@/lib/record-panels';

/** A workspace's care team below its details. */
export const workspacePanels: RecordPanel[] = [{ id: 'members', resources: ['workspaces'], load: () => import('./members-panel') }];
