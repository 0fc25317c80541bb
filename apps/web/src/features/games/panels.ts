import type { RecordPanel } from '@/lib/record-panels';

/** Below a game's details: its activities and the way into the builder. */
export const gamePanels: RecordPanel[] = [{ id: 'builder', resources: ['games'], load: () => import('./builder-panel') }];
