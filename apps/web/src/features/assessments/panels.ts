import type { FieldCell } from '@/lib/field-cells';

/** How the generic list, quick view and full view show an assessment's status and MLU-m. */
export const assessmentCells: FieldCell[] = [{ resource: 'assessments', fields: ['assessment_status', 'mlu_m'], load: () => import('./cells') }];
