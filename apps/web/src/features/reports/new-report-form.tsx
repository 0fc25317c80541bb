import {
  CASELOAD_MEASURES,
  CASELOAD_PDF_MAX_MEASURES,
  CASELOAD_PDF_MEASURES,
  type CaseloadMeasure,
  REPORT_DEFINITION_NAME_MAX,
  REPORT_NOTE_MAX,
  type Report,
  type ReportDefinition,
  type ReportDefinitionBody,
  type ReportFormat,
  type ReportKind,
  type RequestReportBody,
} from '@habla/shared/schemas/reports';
import type { SelectorStudent } from '@habla/shared/schemas/tenancy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Users } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '@/components/ui/button';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { panelCard } from '@/components/ui/panel-card';
import { SelectField } from '@/components/ui/select-field';
import { fieldControlClasses, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { DEFINITIONS_KEY, REPORTS_KEY } from './report-api';
import { lastDays, SPANS, type Span } from './period';

type Draft = {
  kind: ReportKind;
  student_id: string;
  format: ReportFormat;
  /** The measures chosen; null until one is ticked (then the format's defaults). */
  measures: CaseloadMeasure[] | null;
  span: Span;
  from: string;
  to: string;
  language: 'en' | 'es';
  note: string;
};

/**
 * Ask for a report (docs/product.md §6, docs/decisions/029-reports.md): a student's progress (one of
 * the caller's students, as a PDF) or the caseload summary (every student the caller may read, as a
 * PDF or a CSV), over the last 7/30/90/365 days or chosen days, in a language, with a note for a
 * progress report. The same choices can be saved under a name and made again later in one click.
 * `?student_id=` chooses the student (the student analytics page links here so).
 */
export function NewReportForm({
  defaultKind,
  onQueued,
}: {
  defaultKind: ReportKind;
  onQueued: (report: Report) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const noteId = useId();
  const chosen = params.get('student_id');
  const [draft, setDraft] = useState<Draft>({
    kind: chosen ? 'student_progress' : defaultKind,
    student_id: chosen ?? '',
    format: 'pdf',
    measures: null,
    span: '30',
    from: '',
    to: '',
    language: i18n.resolvedLanguage === 'es' ? 'es' : 'en',
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  // The name field takes the focus when it opens.
  useEffect(() => {
    if (saving) nameRef.current?.focus();
  }, [saving]);
  const progress = draft.kind === 'student_progress';
  const students = useQuery({
    queryKey: ['reports', 'students'],
    queryFn: ({ signal }) =>
      api.get<{ data: SelectorStudent[] }>('/api/selector', { signal, silent: true }).then((r) => r.data),
    staleTime: 60_000,
    enabled: progress,
  });
  const list = students.data ?? [];
  const fail = (err: Error) => setErrors(err instanceof ApiError ? err.fields : {});
  const ask = useMutation({
    mutationFn: (body: RequestReportBody) =>
      api.post<{ data: Report }>('/api/reports', body, { silentSuccess: true }).then((r) => r.data),
    onSuccess: (report) => {
      setErrors({});
      setDraft((d) => ({ ...d, note: '' }));
      onQueued(report);
      toast.success(t('reports.queued'), { toastId: 'report-queued' });
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
    onError: fail,
  });
  const save = useMutation({
    mutationFn: (body: ReportDefinitionBody) =>
      api
        .post<{ data: ReportDefinition }>('/api/report-definitions', body, { silentSuccess: true })
        .then((r) => r.data),
    onSuccess: (saved) => {
      setErrors({});
      setSaving(false);
      setName('');
      toast.success(t('reports.saved.savedToast', { name: saved.name }), { toastId: 'definition-saved' });
      void client.invalidateQueries({ queryKey: DEFINITIONS_KEY });
    },
    onError: fail,
  });
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  /** What both the request and a saved definition carry; null when a choice is missing. */
  const what = () => {
    if (progress && !draft.student_id) {
      setErrors({ student_id: t('reports.form.chooseStudent') });
      return null;
    }
    return {
      kind: draft.kind,
      ...(progress
        ? { student_id: draft.student_id }
        : { format: draft.format, ...(draft.measures ? { measures: draft.measures } : {}) }),
      language: draft.language,
      ...(progress && draft.note.trim() ? { note: draft.note } : {}),
    };
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = what();
    if (!body) return;
    const period =
      draft.span === 'custom'
        ? { ...(draft.from ? { from: draft.from } : {}), ...(draft.to ? { to: draft.to } : {}) }
        : lastDays(Number(draft.span));
    ask.mutate({ ...body, ...period });
  };
  const onSave = () => {
    const body = what();
    if (!body) return;
    const period =
      draft.span === 'custom'
        ? { from: draft.from || undefined, to: draft.to || undefined }
        : { period_days: Number(draft.span) };
    save.mutate({ ...body, ...period, name });
  };

  return (
    <section aria-labelledby="new-report" className={panelCard}>
      <h2 id="new-report" className="text-lg font-semibold text-slate-900">
        {t('reports.form.title')}
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-600">{t('reports.form.lead')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('reports.form.kind')}</legend>
          <ChoiceCards<ReportKind>
            name="report-kind"
            stacked
            value={draft.kind}
            onChange={(kind) => setDraft((d) => ({ ...d, kind }))}
            options={[
              {
                value: 'student_progress',
                icon: FileText,
                label: t('reports.kinds.student_progress'),
                help: t('reports.kinds.student_progressHelp'),
              },
              {
                value: 'caseload_summary',
                icon: Users,
                label: t('reports.kinds.caseload_summary'),
                help: t('reports.kinds.caseload_summaryHelp'),
              },
            ]}
          />
        </fieldset>
        {progress ? (
          <SelectField
            label={t('reports.form.student')}
            value={draft.student_id}
            onChange={set('student_id')}
            placeholder={students.isPending ? t('reports.form.loadingStudents') : t('reports.form.chooseStudent')}
            options={list.map((s) => ({ value: s.student_id, label: s.name }))}
            description={students.isSuccess && !list.length ? t('reports.form.noStudents') : undefined}
            error={errors.student_id}
            required
          />
        ) : (
          <SelectField
            label={t('reports.form.format')}
            value={draft.format}
            onChange={set('format')}
            options={(['pdf', 'csv'] as const).map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
            error={errors.format}
          />
        )}
        {!progress && (
          <Measures
            chosen={draft.measures ?? (draft.format === 'pdf' ? [...CASELOAD_PDF_MEASURES] : [...CASELOAD_MEASURES])}
            pdf={draft.format === 'pdf'}
            error={errors.measures}
            onChange={(measures) => setDraft((d) => ({ ...d, measures }))}
          />
        )}
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-800">{t('reports.form.period')}</legend>
          <SelectField
            className="mt-2"
            label={t('reports.form.span')}
            value={draft.span}
            onChange={set('span')}
            options={SPANS.map((s) => ({ value: s, label: t(`reports.spans.${s}`) }))}
            error={errors.period_days}
          />
          {draft.span === 'custom' && (
            <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField
                label={t('reports.form.from')}
                type="date"
                value={draft.from}
                onChange={set('from')}
                max={draft.to || undefined}
                error={errors.from}
              />
              <TextField
                label={t('reports.form.to')}
                type="date"
                value={draft.to}
                onChange={set('to')}
                min={draft.from || undefined}
                error={errors.to}
              />
            </div>
          )}
        </fieldset>
        <SelectField
          label={t('reports.form.language')}
          value={draft.language}
          onChange={set('language')}
          options={(['en', 'es'] as const).map((l) => ({ value: l, label: t(`enums.language.${l}`) }))}
          error={errors.language}
        />
        {progress && (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
                {t('reports.form.note')}
              </label>
              <span className="text-xs text-slate-500">{t('reports.form.optional')}</span>
            </div>
            <textarea
              id={noteId}
              rows={4}
              maxLength={REPORT_NOTE_MAX}
              value={draft.note}
              onChange={set('note')}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${noteId}-help${errors.note ? ` ${noteId}-error` : ''}`}
              className={fieldControlClasses(Boolean(errors.note))}
            />
            <p id={`${noteId}-help`} className="text-xs text-slate-600">
              {t('reports.form.noteHelp', {
                count: formatNumber(i18n.resolvedLanguage, draft.note.length),
                max: formatNumber(i18n.resolvedLanguage, REPORT_NOTE_MAX),
              })}
            </p>
            {errors.note && (
              <p id={`${noteId}-error`} className="text-sm text-red-700">
                {errors.note}
              </p>
            )}
          </div>
        )}
        {saving && (
          <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <TextField
              label={t('reports.saved.name')}
              value={name}
              maxLength={REPORT_DEFINITION_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              description={t('reports.saved.nameHelp')}
              error={errors.name}
              ref={nameRef}
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={onSave} loading={save.isPending}>
                {t('reports.saved.save')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setSaving(false)}>
                {t('records.cancel')}
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={ask.isPending}>
            {t('reports.form.submit')}
          </Button>
          {!saving && (
            <Button variant="secondary" onClick={() => setSaving(true)}>
              {t('reports.saved.saveChoices')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

/**
 * The measures a caseload summary lists, as checkboxes in the students analytics' order (a PDF
 * prints at most CASELOAD_PDF_MAX_MEASURES of them; the server names the field if more are sent).
 */
function Measures({
  chosen,
  pdf,
  error,
  onChange,
}: {
  chosen: CaseloadMeasure[];
  pdf: boolean;
  error: string | undefined;
  onChange: (measures: CaseloadMeasure[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (m: CaseloadMeasure) =>
    onChange(CASELOAD_MEASURES.filter((x) => (x === m ? !chosen.includes(m) : chosen.includes(x))));
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{t('reports.form.measures')}</legend>
      <p id={`${id}-help`} className="mb-2 text-xs text-slate-600">
        {pdf
          ? t('reports.form.measuresPdf', { max: CASELOAD_PDF_MAX_MEASURES, count: chosen.length })
          : t('reports.form.measuresCsv', { count: chosen.length })}
      </p>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2">
        {CASELOAD_MEASURES.map((m) => (
          <label key={m} className="flex min-w-0 items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-teal-700"
              checked={chosen.includes(m)}
              onChange={() => toggle(m)}
            />
            <span className="min-w-0">{t(`analyticsExport.${m}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
