import type { Assignment } from '@habla/shared/schemas/assignments';
import type { DbAssignmentRow } from '../../db/schema/index';

/**
 * An assignment (docs/product.md §4, decision 017) is a frozen copy of a completed game for one
 * student, with the scoring rules of the day it was made. Its row as pg reads it, and as the
 * assignments' contract shows it.
 */

export type FrozenActivity = DbAssignmentRow['activities'][number];
export type Rules = DbAssignmentRow['rules'];

/** A row of `assignments` as pg reads it (numeric scores as text, times as Date): the table's own row type. */
export type AssignmentRow = DbAssignmentRow;

/** A score column (numeric, read as text) as a number. */
export const scoreOf = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** An assignment as a therapist's list shows it (never its answer keys). */
export function presentAssignment(
  r: Omit<AssignmentRow, 'activities' | 'updated_at' | 'updated_by'> & { student_name?: string | null },
): Assignment {
  return {
    id: r.id,
    game_id: r.game_id,
    student_id: r.student_id,
    account_id: r.account_id,
    name: r.name,
    type: r.type,
    chapter_id: r.chapter_id,
    activities_count: r.activities_count,
    max_attempts: r.max_attempts,
    attempts: r.attempts,
    start_time: r.start_time.toISOString(),
    end_time: r.end_time.toISOString(),
    assign_status: r.assign_status,
    best_score: scoreOf(r.best_score),
    last_score: scoreOf(r.last_score),
    last_played_at: r.last_played_at?.toISOString() ?? null,
    min_rate: r.rules.min_rate,
    created_at: r.created_at.toISOString(),
    created_by: r.created_by,
    ...(r.student_name === undefined ? {} : { student_name: r.student_name }),
  };
}
