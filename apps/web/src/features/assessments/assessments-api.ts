import type { ASSESSMENT_RESOURCES } from '@habla/shared/resources/assessments';
import type { AssessmentMeasures, TrendPoint } from '@habla/shared/schemas/assessments';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formatNumber } from '@/lib/format';

export type AssessmentStatus = 'NEW' | 'WORK_IN_PROGRESS' | 'COMPLETED';

/** The texts a therapist writes (proposed by the server at creation): what `PATCH /api/assessments/:id` takes besides
 * title and date. */
export const CONCLUSION_FIELDS = [
  'syntax_conclusions',
  'tense_conclusions',
  'function_conclusions',
  'subject_info',
  'recommendation',
  'notes',
  'summary',
] as const;
export type ConclusionField = (typeof CONCLUSION_FIELDS)[number];

/** An assessment as `GET /api/assessments/:id` serves it: the row of its declaration
 * (packages/shared/src/resources/assessments.ts). */
export type AssessmentRow = ResourceRow<typeof ASSESSMENT_RESOURCES.assessments>;

export const ASSESSMENTS_API = '/api/assessments';

/**
 * The keys sit under the generic engine's `['records', 'assessments']`, so a declared action
 * (complete, reopen), which refreshes everything under it, refreshes the page, its measures (now
 * read-only or editable again) and the trend too.
 */
const base = ['records', 'assessments'] as const;
export const assessmentKeys = {
  one: (id: string) => [...base, 'one', id] as const,
  measures: (id: string) => [...base, 'measures', id] as const,
  trend: (id: string) => [...base, 'trend', id] as const,
};

export function useAssessment(id: string) {
  return useQuery({
    queryKey: assessmentKeys.one(id),
    queryFn: ({ signal }) =>
      api.get<{ status: true; data: AssessmentRow }>(`${ASSESSMENTS_API}/${id}`, { signal, silentSuccess: true }),
  });
}

export function fetchMeasures(id: string, signal?: AbortSignal): Promise<AssessmentMeasures> {
  return api
    .get<{ data: AssessmentMeasures }>(`${ASSESSMENTS_API}/${id}/measures`, { signal, silent: true })
    .then((r) => r.data);
}

/** The measures and the analysed speaker's utterances with the errors coded on them. */
export function useMeasures(id: string) {
  return useQuery({ queryKey: assessmentKeys.measures(id), queryFn: ({ signal }) => fetchMeasures(id, signal) });
}

/** The student's assessments, oldest first. */
export function useTrend(id: string) {
  return useQuery({
    queryKey: assessmentKeys.trend(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TrendPoint[] }>(`${ASSESSMENTS_API}/${id}/trend`, { signal, silent: true }).then((r) => r.data),
  });
}

/** A number with a fixed count of decimals in the UI language (— for none). */
export function formatFixed(
  value: number | string | null | undefined,
  language: string | undefined,
  digits: number,
): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return formatNumber(language, n, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
