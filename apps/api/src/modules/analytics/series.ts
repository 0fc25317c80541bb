import type { StudentDays } from '@habla/shared/schemas/analytics';
import type { SqlParams } from '../../crud/sql';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { studentsScope } from '../tenancy/scopes';

/**
 * What one student's series over time share (`student-days.ts`, `student-measures.ts`; decisions
 * 026 and 027): the student they are of, answered 404 outside the caller's scope.
 */

/**
 * The student `id` as a subquery of one row (`id`, `full_name`) when the caller may see them
 * (docs/product.md §2, the same `studentsScope` as every list), else of none.
 */
export function scopedStudent(ctx: ActorContext, id: string, p: SqlParams): string {
  return `(SELECT t.id, t.full_name FROM users t WHERE t.id = ${p.add(id)} AND t.deleted_at IS NULL AND ${studentsScope(ctx.actor, p)})`;
}

/** The student named by the statement's first row; none is a student outside the scope, answered 404. */
export function studentOf(rows: readonly StudentDays['student'][]): StudentDays['student'] {
  const first = rows[0];
  if (!first) throw notFound();
  return { id: first.id, full_name: first.full_name };
}
