/**
 * Permission names shared by server and client (seed §6, docs/product.md §3).
 * The same `hasPermission` runs in the API guard and in the web route guard / menu.
 */
export const PERMISSIONS = {
  FULL: 'PERMISSION_FULL',
  ADMIN_USERS: 'PERMISSION_ADMIN_USERS',
  ADMIN_WORKSPACES: 'PERMISSION_ADMIN_WORKSPACES',
  ADMIN_ACCOUNTS: 'PERMISSION_ADMIN_ACCOUNTS',
  ADMIN_CATALOGS: 'PERMISSION_ADMIN_CATALOGS',
  ADMIN_CATALOGS_CATEGORIES: 'PERMISSION_ADMIN_CATALOGS_CATEGORIES',
  ADMIN_CATALOGS_TYPES: 'PERMISSION_ADMIN_CATALOGS_TYPES',
  ADMIN_CATALOGS_FORMULATIONS: 'PERMISSION_ADMIN_CATALOGS_FORMULATIONS',
  ADMIN_CATALOGS_VOCABULARY: 'PERMISSION_ADMIN_CATALOGS_VOCABULARY',
  ADMIN_CATALOGS_VERBS: 'PERMISSION_ADMIN_CATALOGS_VERBS',
  ADMIN_LEVELS: 'PERMISSION_ADMIN_LEVELS',
  CREATE_LEVELS: 'PERMISSION_CREATE_LEVELS',
  EDIT_LEVELS: 'PERMISSION_EDIT_LEVELS',
  READ_LEVELS: 'PERMISSION_READ_LEVELS',
  ADMIN_CHAPTERS: 'PERMISSION_ADMIN_CHAPTERS',
  CREATE_CHAPTERS: 'PERMISSION_CREATE_CHAPTERS',
  EDIT_CHAPTERS: 'PERMISSION_EDIT_CHAPTERS',
  READ_CHAPTERS: 'PERMISSION_READ_CHAPTERS',
  ADMIN_GAMES: 'PERMISSION_ADMIN_GAMES',
  CREATE_GAMES: 'PERMISSION_CREATE_GAMES',
  EDIT_GAMES: 'PERMISSION_EDIT_GAMES',
  READ_GAMES: 'PERMISSION_READ_GAMES',
  PLAY_GAMES: 'PERMISSION_PLAY_GAMES',
  EVALUATE_GAMES: 'PERMISSION_EVALUATE_GAMES',
  ADMIN_ACTIVITIES: 'PERMISSION_ADMIN_ACTIVITIES',
  CREATE_ACTIVITIES: 'PERMISSION_CREATE_ACTIVITIES',
  EDIT_ACTIVITIES: 'PERMISSION_EDIT_ACTIVITIES',
  READ_ACTIVITIES: 'PERMISSION_READ_ACTIVITIES',
  PLAY_ACTIVITIES: 'PERMISSION_PLAY_ACTIVITIES',
  ADMIN_ANALYTICS: 'PERMISSION_ADMIN_ANALYTICS',
  READ_ANALYTICS: 'PERMISSION_READ_ANALYTICS',
  ADMIN_ASSESSMENTS: 'PERMISSION_ADMIN_ASSESSMENTS',
  CREATE_ASSESSMENTS: 'PERMISSION_CREATE_ASSESSMENTS',
  EDIT_ASSESSMENTS: 'PERMISSION_EDIT_ASSESSMENTS',
  READ_ASSESSMENTS: 'PERMISSION_READ_ASSESSMENTS',
  ADMIN_CLIENTS: 'PERMISSION_ADMIN_CLIENTS',
  CREATE_CLIENTS: 'PERMISSION_CREATE_CLIENTS',
  EDIT_CLIENTS: 'PERMISSION_EDIT_CLIENTS',
  READ_CLIENTS: 'PERMISSION_READ_CLIENTS',
  ADMIN_ENTITIES: 'PERMISSION_ADMIN_ENTITIES',
  CREATE_ENTITIES: 'PERMISSION_CREATE_ENTITIES',
  EDIT_ENTITIES: 'PERMISSION_EDIT_ENTITIES',
  READ_ENTITIES: 'PERMISSION_READ_ENTITIES',
  /** Show a person's full SSN (it is masked otherwise); every use is audited. Ours, not in the seed. */
  REVEAL_SSN: 'PERMISSION_REVEAL_SSN',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** Per-screen capability flags (seed §6): computed per screen, not stored on users. */
export const CAPABILITIES = {
  CAN_DELETE: 'CAN_DELETE',
  CAN_CREATE: 'CAN_CREATE',
  CAN_EDIT: 'CAN_EDIT',
  CAN_SHOW: 'CAN_SHOW',
  CAN_LIST: 'CAN_LIST',
  /** Download the list as CSV (the resource's `exportPermission`). Ours, not in the seed. */
  CAN_EXPORT: 'CAN_EXPORT',
} as const;
export type Capability = (typeof CAPABILITIES)[keyof typeof CAPABILITIES];

/** Anything that may carry a permission list: a stored user, an API principal, or nothing. */
export type PermissionHolder = { permissions?: readonly string[] | null } | null | undefined;

/**
 * True when the holder has at least one of the permissions named in `required`
 * (one name, or several joined by `|`). PERMISSION_FULL passes every check.
 * No holder, no permission list, or an empty requirement fails.
 */
export function hasPermission(holder: PermissionHolder, required: string): boolean {
  const list = holder?.permissions;
  // An empty list includes nothing, so it fails below too.
  if (!list) return false;
  if (list.includes(PERMISSIONS.FULL)) return true;
  return alternativesOf(required).some((name) => list.includes(name));
}

/** True when the holder has at least one of `names` (or PERMISSION_FULL); an empty list fails. */
export function hasAnyPermission(holder: PermissionHolder, names: readonly string[]): boolean {
  const list = holder?.permissions;
  // An empty list includes nothing, so it fails below too.
  if (!list) return false;
  if (list.includes(PERMISSIONS.FULL)) return true;
  return names.some((name) => list.includes(name));
}

/** `A|B` → ['A', 'B'], split once per distinct text: every row of every list asks this. */
const alternatives = new Map<string, readonly string[]>();
function alternativesOf(required: string): readonly string[] {
  let wanted = alternatives.get(required);
  // Stryker disable next-line ConditionalExpression: a cache; splitting again gives the same names
  if (!wanted) {
    wanted = required
      .split('|')
      .map((name) => name.trim())
      .filter((name) => name.length > 0);
    // The texts come from the code's own rules, a few dozen in all; the bound only guards a caller that builds them.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's bound changes how much is kept, never an answer
    if (alternatives.size < 1000) alternatives.set(required, wanted);
  }
  return wanted;
}
