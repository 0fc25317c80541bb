import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { formatDay } from '@/components/resource/field-value';
import { LoadFailed } from '@/components/resource/load-failed';
import { actionIcon, actionKey, useActionRunner, useDeclaredActions } from '@/components/resource/record-actions';
import { rowAllows, saveDownload } from '@/components/resource/resource-api';
import { useItemName } from '@/components/resource/use-item-name';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { panelCard } from '@/components/ui/panel-card';
import { DetailItem } from '@/components/ui/detail-item';
import { PanelSection } from '@/components/ui/panel-section';
import { Spinner } from '@/components/ui/spinner';
import { fieldControlClasses } from '@/components/ui/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { ASSESSMENT_SCREEN, RECORDING_SCREEN } from '@/lib/resource-screens';
import { ASSESSMENTS_API, type AssessmentRow, useAssessment, useMeasures, useTrend } from './assessments-api';
import { ConclusionsForm } from './conclusions-form';
import { ErrorCoding } from './error-coding';
import { MeasuresGlance } from './measures-glance';
import { ProgressOverTime } from './progress-over-time';
import { AssessmentStatusBadge } from './status-badge';

/**
 * `/assessments/list/:id`: a language-sample assessment. Its measures at a glance, each
 * with what it means; the analysed speaker's utterances, where the therapist codes errors; the
 * conclusions (proposed by the server, edited here); the student's progress over time; Complete
 * (then read-only) and Reopen; and the report as a PDF in English or Spanish.
 */
export function AssessmentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const record = useAssessment(id);
  const row = record.data?.data;
  useItemName(row?.title ?? null);
  if (record.isPending) return <Spinner label={t('records.loading')} />;
  if (record.isError || !row) return <LoadFailed onRetry={() => void record.refetch()} back={ASSESSMENT_SCREEN.base} />;
  return <Assessment key={row.id} row={row} />;
}

function Assessment({ row }: { row: AssessmentRow }) {
  const { t, i18n } = useTranslation();
  const declared = useDeclaredActions(ASSESSMENT_SCREEN);
  const runner = useActionRunner(ASSESSMENT_SCREEN);
  const measures = useMeasures(row.id);
  const trend = useTrend(row.id);
  const [codingPending, setCodingPending] = useState(false);
  const lang = i18n.resolvedLanguage;
  const editable = rowAllows(row, 'update') && row.assessment_status !== 'COMPLETED';
  const offered = declared.single.filter(
    (a) => (a.name === 'complete' || a.name === 'reopen') && rowAllows(row, a.name),
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageHeader
        eyebrow={t(ASSESSMENT_SCREEN.titleKey)}
        title={row.title ?? ''}
        description={row.deleted_at ? t('records.inTrash') : undefined}
        actions={
          <>
            {offered.map((action) => {
              const Icon = actionIcon(action);
              // Completing makes the coding read-only: not while a change is still to be saved.
              const held = action.name === 'complete' && codingPending;
              return (
                <Button
                  key={action.name}
                  variant={action.name === 'complete' ? 'primary' : 'secondary'}
                  onClick={() => runner.start(action, [row])}
                  disabled={held}
                  title={held ? t('assessmentScreen.coding.savingFirst') : undefined}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(actionKey(ASSESSMENT_SCREEN, action, 'label'))}
                </Button>
              );
            })}
          </>
        }
      />

      <div className={`${panelCard} flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between`}>
        <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
          <DetailItem label={t('assessmentScreen.student')}>{row.student?.label ?? '—'}</DetailItem>
          <DetailItem label={t('assessmentScreen.sampleDate')}>
            {row.sample_date ? <time dateTime={row.sample_date}>{formatDay(lang, row.sample_date)}</time> : '—'}
          </DetailItem>
          <DetailItem label={t('assessmentScreen.status')}>
            <AssessmentStatusBadge status={row.assessment_status ?? 'NEW'} />
          </DetailItem>
          <DetailItem label={t('fields.language')}>{t(`enums.language.${row.language}`)}</DetailItem>
          <DetailItem label={t('assessmentScreen.source')} className="col-span-2">
            {row.recording_id ? (
              <Link
                to={`${RECORDING_SCREEN.base}/${row.recording_id}`}
                className="text-teal-800 underline underline-offset-2"
              >
                {row.recording?.label ?? t('assessmentScreen.fromRecording')}
              </Link>
            ) : (
              t('assessmentScreen.fromTranscript')
            )}
            {row.speaker ? ` · ${t('assessmentScreen.speaker', { speaker: row.speaker })}` : ''}
          </DetailItem>
        </dl>
        <PdfDownload id={row.id} title={row.title ?? ''} />
      </div>
      <p role="status" className="sr-only">
        {t('assessmentScreen.statusNow', { status: t(`enums.assessmentStatus.${row.assessment_status}`) })}
      </p>

      <PanelSection id="assessment-measures" title={t('assessmentScreen.measures.title')}>
        {measures.isPending ? (
          <Spinner size="sm" label={t('records.loading')} />
        ) : measures.isError || !measures.data ? (
          <Failed text={t('assessmentScreen.measures.failed')} onRetry={() => void measures.refetch()} />
        ) : (
          <MeasuresGlance measures={measures.data} />
        )}
      </PanelSection>

      <PanelSection id="assessment-utterances" title={t('assessmentScreen.coding.title')}>
        {measures.isPending ? (
          <Spinner size="sm" label={t('records.loading')} />
        ) : measures.isError || !measures.data ? (
          <Failed text={t('assessmentScreen.measures.failed')} onRetry={() => void measures.refetch()} />
        ) : (
          <ErrorCoding assessmentId={row.id} data={measures.data} onPendingChange={setCodingPending} />
        )}
      </PanelSection>

      <PanelSection id="assessment-conclusions" title={t('assessmentScreen.conclusions.title')}>
        <ConclusionsForm key={editable ? 'edit' : 'read'} row={row} editable={editable} />
      </PanelSection>

      <PanelSection id="assessment-trend" title={t('assessmentScreen.trend.title')}>
        {trend.isPending ? (
          <Spinner size="sm" label={t('records.loading')} />
        ) : trend.isError || !trend.data ? (
          <Failed text={t('assessmentScreen.trend.failed')} onRetry={() => void trend.refetch()} />
        ) : (
          <ProgressOverTime points={trend.data} />
        )}
      </PanelSection>
      {runner.dialog}
    </div>
  );
}

/** The report as a PDF in the language chosen (the UI's by default), saved as the browser's download. */
function PdfDownload({ id, title }: { id: string; title: string }) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const [language, setLanguage] = useState(i18n.resolvedLanguage === 'es' ? 'es' : 'en');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const token = useAuthStore.getState().token;
      const res = await fetch(`${ASSESSMENTS_API}/${id}/report.pdf?language=${language}`, {
        headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (!res.ok) throw new Error(String(res.status));
      await saveDownload(res, `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'assessment'}.pdf`);
    } catch {
      toast.error(t('assessmentScreen.pdf.failed'), { toastId: 'assessment-pdf' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {t('assessmentScreen.pdf.language')}
        </label>
        <select
          id={selectId}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          className={`${fieldControlClasses(false)} w-auto`}
        >
          {(['en', 'es'] as const).map((l) => (
            <option key={l} value={l}>
              {t(`enums.language.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" loading={busy} onClick={() => void download()}>
        {!busy && <Download className="size-4" aria-hidden="true" />}
        {t('assessmentScreen.pdf.download')}
      </Button>
    </div>
  );
}

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      {text}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('records.retry')}
      </Button>
    </div>
  );
}
