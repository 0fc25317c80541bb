import { FILE_UPLOAD_RULE, filesPolicy, fileScope } from '@habla/shared';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/index';
import type { AuthUser } from '../auth/sessions';

/** Who may upload through `POST /api/files` (the shared files policy). */
export const UPLOAD_PERMISSION = FILE_UPLOAD_RULE;

/**
 * A platform file that is the audio prompt of a live activity of a library game: every account plays
 * the library, so its members hear it (the content team's other files stay theirs).
 */
const libraryMedia = sql`(${files.account_id} IS NULL AND EXISTS (SELECT 1 FROM activities la WHERE la.audio_id = ${files.id} AND la.game_account_id IS NULL AND la.deleted_at IS NULL))`;

/** The shared files policy's scope as a condition on `files`; outside it a file answers 404. */
export function filesScope(u: AuthUser): SQL | undefined {
  const s = fileScope(u);
  if (s.kind === 'all') return undefined;
  if (s.kind === 'shared') return isNull(files.account_id);
  // A student: their own uploads, and the audio prompts of the games assigned to them.
  if (s.uploadedBy)
    return or(
      and(eq(files.account_id, s.accountId), eq(files.created_by, s.uploadedBy)),
      sql`EXISTS (SELECT 1 FROM assignments x WHERE x.student_id = ${s.uploadedBy} AND x.assign_status <> 'UNASSIGNED' AND x.activities @> jsonb_build_array(jsonb_build_object('audio_id', ${files.id}::text)))`,
    );
  return or(eq(files.account_id, s.accountId), libraryMedia);
}

/** Record-level rule of the shared files policy. */
export const canDeleteFile = (u: AuthUser, row: { created_by: string | null }): boolean => filesPolicy.mayDelete(u, row);
