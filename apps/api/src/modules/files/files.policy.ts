import { hasPermission, PERMISSIONS as P } from '@habla/shared';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/index';
import type { AuthUser } from '../auth/sessions';
import { seesAllAccounts } from '../tenancy/scopes';

/**
 * Who may upload through `POST /api/files`: whoever makes content or records (games, activities,
 * catalog pictures, clients, assessments), i.e. by default THERAPIST, SUPERVISOR, ACCOUNT_ADMIN,
 * EDITOR, ADMIN and SUPERADMIN (docs/product.md §3). Not STUDENT, VIEWER or SUPPORT: they only read. A
 * student's own recordings come in through the recordings workflow, which applies its own rule.
 */
export const UPLOAD_PERMISSION = [
  P.CREATE_GAMES, P.EDIT_GAMES, P.ADMIN_GAMES,
  P.CREATE_ACTIVITIES, P.EDIT_ACTIVITIES, P.ADMIN_ACTIVITIES,
  P.ADMIN_CATALOGS,
  P.CREATE_CLIENTS, P.EDIT_CLIENTS, P.ADMIN_CLIENTS,
  P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS, P.ADMIN_ASSESSMENTS,
].join('|');

/**
 * The files a user sees (docs/product.md §2), as a condition on `files`: platform staff who run accounts
 * see all; account members their account's (a student only their own uploads); EDITOR and VIEWER
 * shared content only, which is what platform staff upload (no account). Outside it a file answers
 * 404, as if it did not exist.
 */
export function filesScope(u: AuthUser): SQL | undefined {
  if (seesAllAccounts(u)) return undefined;
  if (u.account_id) return u.role === 'STUDENT' ? and(eq(files.account_id, u.account_id), eq(files.created_by, u.id)) : eq(files.account_id, u.account_id);
  return isNull(files.account_id);
}

/** Record-level rule: a file in scope may be deleted by its uploader, its account's admin, or platform staff who run accounts. */
export function canDeleteFile(u: AuthUser, row: { created_by: string | null }): boolean {
  if (!hasPermission(u, UPLOAD_PERMISSION)) return false;
  return row.created_by === u.id || u.role === 'ACCOUNT_ADMIN' || seesAllAccounts(u);
}
