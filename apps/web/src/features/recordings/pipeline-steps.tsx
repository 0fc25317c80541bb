import { clsx } from 'clsx';
import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isPipelineRunning } from '@/lib/recording-status';
import type { SessionStatus } from './recordings-api';

/** The stages a person follows (the statuses of docs/product.md §5, grouped). */
export const STAGES = ['recorded', 'audio', 'transcription', 'ready', 'workInProgress', 'completed'] as const;
type Stage = (typeof STAGES)[number];
type StageState = 'done' | 'running' | 'current' | 'failed' | 'upcoming';

/** The stage a status is at (the one being worked on, or reached). */
const STAGE_OF: Record<SessionStatus, number> = {
  NEW: 0,
  RECORDED: 1,
  PENDING_AUDIO: 1,
  AUDIO_COMPLETED: 2,
  PENDING_TRANSCRIPTION: 2,
  SENT_TRANSCRIPTION: 2,
  PROCESSING_TRANSCRIPTION: 2,
  TRANSCRIPTION_COMPLETED: 2,
  READY: 3,
  WORK_IN_PROGRESS: 4,
  COMPLETED: 5,
};

/** Each stage's state for a recording's status (a failure marks the stage it stopped at). */
export function stageStates(status: SessionStatus, failed: boolean): StageState[] {
  const at = STAGE_OF[status];
  const running = isPipelineRunning({ session_status: status });
  return STAGES.map((_, i) => {
    if (i < at) return 'done';
    if (i > at) return 'upcoming';
    if (failed) return 'failed';
    if (status === 'COMPLETED') return 'done';
    return running ? 'running' : 'current';
  });
}

const CIRCLE: Record<StageState, string> = {
  done: 'bg-teal-700 text-white',
  running: 'bg-sky-100 text-sky-800 ring-2 ring-sky-500',
  current: 'bg-amber-100 text-amber-900 ring-2 ring-amber-500',
  failed: 'bg-red-100 text-red-800 ring-2 ring-red-600',
  upcoming: 'bg-white text-slate-500 ring-1 ring-slate-300',
};

/**
 * Where a recording is in its pipeline: recorded → audio → transcription → ready → work in
 * progress → completed, each stage marked done, running, reached, failed or to come (in words for
 * screen readers), and the running stage's progress as a bar.
 */
export function PipelineSteps({
  status,
  failed,
  progress,
}: {
  status: SessionStatus;
  failed: boolean;
  progress: number | null;
}) {
  const { t } = useTranslation();
  const states = stageStates(status, failed);
  const runningAt = states.indexOf('running');
  const value = Math.max(0, Math.min(100, progress ?? 0));
  return (
    <div className="flex flex-col gap-4">
      <ol className="grid grid-cols-3 gap-x-2 gap-y-4 sm:grid-cols-6" aria-label={t('recordings.pipeline')}>
        {STAGES.map((stage: Stage, i) => {
          const state = states[i]!;
          return (
            <li
              key={stage}
              className="flex flex-col items-center gap-1.5 text-center"
              aria-current={state === 'running' || state === 'current' || state === 'failed' ? 'step' : undefined}
            >
              <span
                className={clsx(
                  'flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                  CIRCLE[state],
                )}
                aria-hidden="true"
              >
                {state === 'done' ? (
                  <Check className="size-4" />
                ) : state === 'failed' ? (
                  <CircleAlert className="size-4" />
                ) : state === 'running' ? (
                  <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" />
                ) : (
                  i + 1
                )}
              </span>
              <span
                className={clsx(
                  'text-xs leading-tight font-medium sm:text-sm',
                  state === 'upcoming' ? 'text-slate-500' : 'text-slate-900',
                )}
              >
                {t(`recordings.stages.${stage}`)}
              </span>
              <span className="sr-only">{t(`recordings.stageStates.${state}`)}</span>
            </li>
          );
        })}
      </ol>
      {runningAt >= 0 && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="text-slate-700">{t(`recordings.stageWork.${STAGES[runningAt]}`)}</span>
            <span className="text-slate-600 tabular-nums">{t('recordings.percent', { value })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('recordings.progressOf', { stage: t(`recordings.stages.${STAGES[runningAt]}`) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-sky-600 transition-[width] duration-500"
              style={{ width: `${value}%` }}
            />
          </div>
        </div>
      )}
    </div>
  );
}
