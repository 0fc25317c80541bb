import type { Report, ReportDefinition } from '@habla/shared/schemas/reports';

/** What the reports screen's lists share (docs/decisions/029-reports.md). */
export const REPORTS_KEY = ['reports', 'list'] as const;
export const DEFINITIONS_KEY = ['reports', 'definitions'] as const;

export type Page<T> = { data: T[]; meta: { page: number; max: number; total: number } };
export type ReportsPage = Page<Report>;
export type DefinitionsPage = Page<ReportDefinition>;

/** A report's title in words: "Progress report: Leo Walker" or "Caseload summary". */
export function reportTitle(
  t: (key: string, o?: Record<string, string>) => string,
  r: Pick<Report, 'kind' | 'student'>,
) {
  return r.kind === 'caseload_summary'
    ? t('reports.kinds.caseload_summary')
    : t('reports.list.itemTitle', { name: r.student?.full_name ?? '' });
}
