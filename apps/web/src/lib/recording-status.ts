import { PIPELINE_RUNNING } from '@habla/shared/resources/recordings';

/** How often a list with recordings still being processed asks again (ms). */
export const LIST_POLL_MS = 3000;
/** How often a recording page asks again while its recording is being processed (ms). */
export const RECORDING_POLL_MS = 2000;

/**
 * The server is still working on this recording: its status is a running step of the pipeline and
 * no step has failed (a failed step keeps its status and waits for someone to retry it, so
 * following it would ask forever).
 */
export function isPipelineRunning(row: Readonly<Record<string, unknown>> | null | undefined): boolean {
  if (!row) return false;
  const failed = typeof row.failure_reason === 'string' && row.failure_reason !== '';
  return !failed && (PIPELINE_RUNNING as readonly unknown[]).includes(row.session_status);
}
