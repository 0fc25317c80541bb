import type { Report } from '@habla/shared/schemas/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { saveDownload } from '@/components/resource/resource-api';
import { Button } from '@/components/ui/button';
import { panelCard } from '@/components/ui/panel-card';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatNumber } from '@/lib/format';
import { REPORTS_KEY, reportTitle, type ReportsPage } from './report-api';

/** Reports shown a page at a time. */
const PAGE = 10;
/** How often the list asks again while a report is being made. */
const POLL_MS = 1500;

const STATUS_CLASSES: Record<Report['status'], string> = {
  queued: 'bg-slate-100 text-slate-800 ring-slate-300',
  running: 'bg-sky-50 text-sky-900 ring-sky-300',
  done: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  failed: 'bg-red-50 text-red-900 ring-red-300',
};

/**
 * The caller's reports (docs/decisions/029-reports.md), newest first: each with its status and
 * progress (asked again every 1.5 s while one is queued or running), announced through `onChange`
 * when one is ready or failed, downloaded once done, removed after a confirmation, and the day it
 * expires.
 */
export function ReportList({ onChange }: { onChange: (text: string) => void }) {
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
      const title = reportTitle(t, r);
      if (before && before !== r.status && r.status === 'done') onChange(t('reports.live.done', { title }));
      if (before && before !== r.status && r.status === 'failed') onChange(t('reports.live.failed', { title }));
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
                <h3 className="font-medium break-words text-slate-900">{reportTitle(t, r)}</h3>
                <p className="text-sm text-slate-600">
                  {t('reports.list.period', { from: day(r.from), to: day(r.to) })} · {t(`enums.language.${r.language}`)}{' '}
                  · {t(`reports.formats.${r.format}`)}
                </p>
                <p className="text-xs text-slate-500">
                  {t('reports.list.asked', {
                    when: formatDateTime(lang, r.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                  })}
                  {r.expires_at &&
                    ` · ${t('reports.list.keptUntil', { when: formatDateTime(lang, r.expires_at, { dateStyle: 'medium' }) })}`}
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
                  aria-label={t('reports.list.progress', { title: reportTitle(t, r) })}
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
            <div className="mt-3 flex flex-wrap gap-2">
              {r.status === 'done' && <DownloadButton report={r} />}
              <DeleteButton report={r} onDeleted={onChange} />
            </div>
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

/** The file, fetched with the session's token and saved as the browser's download. */
function DownloadButton({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const title = reportTitle(t, report);
  const download = async () => {
    setBusy(true);
    try {
      const token = useAuthStore.getState().token;
      const res = await fetch(`/api/reports/${report.id}/file`, {
        headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) throw new Error(String(res.status));
      await saveDownload(res, `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'report'}.${report.format}`);
    } catch {
      toast.error(t('reports.list.downloadFailed'), { toastId: 'report-download' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      onClick={() => void download()}
      aria-label={t('reports.list.downloadOf', { title, format: t(`reports.formats.${report.format}`) })}
    >
      {!busy && <Download className="size-4" aria-hidden="true" />}
      {t(`reports.list.download.${report.format}`)}
    </Button>
  );
}

/** Remove the report and its file, after saying so. */
function DeleteButton({ report, onDeleted }: { report: Report; onDeleted: (text: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const title = reportTitle(t, report);
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/reports/${report.id}`, { silentSuccess: true }),
    onSuccess: () => {
      setOpen(false);
      onDeleted(t('reports.live.deleted', { title }));
      toast.success(t('reports.live.deleted', { title }), { toastId: 'report-deleted' });
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={t('reports.list.deleteOf', { title })}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t('reports.list.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('reports.list.deleteTitle')}
        confirmLabel={t('reports.list.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      >
        {t('reports.list.deleteBody', { title })}
      </ConfirmDialog>
    </>
  );
}
