import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FieldCellProps } from '@/lib/field-cells';

/**
 * Where a played session's evaluation stands, as the way to it: "Evaluate" on one that waits for the
 * therapist, "Evaluated" (opening it) on one that is done, nothing while the student still plays.
 */
export default function EvaluationCell({ row }: FieldCellProps) {
  const { t } = useTranslation();
  const name = (row.student as { label?: string } | null)?.label ?? '';
  if (row.evaluation !== 'WAITING' && row.evaluation !== 'EVALUATED')
    return <span className="text-slate-500">{t('evaluation.notYet')}</span>;
  const waiting = row.evaluation === 'WAITING';
  return (
    <Link
      to={`/games/sessions/${row.id}`}
      aria-label={waiting ? t('evaluation.evaluate', { name }) : t('evaluation.open', { name })}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 ${
        waiting ? 'bg-amber-100 text-amber-900' : 'bg-teal-50 text-teal-800'
      }`}
    >
      {waiting ? t('evaluation.evaluateShort') : t('evaluation.evaluatedShort')}
    </Link>
  );
}
