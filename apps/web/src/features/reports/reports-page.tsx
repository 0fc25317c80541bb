import type { Report, ReportKind } from '@habla/shared/schemas/reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { NewReportForm } from './new-report-form';
import { reportTitle } from './report-api';
import { ReportList } from './report-list';
import { SavedReports } from './saved-reports';

/**
 * The reports screen (docs/product.md §6, docs/decisions/029-reports.md): ask for a report, keep the
 * choices as a saved report, and follow the caller's reports as the job makes them. The same screen
 * answers `/reports`, `/analytics/reports` and `/administration/reports`; under Administration it
 * starts on the caseload summary (an account admin's whole account).
 */
export function ReportsPage({ defaultKind = 'student_progress' }: { defaultKind?: ReportKind }) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const queued = (report: Report) => setAnnouncement(t('reports.live.queued', { title: reportTitle(t, report) }));
  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.lead')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <NewReportForm defaultKind={defaultKind} onQueued={queued} />
          <SavedReports onQueued={queued} />
        </div>
        <ReportList onChange={setAnnouncement} />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/** `/administration/reports`: the same screen, starting on the caseload summary. */
export function AccountReportsPage() {
  return <ReportsPage defaultKind="caseload_summary" />;
}
