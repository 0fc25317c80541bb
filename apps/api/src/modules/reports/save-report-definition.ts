import { inListOrder, type ReportDefinition, type ReportDefinitionBody } from '@habla/shared/schemas/reports';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { scopedStudents } from '../analytics/figures';
import { DEFINITION_COLUMNS, definitionOf, ownDefinitions, type DefinitionRead } from './definition-rows';

/**
 * `POST /api/report-definitions` (no `id`) and `PUT /api/report-definitions/:id`: save what to make
 * and over which period (docs/decisions/029-reports.md), for its owner only. A progress report's
 * student must be in the caller's analytics scope (404 outside, as for a report); someone else's
 * definition answers 404.
 */
export async function saveReportDefinition(
  ctx: ActorContext,
  body: ReportDefinitionBody,
  id?: string,
): Promise<ReportDefinition> {
  const pool = poolOf(ctx.db);
  const studentId = body.kind === 'student_progress' ? (body.student_id ?? null) : null;
  if (studentId) {
    const s = new SqlParams();
    const inScope = await pool.query(`SELECT 1 FROM (${scopedStudents(ctx, s, studentId)}) x`, s.values);
    if (!inScope.rowCount) throw notFound();
  }
  const p = new SqlParams();
  const values = {
    name: p.add(body.name),
    kind: p.add(body.kind),
    student: `${p.add(studentId)}::uuid`,
    format: p.add(body.format ?? 'pdf'),
    measures: `${p.add(body.kind === 'caseload_summary' && body.measures ? inListOrder(body.measures) : null)}::text[]`,
    days: `${p.add(body.from ? null : (body.period_days ?? 30))}::int`,
    from: `${p.add(body.from ?? null)}::date`,
    to: `${p.add(body.to ?? null)}::date`,
    language: p.add(body.language),
    note: p.add(body.note || null),
    now: p.add(ctx.now),
    actor: p.add(ctx.actor.id),
  };
  const sql = id
    ? `WITH d AS (
         UPDATE report_definitions d SET name = ${values.name}, kind = ${values.kind}, student_id = ${values.student},
                format = ${values.format}, measures = ${values.measures}, period_days = ${values.days}, period_from = ${values.from}, period_to = ${values.to},
                language = ${values.language}, note = ${values.note}, updated_at = ${values.now}, updated_by = ${values.actor}
          WHERE d.id = ${p.add(id)} AND ${ownDefinitions(ctx, p)} RETURNING d.*)
       SELECT ${DEFINITION_COLUMNS} FROM d`
    : `WITH d AS (
         INSERT INTO report_definitions (account_id, owner_id, name, kind, student_id, format, measures, period_days, period_from, period_to,
                                         language, note, created_at, updated_at, created_by, updated_by)
         VALUES (${p.add(ctx.actor.account_id)}::uuid, ${values.actor}, ${values.name}, ${values.kind}, ${values.student},
                 ${values.format}, ${values.measures}, ${values.days}, ${values.from}, ${values.to}, ${values.language}, ${values.note},
                 ${values.now}, ${values.now}, ${values.actor}, ${values.actor})
         RETURNING *)
       SELECT ${DEFINITION_COLUMNS} FROM d`;
  const res = await pool.query<DefinitionRead>(sql, p.values);
  const row = res.rows[0];
  if (!row) throw notFound();
  return definitionOf(row);
}
