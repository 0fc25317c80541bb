import type { MessageParams } from '@habla/shared';
import { AppError } from '../lib/errors';
import type { ReportInput } from '../modules/assessments/report';
import type { AnalysisInput, SampleInput } from '../modules/lsa/analysis-task';
import type { CaseloadSummaryInput } from '../modules/reports/draw-caseload-summary';
import type { ProgressReportInput } from '../modules/reports/draw-progress-report';

/** The modules behind the tasks, loaded by the first task that needs them (pdfkit alone takes about a second). */
const analysis = () => import('../modules/lsa/analysis-task');
const report = () => import('../modules/assessments/report');
const progressReport = () => import('../modules/reports/draw-progress-report');
const caseloadSummary = () => import('../modules/reports/draw-caseload-summary');

/**
 * What the CPU pool runs (decision 020): each task takes and returns plain data (structured clone
 * crosses the thread boundary; classes, functions and closures do not).
 */
export const TASKS = {
  analyze: async (input: AnalysisInput) => (await analysis()).analysisTask(input),
  speakerUtterances: async (input: SampleInput & { speaker: string }) =>
    (await analysis()).speakerUtterancesTask(input),
  parseSample: async (input: SampleInput) => (await analysis()).parseSampleTask(input),
  /** The PDF's bytes (a Buffer arrives on the main thread as a Uint8Array). */
  report: async (input: ReportInput): Promise<Uint8Array> => (await report()).renderReport(input),
  /** A student's progress report (docs/decisions/029-reports.md), drawn for the `report.make` job. */
  progressReport: async (input: ProgressReportInput): Promise<Uint8Array> =>
    (await progressReport()).drawProgressReport(input),
  /** The caseload summary as a PDF (decision 029). */
  caseloadSummary: async (input: CaseloadSummaryInput): Promise<Uint8Array> =>
    (await caseloadSummary()).drawCaseloadSummary(input),
  /** Load every task's modules now, so that the first request does not wait for them. */
  warm: async (_input: null): Promise<true> => {
    await Promise.all([analysis(), report(), progressReport(), caseloadSummary()]);
    return true;
  },
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;
export type TaskRequest = { [N in TaskName]: { name: N; input: TaskInput<N> } }[TaskName];

/** A refusal (4xx) as data: an AppError's fields, rebuilt as the same AppError on the main thread. */
export type Refusal = {
  statusCode: number;
  code: string;
  messageKey: string;
  params: MessageParams;
  fields: Record<string, string>;
};

export type TaskResult<N extends TaskName> = { ok: true; value: TaskOutput<N> } | { ok: false; refusal: Refusal };

/** An error that names a field and a message key (a sample's SampleError), answered as that field's 400. */
function namesField(err: unknown): err is { field: string; key: string; params?: MessageParams } {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { field?: unknown; key?: unknown };
  return typeof e.field === 'string' && typeof e.key === 'string';
}

/**
 * Run one task where this code runs (a worker thread, or the main thread without a pool). A refusal
 * comes back as data, so the caller answers exactly what it answered when the work ran in the
 * request (an Error's class and own fields do not survive the thread boundary); anything else is a
 * failure and is thrown (500).
 */
export async function runTask(request: TaskRequest): Promise<TaskResult<TaskName>> {
  try {
    const task = TASKS[request.name] as (
      input: TaskRequest['input'],
    ) => TaskOutput<TaskName> | Promise<TaskOutput<TaskName>>;
    return { ok: true, value: await task(request.input) };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      return {
        ok: false,
        refusal: {
          statusCode: err.statusCode,
          code: err.code,
          messageKey: err.messageKey,
          params: err.params,
          fields: err.fields,
        },
      };
    }
    if (namesField(err)) {
      return {
        ok: false,
        refusal: {
          statusCode: 400,
          code: 'VALIDATION',
          messageKey: err.key,
          params: err.params ?? {},
          fields: { [err.field]: err.key },
        },
      };
    }
    throw err;
  }
}

/** The AppError a refusal stood for. */
export const refusalError = (r: Refusal): AppError =>
  new AppError(r.statusCode, r.code, r.messageKey, r.params, r.fields);
