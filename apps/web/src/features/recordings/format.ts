import { RECORDING_MAX_MINUTES } from '@habla/shared/resources/recordings';
import { formatNumber } from '@/lib/format';

/** A duration as people read a clock: m:ss (an hour reads 60:00); nothing for a missing one. */
export function formatClock(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const total = Math.floor(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The same duration for `<time dateTime>` (ISO 8601: PT1M5S). */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `PT${Math.floor(total / 60)}M${total % 60}S`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A failed step's reason: the server stores a key of the shared catalogue (`recordings.errors.*`),
 * which the web loads too; an unknown key reads as the generic "this step failed".
 */
export function failureText(t: Translate, exists: (key: string) => boolean, key: string): string {
  return exists(key) ? t(key, { max: RECORDING_MAX_MINUTES }) : t('recordings.errors.stepFailed');
}

/** A file size as people read it (KB, MB, GB), with the UI language's digits. */
export function formatBytes(bytes: number, language: string | undefined): string {
  const n = (v: number, digits: number) => formatNumber(language, v, { maximumFractionDigits: digits });
  const GB = 1024 ** 3;
  const MB = 1024 ** 2;
  if (bytes >= GB) return `${n(bytes / GB, 1)} GB`;
  if (bytes >= MB) return `${n(bytes / MB, 1)} MB`;
  return `${n(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}
