import type { FeatureManifest } from '@/app/feature';
import { load, resourceRoutes } from '@/app/route-kit';
import type { FieldCell } from '@/lib/field-cells';
import { RECORDING_SCREEN } from '@/lib/resource-screens';

/** How the generic list, quick view and full view show a recording's status, duration, failure and consent time. */
const recordingCells: FieldCell[] = [
  {
    resource: 'recordings',
    fields: ['session_status', 'duration_ms', 'failure_reason', 'progress', 'consent_at'],
    load: () => import('./cells'),
  },
];

const page = {
  create: load(
    () => import('./new-recording-page'),
    (m) => m.NewRecordingPage,
  ),
  show: load(
    () => import('./recording-page'),
    (m) => m.RecordingPage,
  ),
};

/** Recorded sessions: the generic list, edit and full view; this feature's upload and recording page. */
export const recordingsFeature: FeatureManifest = {
  id: 'recordings',
  routes: { assessments: [resourceRoutes(RECORDING_SCREEN, page)] },
  cells: recordingCells,
};
