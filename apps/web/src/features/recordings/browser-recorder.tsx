import { clsx } from 'clsx';
import { Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { Button } from '@/components/ui/button';
import { formatClock } from './format';
import { canRecordAudio, type Recorder } from './use-recorder';

/**
 * Recording in the browser: Start, then Pause / Resume and Stop, the time recorded against the limit,
 * the microphone's level as it comes in, and the take to listen to before sending (or to discard
 * and record again). Focus follows the buttons as they change, so the keyboard never loses its place.
 */
export function BrowserRecorder({
  recorder,
  maxMs,
  error,
  busy,
}: {
  recorder: Recorder;
  maxMs: number;
  error?: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const primary = useRef<HTMLButtonElement>(null);
  const { state, elapsedMs, level, take } = recorder;
  const live = state === 'recording' || state === 'paused';

  // The button the person pressed is gone once the state changes: the next one to press takes the focus.
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current !== state && state !== 'starting') primary.current?.focus();
    previous.current = state;
  }, [state]);

  if (!canRecordAudio())
    return (
      <p className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200" role="note">
        {t('recordings.cannotRecord')}
      </p>
    );

  const percent = Math.round(level * 100);
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p id={`${id}-time`} className="text-xs font-medium tracking-wide text-slate-600 uppercase">
            {t('recordings.recordedTime')}
          </p>
          <p className="text-3xl font-semibold text-slate-900 tabular-nums">
            <span role="timer" aria-labelledby={`${id}-time`}>
              {formatClock(elapsedMs)}
            </span>
            <span className="ml-1 text-base font-normal text-slate-500">/ {formatClock(maxMs)}</span>
          </p>
        </div>
        <p
          role="status"
          className={clsx(
            'flex items-center gap-2 text-sm font-medium',
            state === 'recording' ? 'text-red-700' : 'text-slate-700',
          )}
        >
          {state === 'recording' && (
            <span
              aria-hidden="true"
              className="size-2.5 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none"
            />
          )}
          {t(`recordings.recorderState.${state}`)}
        </p>
      </div>

      {live && (
        <div className="flex items-center gap-3">
          <span id={`${id}-level`} className="shrink-0 text-xs text-slate-600">
            {t('recordings.level')}
          </span>
          <div
            role="meter"
            aria-labelledby={`${id}-level`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={clsx(
                'h-full rounded-full transition-[width] duration-75',
                level > 0.95 ? 'bg-red-600' : level > 0.8 ? 'bg-amber-500' : 'bg-teal-600',
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {(state === 'idle' || state === 'starting') && (
          <Button ref={primary} onClick={() => void recorder.start()} loading={state === 'starting'} disabled={busy}>
            <Mic className="size-4" aria-hidden="true" />
            {t('recordings.startRecording')}
          </Button>
        )}
        {state === 'recording' && (
          <Button ref={primary} variant="secondary" onClick={recorder.pause}>
            <Pause className="size-4" aria-hidden="true" />
            {t('recordings.pause')}
          </Button>
        )}
        {state === 'paused' && (
          <Button ref={primary} variant="secondary" onClick={recorder.resume}>
            <Play className="size-4" aria-hidden="true" />
            {t('recordings.resume')}
          </Button>
        )}
        {live && (
          <Button variant="danger" onClick={recorder.stop}>
            <Square className="size-4" aria-hidden="true" />
            {t('recordings.stop')}
          </Button>
        )}
        {state === 'stopped' && (
          <Button ref={primary} variant="secondary" onClick={() => setConfirmDiscard(true)} disabled={busy}>
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('recordings.recordAgain')}
          </Button>
        )}
      </div>

      {take && state === 'stopped' && (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-slate-800">{t('recordings.listenToTake')}</p>
          <audio controls src={take.url} aria-label={t('recordings.takePlayer')} className="w-full" />
        </div>
      )}
      {recorder.limitReached && (
        <p className="text-sm text-amber-900" role="note">
          {t('recordings.limitReached', { max: Math.round(maxMs / 60_000) })}
        </p>
      )}
      {recorder.error && (
        <p role="alert" className="text-sm text-red-700">
          {t(recorder.error === 'refused' ? 'recordings.microphoneRefused' : 'recordings.recorderFailed')}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirmDiscard}
        title={t('recordings.discardTitle')}
        confirmLabel={t('recordings.discard')}
        danger
        onConfirm={() => {
          setConfirmDiscard(false);
          recorder.discard();
        }}
        onClose={() => setConfirmDiscard(false)}
      >
        {t('recordings.discardText')}
      </ConfirmDialog>
    </div>
  );
}
