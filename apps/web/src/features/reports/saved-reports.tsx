import type { Report, ReportDefinition } from '@habla/shared/schemas/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { Button } from '@/components/ui/button';
import { panelCard } from '@/components/ui/panel-card';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { DEFINITIONS_KEY, type DefinitionsPage, REPORTS_KEY, reportTitle } from './report-api';

/** Saved definitions listed (a person keeps a handful). */
const MAX = 50;

/**
 * The caller's saved reports (docs/decisions/029-reports.md): each says what it makes and over which
 * period, when it last ran, and makes its report now in one click (a relative period ends today) or
 * is removed after a confirmation; the reports it made stay.
 */
export function SavedReports({ onQueued }: { onQueued: (report: Report) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: DEFINITIONS_KEY,
    queryFn: ({ signal }) =>
      api.get<DefinitionsPage>('/api/report-definitions', { query: { page: 0, max: MAX }, signal, silent: true }),
  });
  const run = useMutation({
    mutationFn: (d: ReportDefinition) =>
      api
        .post<{ data: Report }>(`/api/report-definitions/${d.id}/run`, undefined, { silentSuccess: true })
        .then((r) => r.data),
    onSuccess: (report) => {
      onQueued(report);
      toast.success(t('reports.queued'), { toastId: 'report-queued' });
      void client.invalidateQueries({ queryKey: REPORTS_KEY });
      void client.invalidateQueries({ queryKey: DEFINITIONS_KEY });
    },
  });
  const day = (iso: string) => formatDateTime(lang, `${iso}T00:00:00Z`, { timeZone: 'UTC', dateStyle: 'medium' });
  const period = (d: ReportDefinition) =>
    d.period_days !== null
      ? t('reports.saved.lastDays', { count: d.period_days })
      : t('reports.list.period', { from: day(d.from ?? ''), to: day(d.to ?? '') });
  const rows = saved.data?.data ?? [];
  return (
    <section aria-labelledby="saved-reports" className={panelCard}>
      <h2 id="saved-reports" className="text-lg font-semibold text-slate-900">
        {t('reports.saved.title')}
      </h2>
      <p className="mt-0.5 mb-4 text-sm text-slate-600">{t('reports.saved.lead')}</p>
      {saved.isError && <p className="text-sm text-red-700">{t('reports.saved.failed')}</p>}
      {saved.isSuccess && !rows.length && <p className="text-sm text-slate-600">{t('reports.saved.empty')}</p>}
      <ul className="flex flex-col gap-3">
        {rows.map((d) => (
          <li key={d.id} className="rounded-lg p-3 ring-1 ring-slate-200">
            <h3 className="font-medium break-words text-slate-900">{d.name}</h3>
            <p className="text-sm text-slate-600">
              {reportTitle(t, d)} · {period(d)} · {t(`enums.language.${d.language}`)} ·{' '}
              {t(`reports.formats.${d.format}`)}
            </p>
            <p className="text-xs text-slate-500">
              {d.last_run_at
                ? t('reports.saved.lastRun', {
                    when: formatDateTime(lang, d.last_run_at, { dateStyle: 'medium', timeStyle: 'short' }),
                  })
                : t('reports.saved.neverRun')}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                loading={run.isPending && run.variables?.id === d.id}
                onClick={() => run.mutate(d)}
                aria-label={t('reports.saved.runOf', { name: d.name })}
              >
                <Play className="size-4" aria-hidden="true" />
                {t('reports.saved.run')}
              </Button>
              <DeleteDefinition definition={d} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteDefinition({ definition }: { definition: ReportDefinition }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/report-definitions/${definition.id}`, { silentSuccess: true }),
    onSuccess: () => {
      setOpen(false);
      toast.success(t('reports.saved.deleted', { name: definition.name }), { toastId: 'definition-deleted' });
      void client.invalidateQueries({ queryKey: DEFINITIONS_KEY });
    },
  });
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={t('reports.saved.deleteOf', { name: definition.name })}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t('reports.list.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('reports.saved.deleteTitle')}
        confirmLabel={t('reports.list.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      >
        {t('reports.saved.deleteBody', { name: definition.name })}
      </ConfirmDialog>
    </>
  );
}
