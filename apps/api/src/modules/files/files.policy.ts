import { FILE_UPLOAD_RULE, filesPolicy, fileScope } from '@habla/shared';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/index';
import type { AuthUser } from '../auth/sessions';

/** Who may upload through `POST /api/files` (the shared files policy). */
export const UPLOAD_PERMISSION = FILE_UPLOAD_RULE;

/** The shared files policy's scope as a condition on `files`; outside it a file answers 404. */
export function filesScope(u: AuthUser): SQL | undefined {
  const s = fileScope(u);
  if (s.kind === 'all') return undefined;
  if (s.kind === 'shared') return isNull(files.account_id);
  return s.uploadedBy ? and(eq(files.account_id, s.accountId), eq(files.created_by, s.uploadedBy)) : eq(files.account_id, s.accountId);
}

/** Record-level rule of the shared files policy. */
export const canDeleteFile = (u: AuthUser, row: { created_by: string | null }): boolean => filesPolicy.mayDelete(u, row);
