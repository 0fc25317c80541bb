import type { FileInfo } from '@habla/shared/schemas/files';
import { LANGUAGES, type Language } from '@habla/shared/enums';
import { Mic, Square, Volume2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';

/** Whether the browser can record from a microphone (not over plain HTTP, not in every webview). */
export const canRecord = (): boolean =>
  typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;

/** The longest recording: a prompt is a sentence, and a forgotten recorder must not fill the disk. */
export const MAX_RECORDING_SECONDS = 30;

type Done = (file: FileInfo) => void;
type Failed = (message: string) => void;

/**
 * Record an audio prompt with the microphone (a therapist says the question for a child who
 * cannot read yet). Start, then Stop (or the 30 s limit) uploads the recording to `POST /api/files`,
 * which checks its bytes like any upload.
 */
export function AudioRecorder({
  label,
  onDone,
  onError,
  disabled,
}: {
  label: string;
  onDone: Done;
  onError: Failed;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'recording' | 'saving'>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stopButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state !== 'recording') return;
    stopButton.current?.focus();
    const started = Date.now();
    const tick = setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setSeconds(s);
      if (s >= MAX_RECORDING_SECONDS) recorder.current?.stop();
    }, 250);
    return () => clearInterval(tick);
  }, [state]);

  // Leaving the form mid-recording releases the microphone.
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      onError(t('audio.microphoneRefused'));
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream);
    recorder.current = rec;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      setState('saving');
      const type = rec.mimeType || chunks[0]?.type || 'audio/webm';
      const blob = new Blob(chunks, { type });
      const form = new FormData();
      form.append('file', blob, `recording.${type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm'}`);
      api
        .postRaw<{ data: FileInfo }>('/api/files', form, { silent: true })
        .then((res) => onDone(res.data))
        .catch((failure: unknown) =>
          onError(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory')),
        )
        .finally(() => setState('idle'));
    };
    setSeconds(0);
    rec.start();
    setState('recording');
  };

  if (state === 'recording')
    return (
      <span className="inline-flex items-center gap-2">
        <span role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700">
          <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-red-600" />
          {t('audio.recordingFor', { seconds })}
        </span>
        <Button
          ref={stopButton}
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => recorder.current?.stop()}
          aria-label={t('audio.stopNamed', { field: label })}
        >
          <Square aria-hidden="true" className="size-4" />
          {t('audio.stop')}
        </Button>
      </span>
    );
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      loading={state === 'saving'}
      disabled={disabled}
      onClick={() => void start()}
      aria-label={t('audio.recordNamed', { field: label })}
    >
      <Mic aria-hidden="true" className="size-4" />
      {t('audio.record')}
    </Button>
  );
}

/**
 * Have the server's synthesizer speak `text` (`POST /api/speech`, decision 014) in the chosen
 * language; the field takes the new file. Disabled while there is nothing to say.
 */
export function SpeakText({
  label,
  text,
  onDone,
  onError,
  disabled,
}: {
  label: string;
  text: string;
  onDone: Done;
  onError: Failed;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState<Language>(i18n.resolvedLanguage === 'es' ? 'es' : 'en');
  const [busy, setBusy] = useState(false);
  const empty = !/[\p{L}\p{N}]/u.test(text);

  const speak = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ data: FileInfo }>('/api/speech', { text, language }, { silent: true });
      onDone(res.data);
    } catch (failure) {
      onError(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        loading={busy}
        disabled={disabled || empty}
        onClick={() => void speak()}
        aria-label={t('audio.speakNamed', { field: label })}
      >
        <Volume2 aria-hidden="true" className="size-4" />
        {t('audio.speak')}
      </Button>
      <label htmlFor={id} className="sr-only">
        {t('audio.voiceLanguage')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(e) => setLanguage(e.target.value as Language)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`audio.language.${l}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
