import { ASSESSMENT_RESOURCES, assessmentsPolicy } from '@habla/shared';
import type { CrudUser, OwnedResource } from '../../crud/contract';
import type { SqlParams } from '../../crud/sql';
import type { DbAssessmentRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { recordingsScopeSql } from '../recordings/resources';
import { accountsScope, studentsScope } from '../tenancy/scopes';

/**
 * Assessments on the resource engine: list, show, edit (the conclusions, recommendation,
 * notes, summary, title and date), delete, restore, export, and the declared actions `complete`
 * and `reopen` (each audited by the engine). Seen by whoever sees the student, like recordings.
 * Created only by `POST /api/assessments` (assessments.service.ts), which hands over the analysed
 * sample.
 */
export function assessmentsScopeSql(u: CrudUser, p: SqlParams): string {
  if (assessmentsPolicy.scope(u).kind === 'none') return 'false';
  return `t.student_id IN (SELECT t.id FROM users t WHERE ${studentsScope(u, p)})`;
}

/** What the create service computed, handed over by it (never from a body). */
export type PreparedSample = {
  accountId: string;
  recordingId: string | null;
  language: 'en' | 'es';
  format: 'chat' | 'text';
  transcript: string;
  speaker: string;
  measures: DbAssessmentRow['measures'];
  /** The totals and the proposed conclusions; MLU-m as computed (pg writes the number into the numeric column). */
  columns: Pick<
    DbAssessmentRow,
    | 'total_student_sentences'
    | 'total_sentences'
    | 'total_vocabulary'
    | 'syntax_conclusions'
    | 'tense_conclusions'
    | 'function_conclusions'
    | 'subject_info'
  > & { mlu_m: number };
};

/** The conclusions the therapist writes; changing one starts the work on a NEW assessment. */
const EDITED = [
  'title',
  'sample_date',
  'syntax_conclusions',
  'tense_conclusions',
  'function_conclusions',
  'subject_info',
  'recommendation',
  'notes',
  'summary',
];

export const assessmentsResource: OwnedResource<PreparedSample> = {
  def: ASSESSMENT_RESOURCES.assessments,
  table: 'assessments',
  entity: 'assessments',
  tenantColumn: 'account_id',
  relations: {
    student_id: { targetTable: 'users', targetTitle: 'full_name', scope: studentsScope },
    recording_id: { targetTable: 'recordings', targetTitle: 'title', scope: recordingsScopeSql },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: assessmentsScopeSql,
  // Only the create service makes assessments, from the sample it analysed.
  ownedCreate: async (_client, _ctx, _body, sample) => ({
    account_id: sample.accountId,
    recording_id: sample.recordingId,
    assessment_status: 'NEW',
    language: sample.language,
    sample_format: sample.format,
    transcript: sample.transcript,
    speaker: sample.speaker,
    measures: JSON.stringify(sample.measures),
    ...sample.columns,
  }),
  hooks: {
    beforeUpdate: async (_c, _ctx, body, before) => {
      if (body.student_id !== undefined && body.student_id !== before.student_id)
        throw new AppError(
          400,
          'VALIDATION',
          'assessments.errors.studentFixed',
          {},
          { student_id: 'assessments.errors.studentFixed' },
        );
      if (before.assessment_status === 'NEW' && EDITED.some((f) => body[f] !== undefined && body[f] !== before[f]))
        return { assessment_status: 'WORK_IN_PROGRESS' };
    },
  },
  actions: {
    /** Finished: read-only from now on (the errors and conclusions as they are go into the report). */
    async complete({ client, ctx, rows }) {
      await client.query(
        `UPDATE assessments SET assessment_status = 'COMPLETED', completed_at = $2, completed_by = $3 WHERE id = ANY($1::uuid[])`,
        [rows.map((r) => r.id), ctx.now, ctx.actor.id],
      );
      return {
        changes: Object.fromEntries(
          rows.map((r) => [String(r.id), { assessment_status: { from: r.assessment_status, to: 'COMPLETED' } }]),
        ),
      };
    },
    /** Back to work: the audit log keeps who reopened it and when. */
    async reopen({ client, rows }) {
      await client.query(
        `UPDATE assessments SET assessment_status = 'WORK_IN_PROGRESS', completed_at = NULL, completed_by = NULL WHERE id = ANY($1::uuid[])`,
        [rows.map((r) => r.id)],
      );
      return {
        changes: Object.fromEntries(
          rows.map((r) => [String(r.id), { assessment_status: { from: r.assessment_status, to: 'WORK_IN_PROGRESS' } }]),
        ),
      };
    },
  },
};
