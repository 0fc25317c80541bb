import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isPipelineRunning } from '@/lib/recording-status';
import type { SessionStatus } from './recordings-api';

const TONE: Partial<Record<SessionStatus, string>> = {
  NEW: 'bg-slate-100 text-slate-800',
  READY: 'bg-amber-100 text-amber-900',
  WORK_IN_PROGRESS: 'bg-violet-100 text-violet-900',
  COMPLETED: 'bg-emerald-100 text-emerald-900',
};

/**
 * A recording's status as a badge (the customer's labels: PROCESSING_TRANSCRIPTION reads "Pending
 * Transcription", READY "Ready to Work"); a step still running pulses, a failed one is red and says so.
 */
export function StatusBadge({
  status,
  failed = false,
  className,
}: {
  status: SessionStatus;
  failed?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const running = isPipelineRunning({ session_status: status });
  const label = t(`enums.sessionStatus.${status}`);
  if (failed)
    return (
      <span
        className={clsx(
          'inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900',
          className,
        )}
      >
        <CircleAlert className="size-3.5" aria-hidden="true" />
        {t('recordings.failedStatus', { status: label })}
      </span>
    );
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        running ? 'bg-sky-100 text-sky-900' : (TONE[status] ?? 'bg-slate-100 text-slate-800'),
        className,
      )}
    >
      {running && (
        <span
          className="size-1.5 animate-pulse rounded-full bg-sky-600 motion-reduce:animate-none"
          aria-hidden="true"
        />
      )}
      {label}
    </span>
  );
}
