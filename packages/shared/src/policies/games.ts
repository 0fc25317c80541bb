import { PERMISSIONS as P } from '../permissions';
import { ROLES } from '../roles';
import { definePolicy, passes, seesAllAccounts, type Actor, type PolicyRow, type Scope } from './policy';

/**
 * Games and activities (docs/product.md §3–4).
 * - Who sees a game: platform staff who run accounts, all; the content team (EDITOR, VIEWER: no
 *   account), the library (games without an account); an account's members, the library, their
 *   account's shared games and their own private ones. A private game of someone else does not exist
 *   for them (404). Students play through the player, not here.
 * - Who changes one: the library, its authors (ADMIN_GAMES without an account: the content team and
 *   platform staff); an account's game, its owner or the account's admin. Only a work in progress
 *   changes (settings and activities); completing, versioning, sharing and collecting are actions.
 */
export function contentScope(a: Actor): Scope {
  if (seesAllAccounts(a)) return { kind: 'all' };
  if (!a.account_id) return a.role === ROLES.EDITOR || a.role === ROLES.VIEWER ? { kind: 'library' } : { kind: 'none' };
  if (a.role === ROLES.STUDENT) return { kind: 'none' };
  return { kind: 'content', accountId: a.account_id, userId: a.id };
}

/** Who reads games (and what is seen like them: the gallery, assignments, the builder): any of these. */
export const GAME_READERS = [P.ADMIN_GAMES, P.CREATE_GAMES, P.EDIT_GAMES, P.READ_GAMES] as const;
/** Who makes games (and gallery images): any of these. */
export const GAME_WRITERS = [P.ADMIN_GAMES, P.CREATE_GAMES, P.EDIT_GAMES] as const;
const READ = GAME_READERS;
const WRITE = GAME_WRITERS;
const isWip = (row: PolicyRow) => row.game_status === 'WORK_IN_PROGRESS';

/** Who may change a game (or its activities), whatever its state. */
export function mayAuthor(a: Actor, row: PolicyRow): boolean {
  if (row.account_id === null || row.account_id === undefined)
    return a.account_id === null && a.role !== ROLES.VIEWER && a.role !== ROLES.SUPPORT;
  if (seesAllAccounts(a)) return a.role !== ROLES.SUPPORT;
  return row.account_id === a.account_id && (row.created_by === a.id || a.role === ROLES.ACCOUNT_ADMIN);
}

export const gamesPolicy = definePolicy({
  resource: 'games',
  rules: {
    list: [...READ],
    read: [...READ],
    export: [P.ADMIN_GAMES, P.EDIT_GAMES],
    create: [P.ADMIN_GAMES, P.CREATE_GAMES],
    update: [...WRITE],
    delete: [P.ADMIN_GAMES, P.EDIT_GAMES],
    restore: [P.ADMIN_GAMES, P.EDIT_GAMES],
  },
  scope: contentScope,
  row: (a, action, row) => {
    if (action === 'read') return true;
    if (!mayAuthor(a, row)) return false;
    // A completed game is read-only: its history stays as it was played (a new version changes it).
    return action === 'update' ? isWip(row) : true;
  },
  actions: {
    /** Ready to assign: a work in progress with activities (none: 400, said by the action). */
    complete: { rule: [...WRITE], row: mayAuthor, when: isWip },
    /** A new work-in-progress version of a game that is no longer one; the earlier stays in the history. */
    versions: { rule: [...WRITE], row: mayAuthor, when: (row) => !isWip(row) },
    /** A copy of any game one sees, as one's own work in progress. */
    duplicate: { rule: [P.ADMIN_GAMES, P.CREATE_GAMES] },
    /** Shared with the account: the owner or the account's admin, an account game that is private. */
    share: {
      rule: [...WRITE],
      row: (a, row) => row.account_id !== null && row.account_id !== undefined && mayAuthor(a, row),
      when: (row) => row.is_private === true,
    },
    'make-private': {
      rule: [...WRITE],
      row: (a, row) => row.account_id !== null && row.account_id !== undefined && mayAuthor(a, row),
      when: (row) => row.is_private === false,
    },
    /** Into one's own games: a library game or a colleague's shared game (one's own: refused). */
    collect: {
      rule: [P.ADMIN_GAMES, P.CREATE_GAMES],
      row: (a, row) => a.account_id !== null && row.created_by !== a.id,
      when: (row) => row.game_status !== 'WORK_IN_PROGRESS',
    },
  },
});

/** An activity's game, as the activity carries it (`game_status`, `game_account_id`, `game_created_by`). */
const gameOf = (row: PolicyRow): PolicyRow => ({
  id: String(row.game_id),
  account_id: row.game_account_id ?? null,
  created_by: row.game_created_by,
  game_status: row.game_status,
});
const activityWritable = (a: Actor, row: PolicyRow): boolean => mayAuthor(a, gameOf(row)) && isWip(gameOf(row));

/**
 * Activities are read with their game (the API scopes them through it); one changes while its game
 * is a work in progress, by whoever may author the game.
 */
export const activitiesPolicy = definePolicy({
  resource: 'activities',
  rules: {
    list: [P.ADMIN_ACTIVITIES, P.CREATE_ACTIVITIES, P.EDIT_ACTIVITIES, P.READ_ACTIVITIES],
    read: [P.ADMIN_ACTIVITIES, P.CREATE_ACTIVITIES, P.EDIT_ACTIVITIES, P.READ_ACTIVITIES],
    export: [P.ADMIN_ACTIVITIES, P.EDIT_ACTIVITIES],
    create: [P.ADMIN_ACTIVITIES, P.CREATE_ACTIVITIES],
    update: [P.ADMIN_ACTIVITIES, P.EDIT_ACTIVITIES],
    delete: [P.ADMIN_ACTIVITIES, P.EDIT_ACTIVITIES],
    restore: [P.ADMIN_ACTIVITIES, P.EDIT_ACTIVITIES],
  },
  scope: contentScope,
  row: (a, action, row) => action === 'read' || activityWritable(a, row),
  actions: {
    duplicate: {
      rule: [P.ADMIN_ACTIVITIES, P.CREATE_ACTIVITIES],
      row: (a, row) => mayAuthor(a, gameOf(row)),
      when: (row) => isWip(gameOf(row)),
    },
  },
});

/**
 * The MLA loop's rules that are not a record's: who assigns and unassigns games (those
 * who make them; the students must be in their caseload, which the API checks), who evaluates played
 * sessions, and who previews a game in the player (a reader of games who may play or make them; not
 * a student, whose player is their assigned games; a preview records nothing).
 */
export const playActions = {
  assign: (a: Actor | null | undefined) => passes(a, [...WRITE]),
  evaluate: (a: Actor | null | undefined) => passes(a, [P.ADMIN_GAMES, P.EVALUATE_GAMES]),
  preview: (a: Actor | null | undefined) =>
    !!a &&
    a.role !== ROLES.STUDENT &&
    passes(a, [...READ]) &&
    passes(a, [P.PLAY_GAMES, P.PLAY_ACTIVITIES, P.ADMIN_GAMES, P.CREATE_GAMES, P.EDIT_GAMES]),
};
