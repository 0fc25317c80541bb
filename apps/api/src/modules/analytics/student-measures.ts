import { assessmentsPolicy } from '@habla/shared/policies/index';
import type { StudentMeasures, StudentPeriodQuery } from '@habla/shared/schemas/analytics';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { DbAssessmentRow } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import { assessmentsScopeSql } from '../assessments/resources';
import { scopedStudent, studentOf } from './series';

/** The default period: the 365 days up to today (UTC); language samples are taken months apart. */
const DEFAULT_DAYS = 365;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The most assessments one answer carries (two years of weekly samples). */
const MAX_POINTS = 120;

/** A completed assessment's columns the answer reads, and the day it is placed at. */
type Assessment = Pick<DbAssessmentRow, 'title' | 'sample_date' | 'completed_at' | 'measures'> & {
  assessment_id: string;
  day: string;
};
/** The student joined to their completed assessments: one row with null columns when none is in the period. */
type Read = StudentMeasures['student'] & { [K in keyof Assessment]: Assessment[K] | null };

/**
 * One student's language-sample measures over time (docs/product.md §5 and §10, decision 027): each
 * completed assessment of the period, oldest first, placed at its sample's date (else the day it was
 * completed), with MLU in morphemes and words, TNW, NDW, TTR, MATTR and Brown's stage as they were
 * stored when the sample was analysed. The student must be in the caller's scope (404 otherwise);
 * the assessments are those the caller may see (none without an assessments permission).
 */
export async function studentMeasures(ctx: ActorContext, id: string, q: StudentPeriodQuery): Promise<StudentMeasures> {
  const to = q.to ?? dayOf(ctx.now.getTime());
  const from = q.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000);
  const p = new SqlParams();
  const student = scopedStudent(ctx, id, p);
  const seen = assessmentsPolicy.can(ctx.actor, 'read') ? assessmentsScopeSql(ctx.actor, p) : 'false';
  const placed = `COALESCE(t.sample_date, (t.completed_at AT TIME ZONE 'UTC')::date)`;
  const res = await poolOf(ctx.db).query(
    `SELECT s.id, s.full_name, a.id AS assessment_id, a.title, a.sample_date, a.completed_at, a.day::text AS day, a.measures
       FROM ${student} s
       LEFT JOIN LATERAL (
         SELECT t.id, t.title, t.sample_date, t.completed_at, ${placed} AS day, t.measures, t.created_at
           FROM assessments t
          WHERE t.student_id = s.id AND t.deleted_at IS NULL AND t.assessment_status = 'COMPLETED'
            AND t.completed_at IS NOT NULL AND ${seen}
            AND ${placed} BETWEEN ${p.add(from)}::date AND ${p.add(to)}::date
          ORDER BY ${placed}, t.created_at LIMIT ${MAX_POINTS}) a ON true
      ORDER BY a.day, a.created_at`,
    p.values,
  );
  const rows = res.rows as Read[];
  return {
    student: studentOf(rows),
    from,
    to,
    assessments: rows.flatMap((r) => {
      if (r.assessment_id === null || r.measures === null || r.completed_at === null || r.day === null) return [];
      const m = r.measures;
      return [
        {
          id: r.assessment_id,
          title: r.title ?? '',
          sample_date: r.sample_date,
          completed_at: r.completed_at.toISOString(),
          day: r.day,
          language: m.language,
          utterances: m.mlu_m.utterances,
          mlu_m: m.mlu_m.value,
          mlu_w: m.mlu_w.value,
          tnw: m.tnw,
          ndw: m.ndw,
          ttr: m.ttr,
          mattr: m.mattr,
          brown_stage: m.brown_stage,
        },
      ];
    }),
  };
}
