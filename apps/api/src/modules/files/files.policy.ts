import { FILE_UPLOAD_RULE, filesPolicy, fileScope } from '@habla/shared';
import type { SQL } from 'drizzle-orm';
import { fileRows } from '../../crud/file-refs';
import { drizzleSql, SqlParams } from '../../crud/sql';
import type { AuthUser } from '../auth/sessions';

/** Who may upload through `POST /api/files` (the shared files policy). */
export const UPLOAD_PERMISSION = FILE_UPLOAD_RULE;

/**
 * The shared files policy's scope as a condition on `files` (undefined: every file); outside it a
 * file answers 404 (decision 007). The engine's part (crud/file-refs.ts: one's uploads, the files of
 * the records one reads, an account admin's unattached files) and, for a student, the audio prompts
 * of the games assigned to them, in the frozen copy they play.
 */
export function filesScope(u: AuthUser): SQL | undefined {
  const s = fileScope(u);
  // Platform staff who run accounts: every file (fileRows gives no condition for them either).
  if (s.kind === 'all') return undefined;
  const p = new SqlParams();
  const rows = fileRows(u, p, 'files');
  // Only students have assignments (modules/assignments/scope.ts picks them by studentsScope, and a student's role
  // never changes): for anyone else this would match nothing.
  const assigned = s.assigned
    ? ` OR EXISTS (SELECT 1 FROM assignments x WHERE x.student_id = ${p.add(s.userId)} AND x.assign_status <> 'UNASSIGNED' AND x.activities @> jsonb_build_array(jsonb_build_object('audio_id', files.id::text)))`
    : '';
  return drizzleSql(`(${rows}${assigned})`, p.values);
}

/** Record-level rule of the shared files policy. */
export const canDeleteFile = (u: AuthUser, row: { created_by: string | null }): boolean =>
  filesPolicy.mayDelete(u, row);
