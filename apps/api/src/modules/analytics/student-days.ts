import type { StudentDays, StudentPeriodQuery } from '@habla/shared/schemas/analytics';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { DbStudentDayStatsRow } from '../../db/schema/index';
import type { ActorContext } from '../../lib/context';
import { mean, percent, periodOf } from './figures';
import { scopedStudent, studentOf } from './series';

/** The rollup's columns a day answers (bigint as text, as PostgreSQL returns it). */
type DayColumns = Pick<
  DbStudentDayStatsRow,
  | 'day'
  | 'sessions'
  | 'completed'
  | 'passed'
  | 'scored'
  | 'score_sum'
  | 'activities'
  | 'first_try'
  | 'evaluated'
  | 'words_out_of_place'
  | 'parts_of_speech'
  | 'syntax_error'
> & { duration_ms: string };
/** The student joined to their days: one row with null days when none is in the period. */
type Read = StudentDays['student'] & { [K in keyof DayColumns]: DayColumns[K] | null };

/**
 * One student's days over the period (docs/product.md §6, decisions 026 and 027): each UTC day with
 * a finished session, oldest first, with its sessions, passed, mean score, first-try rate, minutes
 * and the errors its evaluations counted. One statement over the per-student-day rollup by its
 * primary key, never the tries; a student outside the caller's scope answers 404.
 */
export async function studentDays(ctx: ActorContext, id: string, q: StudentPeriodQuery): Promise<StudentDays> {
  // By default the 30 days up to today (UTC), as the students analytics.
  const { from, to } = periodOf(ctx, q);
  const p = new SqlParams();
  const student = scopedStudent(ctx, id, p);
  const res = await poolOf(ctx.db).query(
    `SELECT s.id, s.full_name, d.day, d.sessions, d.completed, d.passed, d.scored, d.score_sum, d.activities, d.first_try,
            d.duration_ms, d.evaluated, d.words_out_of_place, d.parts_of_speech, d.syntax_error
       FROM ${student} s
       LEFT JOIN student_day_stats d ON d.student_id = s.id AND d.day BETWEEN ${p.add(from)}::date AND ${p.add(to)}::date
      ORDER BY d.day`,
    p.values,
  );
  const rows = res.rows as Read[];
  return {
    student: studentOf(rows),
    from,
    to,
    days: rows.flatMap((r) => {
      if (r.day === null) return [];
      return [
        {
          day: r.day,
          sessions: r.sessions ?? 0,
          completed: r.completed ?? 0,
          passed: r.passed ?? 0,
          mean_score: mean(Number(r.score_sum ?? 0), r.scored ?? 0),
          first_try_rate: percent(r.first_try ?? 0, r.activities ?? 0),
          minutes: Math.round(Number(r.duration_ms ?? 0) / 60_000),
          evaluated: r.evaluated ?? 0,
          words_out_of_place: r.words_out_of_place ?? 0,
          parts_of_speech: r.parts_of_speech ?? 0,
          syntax_error: r.syntax_error ?? 0,
        },
      ];
    }),
  };
}
