import type { FeatureManifest } from '@/app/feature';
import { load, resourceRoutes } from '@/app/route-kit';
import type { FieldCell } from '@/lib/field-cells';
import { ASSESSMENT_SCREEN } from '@/lib/resource-screens';

/** How the generic list, quick view and full view show an assessment's status and MLU-m. */
const assessmentCells: FieldCell[] = [
  { resource: 'assessments', fields: ['assessment_status', 'mlu_m'], load: () => import('./cells') },
];

const page = {
  create: load(
    () => import('./new-assessment-page'),
    (m) => m.NewAssessmentPage,
  ),
  show: load(
    () => import('./assessment-page'),
    (m) => m.AssessmentPage,
  ),
};

/** Language-sample assessments: the generic list; this feature's new assessment and assessment page. */
export const assessmentsFeature: FeatureManifest = {
  id: 'assessments',
  routes: { assessments: [resourceRoutes(ASSESSMENT_SCREEN, page)] },
  cells: assessmentCells,
};
