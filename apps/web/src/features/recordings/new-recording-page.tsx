import { ChoiceCards } from '@/components/ui/choice-cards';
import { RECORDING_LANGUAGES, RECORDING_MAX_BYTES } from '@habla/shared/resources/recordings';
import { useQueryClient } from '@tanstack/react-query';
import { FileAudio, Mic, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { RelationPicker } from '@/components/resource/relation-picker';
import type { Ref } from '@/components/resource/resource-api';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormPage } from '@/components/ui/form-page';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { RECORDING_SCREEN, STUDENTS_SCREEN } from '@/lib/resource-screens';
import { AudioFileField, audioFileProblem } from './audio-file-field';
import { BrowserRecorder } from './browser-recorder';
import { formatBytes } from './format';
import { useMaxRecordingMinutes } from './recordings-api';
import { type UploadProgress, uploadRecording } from './upload';
import { takeFileName, useRecorder } from './use-recorder';

type Source = 'upload' | 'record';
const FORM_FIELDS = ['student_id', 'title', 'language', 'consent'] as const;
type Errors = Partial<Record<(typeof FORM_FIELDS)[number] | 'file', string>>;

/**
 * `/assessments/recordings/new`: choose the student, a title and the language, then
 * upload an audio file or record in the browser, confirm the guardian's consent and send, with the
 * upload's progress; the recording's page follows. Leaving with audio not yet sent asks first
 * (the browser's own warning on reload or close, a dialog inside the app).
 */
export function NewRecordingPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const maxMinutes = useMaxRecordingMinutes();
  const maxMs = maxMinutes * 60_000;
  const recorder = useRecorder(maxMs);
  const [student, setStudent] = useState<Ref[]>([]);
  const [title, setTitle] = useState('');
  const [language, setLanguage] = useState<string>(i18n.resolvedLanguage === 'es' ? 'es' : 'en');
  const [source, setSource] = useState<Source>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [focusInvalid, setFocusInvalid] = useState(0);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useRef<AbortController | null>(null);
  const sent = useRef(false);

  const live = recorder.state === 'recording' || recorder.state === 'paused' || recorder.state === 'starting';
  const unsaved = !sent.current && (live || recorder.take !== null || file !== null);
  const busy = progress !== null;

  // Reload or close with audio not sent: the browser's own warning.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  // A link inside the app: ask before leaving the audio behind.
  // (`sent` is read when the navigation happens: going to the new recording's page is not leaving audio behind.)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !sent.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // Leaving while the upload runs cancels it.
  useEffect(() => () => upload.current?.abort(), []);

  const chooseFile = (f: File | null) => {
    setErrors(({ file: _, ...rest }) => rest);
    if (!f) {
      setFile(null);
      return;
    }
    const problem = audioFileProblem(f);
    if (problem) {
      setErrors((e) => ({
        ...e,
        file:
          problem === 'type'
            ? t('recordings.wrongType')
            : t('recordings.tooLarge', { max: formatBytes(RECORDING_MAX_BYTES, i18n.language) }),
      }));
      return;
    }
    setFile(f);
    if (!title.trim()) setTitle(f.name.replace(/\.[a-z0-9]{2,5}$/i, '').slice(0, 120));
  };

  const send = async () => {
    const audio =
      source === 'upload'
        ? file
        : recorder.take
          ? new File([recorder.take.blob], takeFileName(recorder.take.type), { type: recorder.take.type })
          : null;
    const found: Errors = {};
    if (!student[0]) found.student_id = t('validation.required', { field: t('recordings.student') });
    if (source === 'record' && live) found.file = t('recordings.stopFirst');
    else if (!audio) found.file = source === 'upload' ? t('recordings.fileRequired') : t('recordings.takeRequired');
    if (!consent) found.consent = t('recordings.consentRequired');
    setErrors(found);
    if (Object.keys(found).length || !audio || !student[0]) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    const body = new FormData();
    body.append('student_id', student[0].id);
    if (title.trim()) body.append('title', title.trim());
    body.append('language', language);
    body.append('consent', 'true');
    body.append('file', audio, audio.name);
    const ac = new AbortController();
    upload.current = ac;
    setProgress({ loaded: 0, total: audio.size });
    try {
      const row = await uploadRecording(body, { onProgress: setProgress, signal: ac.signal });
      sent.current = true;
      await queryClient.invalidateQueries({ queryKey: ['records', RECORDING_SCREEN.resource.name] });
      navigate(`${RECORDING_SCREEN.base}/${row.id}`);
    } catch (failure) {
      if ((failure as Error)?.name === 'AbortError') return;
      if (failure instanceof ApiError && Object.keys(failure.fields).length) {
        // Under the field the server names; one this form has no place for is told under the audio.
        const next: Errors = {};
        for (const [name, text] of Object.entries(failure.fields)) {
          if ((FORM_FIELDS as readonly string[]).includes(name)) next[name as keyof Errors] = text;
          else next.file ??= text;
        }
        setErrors(next);
        setFocusInvalid((n) => n + 1);
      } else if (failure instanceof ApiError && (failure.status === 413 || failure.status === 415)) {
        setErrors({ file: failure.message });
        setFocusInvalid((n) => n + 1);
      } else {
        const message = failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory');
        toast.error(message, { toastId: `error:${message}` });
      }
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const percent = progress && progress.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

  return (
    <>
      <FormPage
        title={t('recordings.newTitle')}
        lead={t('recordings.newLead')}
        busy={busy}
        focusInvalid={focusInvalid}
        onSubmit={() => void send()}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <RelationPicker
              label={t('recordings.student')}
              target={STUDENTS_SCREEN}
              value={student}
              multiple={false}
              error={errors.student_id}
              onChange={(picked) => {
                setStudent(picked);
                if (picked.length) setErrors(({ student_id: _, ...rest }) => rest);
              }}
            />
          </div>
          <TextField
            label={t('fields.title')}
            optionalLabel={t('records.optional')}
            description={t('recordings.titleHelp')}
            value={title}
            maxLength={120}
            error={errors.title}
            disabled={busy}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors(({ title: _, ...rest }) => rest);
            }}
          />
          <SelectField
            label={t('fields.language')}
            description={t('recordings.languageHelp')}
            value={language}
            error={errors.language}
            disabled={busy}
            onChange={(e) => setLanguage(e.target.value)}
            options={RECORDING_LANGUAGES.map((l) => ({ value: l, label: t(`enums.language.${l}`) }))}
          />
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('recordings.sourceLegend')}</legend>
          <ChoiceCards
            name={`${id}-source`}
            value={source}
            disabled={() => live || busy}
            onChange={(value) => {
              setSource(value);
              setErrors(({ file: _, ...rest }) => rest);
            }}
            options={(
              [
                ['upload', FileAudio],
                ['record', Mic],
              ] as const
            ).map(([value, icon]) => ({
              value,
              icon,
              label: t(`recordings.source.${value}`),
              help: t(`recordings.sourceHelp.${value}`, { max: maxMinutes }),
            }))}
          />
          {source === 'upload' ? (
            <AudioFileField file={file} onChange={chooseFile} error={errors.file} disabled={busy} />
          ) : (
            <BrowserRecorder recorder={recorder} maxMs={maxMs} error={errors.file} busy={busy} />
          )}
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-3 text-sm text-slate-900">
            <input
              type="checkbox"
              checked={consent}
              disabled={busy}
              onChange={(e) => {
                setConsent(e.target.checked);
                if (e.target.checked) setErrors(({ consent: _, ...rest }) => rest);
              }}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={`${id}-consent-help ${id}-consent-error`}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            />
            <span className="font-medium">{t('recordings.consentLabel')}</span>
          </label>
          <p id={`${id}-consent-help`} className="pl-7 text-xs text-slate-600">
            {t('recordings.consentHelp')}
          </p>
          <p
            id={`${id}-consent-error`}
            aria-live="polite"
            className={errors.consent ? 'pl-7 text-sm text-red-700' : 'sr-only'}
          >
            {errors.consent}
          </p>
        </div>

        {progress && (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="text-slate-700">{t('recordings.uploading')}</span>
              <span className="text-slate-600 tabular-nums">{t('recordings.percent', { value: percent })}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t('recordings.uploadProgress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          {busy ? (
            <Button variant="secondary" onClick={() => upload.current?.abort()}>
              {t('recordings.cancelUpload')}
            </Button>
          ) : (
            <ButtonLink to={RECORDING_SCREEN.base} variant="secondary">
              {t('records.cancel')}
            </ButtonLink>
          )}
          <Button type="submit" loading={busy}>
            {!busy && <Send className="size-4" aria-hidden="true" />}
            {t('recordings.send')}
          </Button>
        </div>
      </FormPage>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('recordings.leaveTitle')}
        confirmLabel={t('recordings.leave')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('recordings.leaveText')}
      </ConfirmDialog>
    </>
  );
}
