import type { FieldCell } from '@/lib/field-cells';

/** How the generic list, quick view and full view show a recording's status, duration, failure and consent time. */
export const recordingCells: FieldCell[] = [
  { resource: 'recordings', fields: ['session_status', 'duration_ms', 'failure_reason', 'progress', 'consent_at'], load: () => import('./cells') },
];
