import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { AssessmentStatus } from './assessments-api';

const TONE: Record<AssessmentStatus, string> = {
  NEW: 'bg-slate-100 text-slate-800',
  WORK_IN_PROGRESS: 'bg-violet-100 text-violet-900',
  COMPLETED: 'bg-emerald-100 text-emerald-900',
};

/** An assessment's status as a badge. */
export function AssessmentStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONE[status as AssessmentStatus] ?? 'bg-slate-100 text-slate-800',
        className,
      )}
    >
      {t(`enums.assessmentStatus.${status}`)}
    </span>
  );
}
