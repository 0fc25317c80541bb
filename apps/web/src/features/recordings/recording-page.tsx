import { CAPABILITIES } from '@habla/shared/permissions';
import { CircleAlert, Pencil } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FieldValue } from '@/components/resource/field-value';
import { LoadFailed } from '@/components/resource/load-failed';
import { actionIcon, actionKey, useActionRunner, useDeclaredActions } from '@/components/resource/record-actions';
import { rowAllows } from '@/components/resource/resource-api';
import { useItemName } from '@/components/resource/use-item-name';
import { useCapabilities } from '@/components/resource/use-resource-screen';
import { Button, ButtonLink } from '@/components/ui/button';
import { panelCard } from '@/components/ui/panel-card';
import { DetailItem } from '@/components/ui/detail-item';
import { PanelSection } from '@/components/ui/panel-section';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { RECORDING_SCREEN } from '@/lib/resource-screens';
import { AudioPlayer, WHOLE_FILE_MAX_MS } from './audio-player';
import { failureText, formatClock, isoDuration } from './format';
import { PipelineSteps } from './pipeline-steps';
import { TranscriptFiles } from './transcript-files';
import {
  type RecordingRow,
  recordingKeys,
  type SessionStatus,
  type Transcript,
  useRecording,
  useTranscript,
  useWaveform,
} from './recordings-api';
import { useSegmentPlayer } from './segment-player';
import { StatusBadge } from './status-badge';
import { TranscriptView } from './transcript-view';
import { Waveform } from './waveform';
import { formatDateTime } from '@/lib/format';

/** The editor is its own chunk: only someone who may edit the transcript loads it. */
const TranscriptEditor = lazy(() => import('./transcript-editor').then((m) => ({ default: m.TranscriptEditor })));

type Segment = { key: string; start_ms: number; end_ms: number };

const STUDENT_FIELD = RECORDING_SCREEN.resource.fields.find((f) => f.name === 'student_id')!;
/** Statuses before the decoded 16 kHz WAV (and its waveform) exists. */
const UNDECODED: readonly SessionStatus[] = ['NEW', 'RECORDED', 'PENDING_AUDIO'];
/** Statuses with a transcript to read. */
const TRANSCRIBED: readonly SessionStatus[] = ['READY', 'WORK_IN_PROGRESS', 'COMPLETED'];

/**
 * `/assessments/recordings/:id`: a recording's details, where it is in the pipeline
 * (followed live while the server works on it), a failed step's reason with Retry, Complete once the
 * transcript is worked on, the waveform, the whole recording to listen to, and the transcript with
 * each utterance playable on its own.
 */
export function RecordingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const record = useRecording(id);
  const row = record.data?.data;
  useItemName(row?.title ?? null);
  if (record.isPending) return <Spinner label={t('records.loading')} />;
  if (record.isError || !row) return <LoadFailed onRetry={() => void record.refetch()} back={RECORDING_SCREEN.base} />;
  return <Recording row={row} />;
}

function Recording({ row }: { row: RecordingRow }) {
  const { t, i18n } = useTranslation();
  const can = useCapabilities(RECORDING_SCREEN);
  const declared = useDeclaredActions(RECORDING_SCREEN);
  const runner = useActionRunner(RECORDING_SCREEN);
  // Never null for a recording (the column has a default); the row's contract types every declared value as nullable.
  const status = row.session_status ?? 'NEW';
  const title = row.title ?? '';
  const decoded = !UNDECODED.includes(status);
  const waveform = useWaveform(row.id, decoded);
  const transcript = useTranscript(row.id, TRANSCRIBED.includes(status));
  const player = useSegmentPlayer(row.id);
  const failed = Boolean(row.failure_reason);
  const retry = declared.single.find((a) => a.name === 'retry');
  const complete = declared.single.find((a) => a.name === 'complete');
  const utterances = transcript.data?.utterances ?? [];
  const queryClient = useQueryClient();
  // The stretch last played from the editor, whose rows are not the loaded utterances any more.
  const [segment, setSegment] = useState<Segment | null>(null);
  const playingUtterance =
    utterances.find((u) => u.id === player.playing) ??
    (segment && segment.key === player.playing ? segment : undefined);
  const { play } = player;
  const playSegment = useCallback(
    (s: Segment) => {
      setSegment(s);
      void play(s);
    },
    [play],
  );
  const onSaved = useCallback(
    (saved: Transcript) => {
      // The editor keeps its own copy; the cache follows it (a later visit starts from the saved version),
      // and the row is read again for its status (the first save moves it to Work in Progress).
      queryClient.setQueryData(recordingKeys.transcript(row.id), saved);
      void queryClient.invalidateQueries({ queryKey: recordingKeys.one(row.id), exact: true });
    },
    [queryClient, row.id],
  );
  const [editorPending, setEditorPending] = useState(false);
  const [imports, setImports] = useState(0);
  const duration = row.duration_ms ?? waveform.data?.duration_ms ?? null;
  const when = (iso: string) => formatDateTime(i18n.resolvedLanguage, iso);
  const CompleteIcon = complete ? actionIcon(complete) : null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader
        eyebrow={t(RECORDING_SCREEN.titleKey)}
        title={title}
        description={row.deleted_at ? t('records.inTrash') : undefined}
        actions={
          <>
            {can[CAPABILITIES.CAN_EDIT] && rowAllows(row, 'update') && (
              <ButtonLink to={`${RECORDING_SCREEN.base}/edit/${row.id}`} variant="secondary">
                <Pencil className="size-4" aria-hidden="true" />
                {t('records.edit')}
              </ButtonLink>
            )}
            {complete && CompleteIcon && rowAllows(row, 'complete') && (
              // Completing makes the transcript read-only: not while the editor still has work to save.
              <Button
                onClick={() => runner.start(complete, [row])}
                disabled={editorPending}
                title={editorPending ? t('recordings.editor.savingFirst') : undefined}
              >
                <CompleteIcon className="size-4" aria-hidden="true" />
                {t(actionKey(RECORDING_SCREEN, complete, 'label'))}
              </Button>
            )}
          </>
        }
      />

      <dl className={`${panelCard} grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3`}>
        <DetailItem label={t('recordings.student')}>
          <FieldValue field={STUDENT_FIELD} row={row} />
        </DetailItem>
        <DetailItem label={t('fields.session_status')}>
          <StatusBadge status={status} failed={failed} />
        </DetailItem>
        <DetailItem label={t('fields.duration_ms')}>
          {duration !== null ? (
            <time dateTime={isoDuration(duration)} className="tabular-nums">
              {formatClock(duration)}
            </time>
          ) : (
            '—'
          )}
        </DetailItem>
        <DetailItem label={t('fields.language')}>{t(`enums.language.${row.language}`)}</DetailItem>
        <DetailItem label={t('fields.engine')}>{t(`enums.transcriptionEngine.${row.engine}`)}</DetailItem>
        <DetailItem label={t('recordings.consent')} className="col-span-2 lg:col-span-1">
          {row.consent_at
            ? t('recordings.consentBy', { name: row.consent_user?.label ?? '—', date: when(row.consent_at) })
            : '—'}
        </DetailItem>
      </dl>

      <PanelSection id="recording-progress" title={t('recordings.progress')}>
        <PipelineSteps status={status} failed={failed} progress={row.progress} />
        <p role="status" className="sr-only">
          {t('recordings.statusNow', { status: t(`enums.sessionStatus.${status}`) })}
        </p>
        {row.failure_reason && (
          <div
            role="alert"
            className="mt-4 flex flex-col gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex gap-2 text-sm text-red-900">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">{t('recordings.failedTitle')}</p>
                <p>{failureText(t, (k) => i18n.exists(k), row.failure_reason)}</p>
              </div>
            </div>
            {retry && rowAllows(row, 'retry') && (
              <Button
                variant="secondary"
                className="shrink-0"
                loading={runner.busy}
                onClick={() => runner.start(retry, [row])}
              >
                {t(actionKey(RECORDING_SCREEN, retry, 'label'))}
              </Button>
            )}
          </div>
        )}
      </PanelSection>

      <PanelSection
        id="recording-audio"
        title={t('recordings.audio')}
        aside={
          status !== 'NEW' && (duration === null || duration <= WHOLE_FILE_MAX_MS) ? (
            <AudioPlayer recordingId={row.id} title={title} />
          ) : undefined
        }
      >
        {decoded && waveform.data?.peaks && duration !== null ? (
          <Waveform
            peaks={waveform.data.peaks}
            durationMs={duration}
            highlight={
              playingUtterance?.start_ms != null && playingUtterance.end_ms != null
                ? { start_ms: playingUtterance.start_ms, end_ms: playingUtterance.end_ms }
                : null
            }
          />
        ) : decoded && waveform.isPending ? (
          <Spinner size="sm" label={t('records.loading')} />
        ) : (
          <p className="text-sm text-slate-600">{t('recordings.noWaveform')}</p>
        )}
        {duration !== null && duration > WHOLE_FILE_MAX_MS && (
          <p className="mt-3 text-sm text-slate-600">{t('recordings.longRecording')}</p>
        )}
      </PanelSection>

      <PanelSection
        id="recording-transcript"
        title={t('recordings.transcript')}
        aside={
          transcript.data ? (
            <TranscriptFiles
              recordingId={row.id}
              version={transcript.data.version}
              editable={transcript.data.editable && !editorPending}
              onImported={(imported) => {
                onSaved(imported);
                // The editor starts again from the file's utterances.
                setImports((n) => n + 1);
              }}
            />
          ) : undefined
        }
      >
        {!TRANSCRIBED.includes(status) ? (
          <p className="text-sm text-slate-600">{t('recordings.noTranscriptYet')}</p>
        ) : transcript.isPending ? (
          <Spinner size="sm" label={t('records.loading')} />
        ) : transcript.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            {t('recordings.transcriptFailed')}
            <Button variant="secondary" size="sm" onClick={() => void transcript.refetch()}>
              {t('records.retry')}
            </Button>
          </div>
        ) : transcript.data?.editable ? (
          <Suspense fallback={<Spinner size="sm" label={t('records.loading')} />}>
            <TranscriptEditor
              key={imports}
              recordingId={row.id}
              transcript={transcript.data}
              canPlay={decoded}
              playing={player.playing}
              loading={player.loading}
              failed={player.failed}
              onPlay={playSegment}
              onStop={player.stop}
              onSaved={onSaved}
              onPendingChange={setEditorPending}
            />
          </Suspense>
        ) : utterances.length === 0 ? (
          <p className="text-sm text-slate-600">{t('recordings.emptyTranscript')}</p>
        ) : (
          <TranscriptView
            utterances={utterances}
            canPlay={decoded}
            playing={player.playing}
            loading={player.loading}
            failed={player.failed}
            onPlay={(u) =>
              u.start_ms !== null &&
              u.end_ms !== null &&
              void player.play({ key: u.id, start_ms: u.start_ms, end_ms: u.end_ms })
            }
            onStop={player.stop}
          />
        )}
      </PanelSection>
      {runner.dialog}
    </div>
  );
}
