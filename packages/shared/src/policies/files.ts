import { hasPermission, PERMISSIONS as P } from '../permissions';
import { ROLES } from '../roles';
import { seesAllAccounts, type Actor } from './policy';

/**
 * Stored files (`/api/files`, and the file fields of every resource): one rule for the files routes,
 * the engine's file-field check and the web. Not a resource of the engine, so not a `Policy`: who
 * uploads, which files one sees, who deletes one.
 */

/**
 * Who may upload: whoever makes content or records (games, activities, catalog pictures, clients,
 * assessments), i.e. by default THERAPIST, SUPERVISOR, ACCOUNT_ADMIN, EDITOR, ADMIN and SUPERADMIN
 * (docs/product.md §3). Not STUDENT, VIEWER or SUPPORT: they only read. A student's own recordings
 * come in through the recordings workflow, which applies its own rule.
 */
export const FILE_UPLOAD_RULE = [
  P.CREATE_GAMES,
  P.EDIT_GAMES,
  P.ADMIN_GAMES,
  P.CREATE_ACTIVITIES,
  P.EDIT_ACTIVITIES,
  P.ADMIN_ACTIVITIES,
  P.ADMIN_CATALOGS,
  P.CREATE_CLIENTS,
  P.EDIT_CLIENTS,
  P.ADMIN_CLIENTS,
  P.CREATE_ASSESSMENTS,
  P.EDIT_ASSESSMENTS,
  P.ADMIN_ASSESSMENTS,
].join('|');

/**
 * The files an actor sees (docs/product.md §2), as data the API turns into SQL: platform staff who
 * run accounts all; account members their account's (a student only their own uploads); EDITOR and
 * VIEWER shared content, i.e. what platform staff upload (no account). Outside it a file is missing.
 */
export type FileScope = { kind: 'all' } | { kind: 'shared' } | { kind: 'account'; accountId: string; uploadedBy?: string };

export function fileScope(a: Actor): FileScope {
  if (seesAllAccounts(a)) return { kind: 'all' };
  if (!a.account_id) return { kind: 'shared' };
  return a.role === ROLES.STUDENT ? { kind: 'account', accountId: a.account_id, uploadedBy: a.id } : { kind: 'account', accountId: a.account_id };
}

export const filesPolicy = {
  mayUpload: (a: Actor | null | undefined): boolean => !!a && hasPermission(a, FILE_UPLOAD_RULE),
  /** A file in scope may be deleted by its uploader, its account's admin, or platform staff who run accounts. */
  mayDelete: (a: Actor, row: { created_by: string | null }): boolean =>
    hasPermission(a, FILE_UPLOAD_RULE) && (row.created_by === a.id || a.role === ROLES.ACCOUNT_ADMIN || seesAllAccounts(a)),
  scope: fileScope,
};
