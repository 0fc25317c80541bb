import { ChoiceCards } from '@/components/ui/choice-cards';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { FileText, Mic, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { RelationPicker } from '@/components/resource/relation-picker';
import type { RecordRow, Ref } from '@/components/resource/resource-api';
import { Button, ButtonLink } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { FormPage } from '@/components/ui/form-page';
import { SelectField } from '@/components/ui/select-field';
import { fieldControlClasses, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { ASSESSMENT_SCREEN, STUDENTS_SCREEN } from '@/lib/resource-screens';
import { formatOfFile, TRANSCRIPT_FILE_ACCEPT } from '@/lib/transcript-files';
import type { AssessmentRow } from './assessments-api';

/** Recordings with a transcript to analyse. */
const USABLE = ['TRANSCRIPTION_COMPLETED', 'READY', 'WORK_IN_PROGRESS', 'COMPLETED'];
const FIELDS = [
  'student_id',
  'title',
  'sample_date',
  'language',
  'recording_id',
  'format',
  'transcript',
  'speaker',
] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName | 'form', string>>;
type Source = 'recording' | 'transcript';
type Format = 'chat' | 'text';

/** The student's recordings that have a transcript. */
function useStudentRecordings(studentId: string | undefined) {
  return useQuery({
    queryKey: ['records', 'recordings', 'of-student', studentId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: RecordRow[] }>('/api/recordings', {
          query: { student_id: studentId, max: 100 },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data.filter((row) => USABLE.includes(String(row.session_status)))),
    enabled: Boolean(studentId),
  });
}

/**
 * `/assessments/list/new`: a language sample of a student, from one of their transcribed
 * recordings or from a transcript pasted or imported (CHAT or plain text), with a title, the
 * sample's date and language. The server analyses it at once and proposes the conclusions; the
 * assessment's page follows. The server's refusals show beside their fields (a transcript it cannot
 * read names its line).
 */
export function NewAssessmentPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [student, setStudent] = useState<Ref[]>([]);
  const [title, setTitle] = useState('');
  const [sampleDate, setSampleDate] = useState('');
  const [language, setLanguage] = useState<string>(i18n.resolvedLanguage === 'es' ? 'es' : 'en');
  const [source, setSource] = useState<Source>('recording');
  const [recordingId, setRecordingId] = useState('');
  const [format, setFormat] = useState<Format>('text');
  const [transcript, setTranscript] = useState('');
  const [speaker, setSpeaker] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [focusInvalid, setFocusInvalid] = useState(0);
  const [busy, setBusy] = useState(false);
  const recordings = useStudentRecordings(source === 'recording' ? student[0]?.id : undefined);

  const clear = (...names: (FieldName | 'form')[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const n of names) delete next[n];
      return next;
    });

  const importFile = async (file: File) => {
    setTranscript(await file.text());
    setFormat(formatOfFile(file.name));
    if (!title.trim()) setTitle(file.name.replace(/\.[a-z0-9]{2,4}$/i, '').slice(0, 120));
    clear('transcript', 'format');
  };

  const send = async () => {
    const found: Errors = {};
    const required = (field: string) => t('validation.required', { field });
    if (!student[0]) found.student_id = required(t('assessmentScreen.new.student'));
    if (source === 'recording' && !recordingId) found.recording_id = t('assessmentScreen.new.recordingRequired');
    if (source === 'transcript') {
      if (!title.trim()) found.title = required(t('fields.title'));
      if (!transcript.trim()) found.transcript = t('assessmentScreen.new.transcriptRequired');
    }
    setErrors(found);
    if (Object.keys(found).length || !student[0]) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    const optional = {
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(speaker.trim() ? { speaker: speaker.trim() } : {}),
      ...(sampleDate ? { sample_date: sampleDate } : {}),
    };
    const body =
      source === 'recording'
        ? { recording_id: recordingId, ...optional }
        : { student_id: student[0].id, language, format, transcript, ...optional, title: title.trim() };
    setBusy(true);
    try {
      const res = await api.post<{ data: AssessmentRow }>(ASSESSMENT_SCREEN.apiPath, body, { silent: true });
      await queryClient.invalidateQueries({ queryKey: ['records', ASSESSMENT_SCREEN.resource.name] });
      toast.success(t('assessmentScreen.new.created'), { toastId: 'assessment-created' });
      navigate(`${ASSESSMENT_SCREEN.base}/${res.data.id}`);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) {
        // Beside the field the server names; one this form has no place for is told above the buttons.
        const next: Errors = {};
        for (const [name, text] of Object.entries(failure.fields)) {
          if ((FIELDS as readonly string[]).includes(name)) next[name as FieldName] = text;
          else next.form = next.form ? `${next.form} ${text}` : text;
        }
        setErrors(next);
        setFocusInvalid((n) => n + 1);
      } else {
        setErrors({ form: failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory') });
      }
    } finally {
      setBusy(false);
    }
  };

  const describe = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;
  const recordingOptions = (recordings.data ?? []).map((r) => ({
    value: String(r.id),
    label: `${String(r.title ?? r.id)} · ${t(`enums.sessionStatus.${String(r.session_status)}`)}`,
  }));

  return (
    <FormPage
      title={t('assessmentScreen.new.title')}
      lead={t('assessmentScreen.new.lead')}
      busy={busy}
      focusInvalid={focusInvalid}
      onSubmit={() => void send()}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <RelationPicker
            label={t('assessmentScreen.new.student')}
            target={STUDENTS_SCREEN}
            value={student}
            multiple={false}
            error={errors.student_id}
            onChange={(picked) => {
              setStudent(picked);
              setRecordingId('');
              if (picked.length) clear('student_id');
            }}
          />
        </div>
        <TextField
          label={t('fields.title')}
          optionalLabel={source === 'recording' ? t('records.optional') : undefined}
          description={source === 'recording' ? t('assessmentScreen.new.titleHelp') : undefined}
          value={title}
          maxLength={120}
          error={errors.title}
          disabled={busy}
          onChange={(e) => {
            setTitle(e.target.value);
            clear('title');
          }}
        />
        <TextField
          type="date"
          label={t('assessmentScreen.new.sampleDate')}
          optionalLabel={t('records.optional')}
          description={t('assessmentScreen.new.sampleDateHelp')}
          value={sampleDate}
          error={errors.sample_date}
          disabled={busy}
          onChange={(e) => {
            setSampleDate(e.target.value);
            clear('sample_date');
          }}
        />
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('assessmentScreen.new.sampleLegend')}</legend>
        <ChoiceCards
          name={`${id}-source`}
          value={source}
          disabled={() => busy}
          onChange={(value) => {
            setSource(value);
            clear('recording_id', 'transcript', 'title', 'form');
          }}
          options={(
            [
              ['recording', Mic],
              ['transcript', FileText],
            ] as const
          ).map(([value, icon]) => ({
            value,
            icon,
            label: t(`assessmentScreen.new.source.${value}`),
            help: t(`assessmentScreen.new.sourceHelp.${value}`),
          }))}
        />

        {source === 'recording' ? (
          !student[0] ? (
            <p className={clsx('text-sm', errors.recording_id ? 'text-red-700' : 'text-slate-600')}>
              {t('assessmentScreen.new.pickStudentFirst')}
            </p>
          ) : recordings.isPending ? (
            <p className="text-sm text-slate-600">{t('records.loading')}</p>
          ) : recordingOptions.length === 0 ? (
            <p className={clsx('text-sm', errors.recording_id ? 'text-red-700' : 'text-slate-600')}>
              {t('assessmentScreen.new.noRecordings')}
            </p>
          ) : (
            <SelectField
              label={t('assessmentScreen.new.recording')}
              description={t('assessmentScreen.new.recordingHelp')}
              placeholder={t('records.choose')}
              value={recordingId}
              error={errors.recording_id}
              disabled={busy}
              onChange={(e) => {
                setRecordingId(e.target.value);
                clear('recording_id');
              }}
              options={recordingOptions}
            />
          )
        ) : (
          <div className="flex flex-col gap-4">
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField
                label={t('fields.language')}
                description={t('assessmentScreen.new.languageHelp')}
                value={language}
                error={errors.language}
                disabled={busy}
                onChange={(e) => setLanguage(e.target.value)}
                options={(['en', 'es'] as const).map((l) => ({ value: l, label: t(`enums.language.${l}`) }))}
              />
              <fieldset aria-describedby={errors.format ? `${id}-format-error` : undefined}>
                <legend className="text-sm font-medium text-slate-800">{t('assessmentScreen.new.format')}</legend>
                <div className="mt-2 flex flex-wrap gap-4">
                  {(['text', 'chat'] as const).map((f) => (
                    <label key={f} className="flex items-center gap-2 text-sm text-slate-900">
                      <input
                        type="radio"
                        name={`${id}-format`}
                        value={f}
                        checked={format === f}
                        disabled={busy}
                        onChange={() => {
                          setFormat(f);
                          clear('format', 'transcript');
                        }}
                        className="accent-teal-700"
                      />
                      {t(`assessmentScreen.new.formats.${f}`)}
                    </label>
                  ))}
                </div>
                <p
                  id={`${id}-format-error`}
                  aria-live="polite"
                  className={errors.format ? 'mt-1 text-sm text-red-700' : 'sr-only'}
                >
                  {errors.format}
                </p>
              </fieldset>
            </div>

            <div className="flex flex-col gap-1.5">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <label htmlFor={`${id}-transcript`} className="text-sm font-medium text-slate-800">
                  {t('assessmentScreen.new.transcript')}
                </label>
                <FileButton
                  label={t('assessmentScreen.new.importFile')}
                  accept={TRANSCRIPT_FILE_ACCEPT}
                  disabled={busy}
                  onFile={(file) => void importFile(file)}
                />
              </div>
              <textarea
                id={`${id}-transcript`}
                value={transcript}
                rows={10}
                spellCheck={false}
                disabled={busy}
                aria-invalid={errors.transcript ? true : undefined}
                aria-describedby={describe(
                  `${id}-transcript-help`,
                  errors.transcript ? `${id}-transcript-error` : false,
                )}
                className={clsx(fieldControlClasses(Boolean(errors.transcript)), 'font-mono text-sm')}
                onChange={(e) => {
                  setTranscript(e.target.value);
                  clear('transcript');
                }}
              />
              <p id={`${id}-transcript-help`} className="text-xs text-slate-600">
                {format === 'chat' ? t('assessmentScreen.new.chatHint') : t('assessmentScreen.new.textHint')}{' '}
                <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800">
                  {format === 'chat' ? '*CHI:\tthe dog ran .' : 'CHI: the dog ran .'}
                </code>
              </p>
              <p
                id={`${id}-transcript-error`}
                aria-live="polite"
                className={errors.transcript ? 'text-sm text-red-700' : 'sr-only'}
              >
                {errors.transcript}
              </p>
            </div>
          </div>
        )}

        <TextField
          label={t('assessmentScreen.new.speaker')}
          optionalLabel={t('records.optional')}
          description={t('assessmentScreen.new.speakerHelp')}
          value={speaker}
          maxLength={7}
          placeholder="CHI"
          error={errors.speaker}
          disabled={busy}
          className="sm:max-w-xs"
          onChange={(e) => {
            setSpeaker(e.target.value);
            clear('speaker');
          }}
        />
      </fieldset>

      {errors.form && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {errors.form}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <ButtonLink to={ASSESSMENT_SCREEN.base} variant="secondary">
          {t('records.cancel')}
        </ButtonLink>
        <Button type="submit" loading={busy}>
          {!busy && <Send className="size-4" aria-hidden="true" />}
          {t('assessmentScreen.new.send')}
        </Button>
      </div>
    </FormPage>
  );
}
