import {
  ERROR_KINDS,
  assessmentsPolicy,
  type AssessmentCreateBody,
  type AssessmentErrorsBody,
  type AssessmentMeasures,
  type ErrorKind,
  type Language,
  type Measures,
  type TrendPoint,
} from '@habla/shared';
import type { Row } from '../../crud/contract';
import { auditRows, createOwnedRow, getRow } from '../../crud/service';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import { withTransaction } from '../../jobs/transaction';
import type { ActorContext, ServiceContext } from '../../lib/context';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { cpuOf } from '../../workers/pool';
import type { SampleInput } from '../lsa/analysis-task';
import { measureSample } from '../lsa/lsa.service';
import { recordingsResource } from '../recordings/resources';
import { exportTranscript } from '../recordings/transcript';
import { studentsScope } from '../tenancy/scopes';
import { proposeConclusions } from './proposals';
import { assessmentsResource, assessmentsScopeSql, type PreparedSample } from './resources';

/**
 * Assessments (docs/product.md §5, §9): made from a recording's transcript or a pasted or
 * imported one, analysed by the same code as `POST /api/lsa/analyze`; the therapist codes errors
 * per utterance (one document with a version, like a transcript) and edits what was proposed.
 */

type AssessmentRow = {
  id: string;
  account_id: string;
  student_id: string;
  assessment_status: string;
  language: Language;
  sample_format: 'chat' | 'text';
  transcript: string;
  speaker: string;
  utterance_errors: Record<string, ErrorKind[]>;
  errors_version: number;
  deleted_at: Date | null;
};

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Create an assessment from a recording or a transcript: analysed, totals written, conclusions proposed. */
export async function createAssessment(ctx: ActorContext, body: AssessmentCreateBody): Promise<Row> {
  let studentId = body.student_id;
  let language = body.language;
  let format = body.format;
  let transcript = body.transcript;
  let title = body.title;
  let sampleDate = body.sample_date;
  let recordingId: string | null = null;
  if (body.recording_id) {
    // Scope first: another account's recording, or a student outside the caseload, is 404.
    const recording = await getRow(ctx, recordingsResource, body.recording_id);
    const status = String(recording.session_status);
    if (!['TRANSCRIPTION_COMPLETED', 'READY', 'WORK_IN_PROGRESS', 'COMPLETED'].includes(status))
      throw fieldError('recording_id', 'assessments.errors.recordingNotReady');
    recordingId = String(recording.id);
    studentId = String(recording.student_id);
    language = recording.language as Language;
    format = 'chat';
    transcript = (await exportTranscript(ctx, recordingId, 'chat')).body;
    title ??= String(recording.title);
    sampleDate ??= today(new Date(String(recording.created_at)));
  }
  if (!studentId || !language || !format || transcript === undefined || !title)
    throw fieldError('transcript', 'assessments.errors.sampleRequired');
  // A student the caller sees, before any analysis (the engine checks the reference again on insert).
  const p = new SqlParams();
  const student = await poolOf(ctx.db).query(
    `SELECT t.account_id, t.full_name, a.language FROM users t JOIN accounts a ON a.id = t.account_id
      WHERE t.id = ${p.add(studentId)} AND t.deleted_at IS NULL AND ${studentsScope(ctx.actor, p)}`,
    p.values,
  );
  const found = student.rows[0] as { account_id: string; full_name: string; language: Language } | undefined;
  if (!found) throw fieldError('student_id', 'validation.invalid');
  // The pasted text is the `transcript` field here (the analysis calls it `text`).
  const prepared = await prepareSample(ctx, {
    accountId: found.account_id,
    recordingId,
    language,
    format,
    transcript,
    speaker: body.speaker,
    studentName: found.full_name,
    reportLanguage: found.language,
  });
  return createOwnedRow(
    ctx,
    assessmentsResource,
    { title, student_id: studentId, sample_date: sampleDate ?? today(ctx.now) },
    prepared,
  );
}

/** A sample analysed, its totals and proposed conclusions ready to store (the create route and the demo data). */
export async function prepareSample(
  ctx: Pick<ServiceContext, 'db' | 'cpu'>,
  o: {
    accountId: string;
    recordingId: string | null;
    language: Language;
    format: 'chat' | 'text';
    transcript: string;
    speaker?: string | undefined;
    studentName: string;
    reportLanguage: Language;
  },
): Promise<PreparedSample> {
  const { measures, utterances } = await measureSample(ctx, {
    language: o.language,
    format: o.format,
    text: o.transcript,
    speaker: o.speaker,
    field: 'transcript',
  });
  return {
    accountId: o.accountId,
    recordingId: o.recordingId,
    language: o.language,
    format: o.format,
    transcript: o.transcript,
    speaker: measures.speaker,
    measures,
    columns: {
      ...totals(measures, utterances),
      ...proposeConclusions(o.reportLanguage, measures, o.studentName || measures.speaker),
    },
  };
}

/** The seed's totals from the measures: the student's counted utterances, every utterance of the sample, NDW; MLU-m for
 * lists. */
function totals(m: Measures, allUtterances: number) {
  return {
    total_student_sentences: m.mlu_w.utterances,
    total_sentences: allUtterances,
    total_vocabulary: m.ndw,
    mlu_m: m.mlu_m.value,
  };
}

/** The assessment if the caller may see it (live), else null: missing and out of scope look alike. */
async function findAssessment(
  ctx: ActorContext,
  id: string,
  client?: { query: (sql: string, v: unknown[]) => Promise<{ rows: unknown[] }> },
): Promise<AssessmentRow | null> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const res = await (client ?? poolOf(ctx.db)).query(
    `SELECT t.id, t.account_id, t.student_id, t.assessment_status, t.language, t.sample_format, t.transcript, t.speaker, t.utterance_errors, t.errors_version, t.deleted_at
       FROM assessments t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${assessmentsScopeSql(ctx.actor, p)}${client ? ' FOR UPDATE OF t' : ''}`,
    p.values,
  );
  return (res.rows[0] as AssessmentRow | undefined) ?? null;
}

/** A stored sample as the CPU pool reads it (it was read when the assessment was made: a refusal here names `text`, as
 * before). */
const sampleOf = (row: AssessmentRow): SampleInput => ({
  format: row.sample_format,
  text: row.transcript,
  language: row.language,
  field: 'text',
});

/** The measures and utterance list of a stored sample. */
async function measuresOf(ctx: ActorContext, row: AssessmentRow): Promise<AssessmentMeasures> {
  const { measures, details } = await measureSample(ctx, { ...sampleOf(row), speaker: row.speaker });
  return {
    ...measures,
    utterance_list: details.map((d) => ({ ...d, errors: row.utterance_errors[String(d.index)] ?? [] })),
    errors_version: row.errors_version,
    editable: row.assessment_status !== 'COMPLETED' && assessmentsPolicy.can(ctx.actor, 'update', row as never),
  };
}

export async function readMeasures(ctx: ActorContext, id: string): Promise<AssessmentMeasures> {
  const row = await findAssessment(ctx, id);
  if (!row) throw notFound();
  return measuresOf(ctx, row);
}

/**
 * Save the whole error coding in one transaction: refused when someone saved since `version`
 * (409), when the assessment is completed or the caller may not edit it (403), or when an index is
 * not an utterance of the analysed speaker (400). The counts follow; a NEW assessment starts work.
 */
export async function saveErrors(
  ctx: ActorContext,
  id: string,
  body: AssessmentErrorsBody,
): Promise<AssessmentMeasures> {
  const saved = await withTransaction(ctx.db, async (_tx, client) => {
    const row = await findAssessment(ctx, id, client);
    if (!row) throw notFound();
    if (row.assessment_status === 'COMPLETED')
      throw new AppError(
        409,
        'CONFLICT',
        'assessments.errors.completed',
        {},
        { errors: 'assessments.errors.completed' },
      );
    if (!assessmentsPolicy.can(ctx.actor, 'update', row as never)) throw forbidden();
    if (row.errors_version !== body.version)
      throw new AppError(409, 'CONFLICT', 'assessments.errors.version', {}, { version: 'assessments.errors.version' });
    const own = new Set(
      (await cpuOf(ctx).run('speakerUtterances', { ...sampleOf(row), speaker: row.speaker })).map(String),
    );
    const errors: Record<string, ErrorKind[]> = {};
    for (const [index, kinds] of Object.entries(body.errors)) {
      if (!own.has(index))
        throw fieldError(`errors.${index}`, 'assessments.errors.utterance', { index: Number(index) + 1 });
      const unique = ERROR_KINDS.filter((k) => kinds.includes(k));
      if (unique.length) errors[index] = unique;
    }
    const count = (kind: ErrorKind) => Object.values(errors).filter((k) => k.includes(kind)).length;
    const next = {
      utterance_errors: errors,
      syntax_errors: count('syntax'),
      grammar_errors: count('grammar'),
      meaning_errors: count('meaning'),
      function_errors: count('function'),
    };
    const status = row.assessment_status === 'NEW' ? 'WORK_IN_PROGRESS' : row.assessment_status;
    await client.query(
      `UPDATE assessments SET utterance_errors = $2, syntax_errors = $3, grammar_errors = $4, meaning_errors = $5, function_errors = $6,
              errors_version = errors_version + 1, assessment_status = $7, updated_at = $8, updated_by = $9 WHERE id = $1`,
      [
        id,
        JSON.stringify(errors),
        next.syntax_errors,
        next.grammar_errors,
        next.meaning_errors,
        next.function_errors,
        status,
        ctx.now,
        ctx.actor.id,
      ],
    );
    await auditRows(client, ctx, assessmentsResource, 'update', [
      {
        id,
        changes: {
          errors: { from: row.errors_version, to: row.errors_version + 1 },
          ...(status !== row.assessment_status
            ? { assessment_status: { from: row.assessment_status, to: status } }
            : {}),
        },
      },
    ]);
    return { ...row, ...next, assessment_status: status, errors_version: row.errors_version + 1 };
  });
  return measuresOf(ctx, saved);
}

/** The student's assessments the caller may see, oldest first (by the sample's date), for the trend. */
export async function readTrend(ctx: ActorContext, id: string): Promise<TrendPoint[]> {
  const row = await findAssessment(ctx, id);
  if (!row) throw notFound();
  const p = new SqlParams();
  const student = p.add(row.student_id);
  const res = await poolOf(ctx.db).query(
    `SELECT t.id, t.title, t.sample_date::text AS sample_date, t.created_at, t.assessment_status, t.measures, t.total_student_sentences
       FROM assessments t WHERE t.student_id = ${student} AND t.deleted_at IS NULL AND ${assessmentsScopeSql(ctx.actor, p)}
      ORDER BY t.sample_date NULLS LAST, t.created_at LIMIT 50`,
    p.values,
  );
  return (
    res.rows as {
      id: string;
      title: string;
      sample_date: string | null;
      created_at: Date;
      assessment_status: string;
      measures: Measures;
      total_student_sentences: number;
    }[]
  ).map((r) => ({
    id: r.id,
    title: r.title,
    sample_date: r.sample_date,
    created_at: r.created_at.toISOString(),
    current: r.id === id,
    assessment_status: r.assessment_status,
    mlu_m: r.measures.mlu_m.value,
    mlu_w: r.measures.mlu_w.value,
    tnw: r.measures.tnw,
    ndw: r.measures.ndw,
    ttr: r.measures.ttr,
    mattr: r.measures.mattr,
    total_student_sentences: r.total_student_sentences,
    brown_stage: r.measures.brown_stage,
  }));
}

/** The report of an assessment, in the account's language unless another is asked for. */
export async function assessmentReport(
  ctx: ActorContext,
  id: string,
  language: Language | undefined,
): Promise<{ name: string; body: Buffer }> {
  const row = await findAssessment(ctx, id);
  if (!row) throw notFound();
  const res = await poolOf(ctx.db).query(
    `SELECT a.title, a.sample_date::text AS sample_date, a.assessment_status, a.syntax_conclusions, a.tense_conclusions, a.function_conclusions, a.subject_info,
            a.recommendation, a.notes, a.summary, s.full_name AS student, COALESCE(NULLIF(c.full_name, ''), c.username) AS therapist, ac.name AS account, ac.language
       FROM assessments a JOIN users s ON s.id = a.student_id LEFT JOIN users c ON c.id = a.created_by JOIN accounts ac ON ac.id = a.account_id
      WHERE a.id = $1`,
    [id],
  );
  const r = res.rows[0] as Record<string, string | null | undefined>;
  const text = (v: string | null | undefined) => v ?? null;
  const analysis = await measuresOf(ctx, row);
  // Drawn in the CPU pool (decision 020); the bytes come back as a Uint8Array, wrapped without a copy.
  const pdf = await cpuOf(ctx).run('report', {
    lang: language ?? (r.language as Language),
    title: r.title!,
    student: r.student!,
    therapist: r.therapist ?? '',
    account: r.account!,
    sampleDate: text(r.sample_date),
    status: r.assessment_status!,
    conclusions: {
      syntax: text(r.syntax_conclusions),
      tense: text(r.tense_conclusions),
      function: text(r.function_conclusions),
      subject: text(r.subject_info),
    },
    recommendation: text(r.recommendation),
    notes: text(r.notes),
    summary: text(r.summary),
    analysis,
    now: ctx.now,
  });
  const body = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const base = `${r.title} - ${r.student}`.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'assessment';
  return { name: `${base}.pdf`, body };
}
