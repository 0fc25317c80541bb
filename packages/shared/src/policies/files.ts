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
 * The files an actor reads (docs/product.md §2; decision 007), as data the API turns into SQL. A
 * file is read with what it belongs to, never merely for being in one's account:
 * - platform staff who run accounts (SUPERADMIN, ADMIN, SUPPORT): every file;
 * - anyone else: the files they uploaded themselves, and the files of the records they may read
 *   (a file field of a resource on the engine, e.g. an activity's audio prompt, read with its
 *   game; a student, the prompts of the games assigned to them);
 * - a file no record points at (just uploaded and not yet chosen in a form; a record in the trash
 *   still holds its file) is its uploader's and, in an account, its admin's (`accountFiles`), who
 *   manages the account's uploads.
 * Outside its scope a file answers 404, like one that does not exist.
 */
export type FileScope =
  | { kind: 'all' }
  | {
      kind: 'records';
      userId: string;
      /** The account whose unattached files the actor reads beside their own, or null (only their own). */
      accountFiles: string | null;
      /** A student: the files of the games assigned to them. */
      assigned: boolean;
    };

export function fileScope(a: Actor): FileScope {
  if (seesAllAccounts(a)) return { kind: 'all' };
  return {
    kind: 'records',
    userId: a.id,
    accountFiles: a.account_id && a.role === ROLES.ACCOUNT_ADMIN ? a.account_id : null,
    assigned: a.role === ROLES.STUDENT,
  };
}

export const filesPolicy = {
  mayUpload: (a: Actor | null | undefined): boolean => !!a && hasPermission(a, FILE_UPLOAD_RULE),
  /** A file in scope may be deleted by its uploader, its account's admin, or platform staff who run accounts. */
  mayDelete: (a: Actor, row: { created_by: string | null }): boolean =>
    hasPermission(a, FILE_UPLOAD_RULE) &&
    (row.created_by === a.id || a.role === ROLES.ACCOUNT_ADMIN || seesAllAccounts(a)),
  scope: fileScope,
};
