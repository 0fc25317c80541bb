import { REPORT_NOTE_MAX, type Report, type RequestReportBody } from '@habla/shared/schemas/reports';
import type { SelectorStudent } from '@habla/shared/schemas/tenancy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { saveDownload } from '@/components/resource/resource-api';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { panelCard } from '@/components/ui/panel-card';
import { SelectField } from '@/components/ui/select-field';
import { fieldControlClasses, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatNumber } from '@/lib/format';

/** Reports shown a page at a time. */
const PAGE = 10;
/** How often the list asks again while a report is being made. */
const POLL_MS = 1500;
const REPORTS_KEY = ['reports', 'list'] as const;

type Draft = { student_id: string; from: string; to: string; language: 'en' | 'es'; note: string };
type ReportsPage = { data: Report[]; meta: { page: number; max: number; total: number } };

const STATUS_CLASSES: Record<Report['status'], string> = {
  queued: 'bg-slate-100 text-slate-800 ring-slate-300',
  running: 'bg-sky-50 text-sky-900 ring-sky-300',
  done: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  failed: 'bg-red-50 text-red-900 ring-red-300',
};

/**
 * `/reports` (docs/product.md §6, docs/decisions/029-reports.md): ask for a student's progress report
 * (one of the caller's students, a period, a language, a note) and follow the caller's reports as
 * the job makes them: each with its status and progress (asked again every 1.5 s while one is queued
 * or running), announced in a live region when one is ready or failed, and downloaded once done.
 * `?student_id=` chooses the student (the student analytics page links here so).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.lead')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <NewReportForm onQueued={(name) => setAnnouncement(t('reports.live.queued', { name }))} />
        <ReportList onChange={setAnnouncement} />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function NewReportForm({ onQueued }: { onQueued: (name: string) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const noteId = useId();
  const [draft, setDraft] = useState<Draft>({
    student_id: params.get('student_id') ?? '',
    from: '',
    to: '',
    language: i18n.resolvedLanguage === 'es' ? 'es' : 'en',
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const students = useQuery({
    queryKey: ['reports', 'students'],
    queryFn: ({ signal }) =>
      api.get<{ data: SelectorStudent[] }>('/api/selector', { signal, silent: true }).then((r) => r.data),
    staleTime: 60_000,
  });
  const list = students.data ?? [];
  const ask = useMutation({
    mutationFn: (body: RequestReportBody) =>
      api.post<{ data: Report }>('/api/reports', body, { silentSuccess: true }).then((r) => r.data),
    onSuccess: (report) => {
      setErrors({});
      setDraft((d) => ({ ...d, note: '' }));
      onQueued(report.student.full_name ?? '');
      toast.success(t('reports.queued'), { toastId: 'report-queued' });
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
    onError: (err) => setErrors(err instanceof ApiError ? err.fields : {}),
  });
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.student_id) {
      setErrors({ student_id: t('reports.form.chooseStudent') });
      return;
    }
    ask.mutate({
      kind: 'student_progress',
      student_id: draft.student_id,
      language: draft.language,
      ...(draft.from ? { from: draft.from } : {}),
      ...(draft.to ? { to: draft.to } : {}),
      ...(draft.note.trim() ? { note: draft.note } : {}),
    });
  };

  return (
    <section aria-labelledby="new-report" className={panelCard}>
      <h2 id="new-report" className="text-lg font-semibold text-slate-900">
        {t('reports.form.title')}
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-600">{t('reports.form.lead')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-800">{t('reports.form.period')}</legend>
          <p className="mb-2 text-xs text-slate-600">{t('reports.form.periodHelp')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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
        </fieldset>
        <SelectField
          label={t('reports.form.language')}
          value={draft.language}
          onChange={set('language')}
          options={(['en', 'es'] as const).map((l) => ({ value: l, label: t(`enums.language.${l}`) }))}
          error={errors.language}
        />
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
        <div>
          <Button type="submit" loading={ask.isPending}>
            {t('reports.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ReportList({ onChange }: { onChange: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const [page, setPage] = useState(0);
  const reports = useQuery({
    queryKey: [...REPORTS_KEY, page],
    queryFn: ({ signal }) => api.get<ReportsPage>('/api/reports', { query: { page, max: PAGE }, signal, silent: true }),
    refetchInterval: (q) =>
      q.state.data?.data.some((r) => r.status === 'queued' || r.status === 'running') ? POLL_MS : false,
  });
  // Say in words when a report the list was following is ready or failed.
  const seen = useRef(new Map<string, Report['status']>());
  useEffect(() => {
    const rows = reports.data?.data ?? [];
    for (const r of rows) {
      const before = seen.current.get(r.id);
      const name = r.student.full_name ?? '';
      if (before && before !== r.status && r.status === 'done') onChange(t('reports.live.done', { name }));
      if (before && before !== r.status && r.status === 'failed') onChange(t('reports.live.failed', { name }));
      seen.current.set(r.id, r.status);
    }
  }, [reports.data, onChange, t]);

  const day = (iso: string) => formatDateTime(lang, `${iso}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  const rows = reports.data?.data ?? [];
  const total = reports.data?.meta.total ?? 0;
  return (
    <section aria-labelledby="my-reports" className={panelCard}>
      <h2 id="my-reports" className="text-lg font-semibold text-slate-900">
        {t('reports.list.title')}
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-600">{t('reports.list.lead')}</p>
      {reports.isError && <p className="text-sm text-red-700">{t('reports.list.failed')}</p>}
      {reports.isSuccess && !rows.length && <p className="text-sm text-slate-600">{t('reports.list.empty')}</p>}
      <ul className="flex flex-col gap-3">
        {rows.map((r) => (
          <li key={r.id} className="rounded-lg p-3 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-medium break-words text-slate-900">
                  {t('reports.list.itemTitle', { name: r.student.full_name ?? '' })}
                </h3>
                <p className="text-sm text-slate-600">
                  {t('reports.list.period', { from: day(r.from), to: day(r.to) })} · {t(`enums.language.${r.language}`)}
                </p>
                <p className="text-xs text-slate-500">
                  {t('reports.list.asked', {
                    when: formatDateTime(lang, r.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                  })}
                </p>
              </div>
              <span
                className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${STATUS_CLASSES[r.status]}`}
              >
                {t(`reports.status.${r.status}`)}
              </span>
            </div>
            {(r.status === 'queued' || r.status === 'running') && (
              <div className="mt-2">
                <div
                  role="progressbar"
                  aria-label={t('reports.list.progress', { name: r.student.full_name ?? '' })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={r.progress}
                  className="h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full bg-teal-600 transition-[width]" style={{ width: `${r.progress}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-600">{formatNumber(lang, r.progress)} %</p>
              </div>
            )}
            {r.status === 'failed' && r.failure && <p className="mt-2 text-sm text-red-700">{r.failure}</p>}
            {r.status === 'done' && <DownloadButton report={r} />}
          </li>
        ))}
      </ul>
      {total > PAGE && (
        <nav aria-label={t('reports.list.pages')} className="mt-4 flex items-center justify-between gap-2">
          <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            {t('reports.list.newer')}
          </Button>
          <span className="text-sm text-slate-600">
            {t('reports.list.pageOf', { page: page + 1, pages: Math.ceil(total / PAGE) })}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={(page + 1) * PAGE >= total}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('reports.list.older')}
          </Button>
        </nav>
      )}
    </section>
  );
}

/** The PDF, fetched with the session's token and saved as the browser's download. */
function DownloadButton({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = report.student.full_name ?? '';
  const download = async () => {
    setBusy(true);
    try {
      const token = useAuthStore.getState().token;
      const res = await fetch(`/api/reports/${report.id}/file`, {
        headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) throw new Error(String(res.status));
      await saveDownload(res, `${name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'report'}.pdf`);
    } catch {
      toast.error(t('reports.list.downloadFailed'), { toastId: 'report-download' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      className="mt-3"
      size="sm"
      variant="secondary"
      loading={busy}
      onClick={() => void download()}
      aria-label={t('reports.list.downloadOf', { name })}
    >
      {!busy && <Download className="size-4" aria-hidden="true" />}
      {t('reports.list.download')}
    </Button>
  );
}
