import type { FieldCellProps } from '@/lib/field-cells';
import { useTranslation } from 'react-i18next';
import { formatFixed } from './assessments-api';
import { AssessmentStatusBadge } from './status-badge';

/** How the generic screens (list, quick view, full view) show an assessment's status (a badge) and its MLU in morphemes
 * (3 decimals, as CLAN). */
export default function AssessmentCell({ field, row }: FieldCellProps) {
  const { i18n } = useTranslation();
  const value = row[field.name];
  if (field.name === 'assessment_status' && typeof value === 'string') return <AssessmentStatusBadge status={value} />;
  if (field.name === 'mlu_m' && (typeof value === 'number' || typeof value === 'string') && value !== '')
    return <span className="tabular-nums">{formatFixed(value, i18n.resolvedLanguage, 3)}</span>;
  return <span className="text-slate-400">—</span>;
}
