import type { FieldCellProps } from '@/lib/field-cells';
import { useTranslation } from 'react-i18next';
import { isPipelineRunning } from '@/lib/recording-status';
import { failureText, formatClock, isoDuration } from './format';
import type { SessionStatus } from './recordings-api';
import { StatusBadge } from './status-badge';
import { formatDateTime } from '@/lib/format';

const empty = <span className="text-slate-400">—</span>;

/**
 * How the generic screens (list, quick view, full view) show a recording's status (a badge, the
 * progress of a running step, a failed step's reason), its duration (m:ss), its failure reason and
 * when consent was given.
 */
export default function RecordingCell({ field, row }: FieldCellProps) {
  const { t, i18n } = useTranslation();
  const value = row[field.name];
  const reason = typeof row.failure_reason === 'string' && row.failure_reason ? row.failure_reason : null;
  switch (field.name) {
    case 'session_status': {
      if (typeof value !== 'string') return empty;
      const progress = typeof row.progress === 'number' ? row.progress : 0;
      return (
        <span className="flex flex-col items-start gap-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <StatusBadge status={value as SessionStatus} failed={Boolean(reason)} />
            {isPipelineRunning(row) && progress > 0 && progress < 100 && (
              <span className="text-xs text-slate-600 tabular-nums">
                {t('recordings.percent', { value: progress })}
              </span>
            )}
          </span>
          {reason && <span className="text-xs text-red-800">{failureText(t, (k) => i18n.exists(k), reason)}</span>}
        </span>
      );
    }
    case 'duration_ms':
      return typeof value === 'number' ? (
        <time dateTime={isoDuration(value)} className="tabular-nums">
          {formatClock(value)}
        </time>
      ) : (
        empty
      );
    case 'failure_reason':
      return reason ? <span className="text-red-800">{failureText(t, (k) => i18n.exists(k), reason)}</span> : empty;
    case 'progress':
      return typeof value === 'number' ? (
        <span className="tabular-nums">{t('recordings.percent', { value })}</span>
      ) : (
        empty
      );
    case 'consent_at':
      return typeof value === 'string' && value ? (
        <time dateTime={value}>{formatDateTime(i18n.resolvedLanguage, value)}</time>
      ) : (
        empty
      );
    default:
      return value === null || value === undefined || value === '' ? empty : <>{String(value)}</>;
  }
}
