import { hasPermission, PERMISSIONS as P, type Permission } from './permissions';

/** System roles (seed §6) plus SUPERVISOR, the organisation role that supervises workspaces. */
export const ROLES = {
  SUPERADMIN: 'SUPERADMIN',
  ADMIN: 'ADMIN',
  SUPPORT: 'SUPPORT',
  EDITOR: 'EDITOR',
  VIEWER: 'VIEWER',
  ACCOUNT_ADMIN: 'ACCOUNT_ADMIN',
  SUPERVISOR: 'SUPERVISOR',
  THERAPIST: 'THERAPIST',
  STUDENT: 'STUDENT',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = Object.values(ROLES) as [Role, ...Role[]];

/** Platform roles are not tied to an account (docs/product.md §2). */
export const PLATFORM_ROLES: readonly Role[] = [
  ROLES.SUPERADMIN,
  ROLES.ADMIN,
  ROLES.SUPPORT,
  ROLES.EDITOR,
  ROLES.VIEWER,
];
export const isPlatformRole = (role: Role): boolean => PLATFORM_ROLES.includes(role);

/** The adult roles inside an account. */
export const ACCOUNT_ADULT_ROLES: readonly Role[] = [ROLES.ACCOUNT_ADMIN, ROLES.SUPERVISOR, ROLES.THERAPIST];

/**
 * Roles a user may give to others (server rule; the web form offers the same): a SUPERADMIN any;
 * platform staff who administer accounts (ADMIN) any but SUPERADMIN; everyone else who manages
 * users (SUPPORT, account admins) only an account's adult roles, so nobody makes a user more
 * powerful than themself. Students are made on the Clients screen, not given as a role.
 */
export function grantableRoles(
  user: { role: string; account_id: string | null; permissions?: readonly string[] | null } | null,
): readonly Role[] {
  if (user?.role === ROLES.SUPERADMIN && hasPermission(user, P.FULL))
    return [...PLATFORM_ROLES, ...ACCOUNT_ADULT_ROLES];
  if (user && !user.account_id && hasPermission(user, P.ADMIN_ACCOUNTS))
    return [...PLATFORM_ROLES.filter((r) => r !== ROLES.SUPERADMIN), ...ACCOUNT_ADULT_ROLES];
  return ACCOUNT_ADULT_ROLES;
}

const THERAPIST_DEFAULTS: Permission[] = [
  P.CREATE_CLIENTS,
  P.EDIT_CLIENTS,
  P.READ_CLIENTS,
  P.CREATE_GAMES,
  P.EDIT_GAMES,
  P.READ_GAMES,
  P.PLAY_GAMES,
  P.EVALUATE_GAMES,
  P.CREATE_ACTIVITIES,
  P.EDIT_ACTIVITIES,
  P.READ_ACTIVITIES,
  P.PLAY_ACTIVITIES,
  P.CREATE_ASSESSMENTS,
  P.EDIT_ASSESSMENTS,
  P.READ_ASSESSMENTS,
  P.READ_ANALYTICS,
  P.READ_LEVELS,
  P.READ_CHAPTERS,
];

/**
 * Role → permission defaults of docs/product.md §3. Seeded into `role_permissions`;
 * the database copy is authoritative at run time (editable by a SUPERADMIN).
 */
export const ROLE_DEFAULT_PERMISSIONS: Record<Role, readonly Permission[]> = {
  SUPERADMIN: [P.FULL],
  ADMIN: [
    P.ADMIN_USERS,
    P.ADMIN_WORKSPACES,
    P.ADMIN_ACCOUNTS,
    P.ADMIN_CATALOGS,
    P.ADMIN_CATALOGS_CATEGORIES,
    P.ADMIN_CATALOGS_TYPES,
    P.ADMIN_CATALOGS_FORMULATIONS,
    P.ADMIN_CATALOGS_VOCABULARY,
    P.ADMIN_CATALOGS_VERBS,
    P.ADMIN_LEVELS,
    P.ADMIN_CHAPTERS,
    P.ADMIN_GAMES,
    P.ADMIN_ACTIVITIES,
    P.ADMIN_ANALYTICS,
    P.ADMIN_ASSESSMENTS,
    P.ADMIN_CLIENTS,
    P.ADMIN_ENTITIES,
    P.REVEAL_SSN,
  ],
  SUPPORT: [
    P.READ_LEVELS,
    P.READ_CHAPTERS,
    P.READ_GAMES,
    P.READ_ACTIVITIES,
    P.READ_ANALYTICS,
    P.READ_ASSESSMENTS,
    P.READ_CLIENTS,
    P.READ_ENTITIES,
    P.ADMIN_USERS,
  ],
  EDITOR: [
    P.ADMIN_CATALOGS,
    P.ADMIN_CATALOGS_CATEGORIES,
    P.ADMIN_CATALOGS_TYPES,
    P.ADMIN_CATALOGS_FORMULATIONS,
    P.ADMIN_CATALOGS_VOCABULARY,
    P.ADMIN_CATALOGS_VERBS,
    P.CREATE_LEVELS,
    P.EDIT_LEVELS,
    P.READ_LEVELS,
    P.ADMIN_CHAPTERS,
    P.ADMIN_GAMES,
    P.ADMIN_ACTIVITIES,
    P.READ_ANALYTICS,
  ],
  VIEWER: [P.READ_LEVELS, P.READ_CHAPTERS, P.READ_GAMES, P.READ_ACTIVITIES, P.PLAY_GAMES, P.READ_ANALYTICS],
  ACCOUNT_ADMIN: [
    P.ADMIN_USERS,
    P.ADMIN_WORKSPACES,
    P.ADMIN_CLIENTS,
    P.ADMIN_ENTITIES,
    P.CREATE_GAMES,
    P.EDIT_GAMES,
    P.READ_GAMES,
    P.PLAY_GAMES,
    P.EVALUATE_GAMES,
    P.CREATE_ACTIVITIES,
    P.EDIT_ACTIVITIES,
    P.READ_ACTIVITIES,
    P.PLAY_ACTIVITIES,
    P.ADMIN_ASSESSMENTS,
    P.READ_ANALYTICS,
    P.READ_LEVELS,
    P.READ_CHAPTERS,
    P.REVEAL_SSN,
  ],
  // A supervisor works like a therapist and also administers the assessments it reviews.
  SUPERVISOR: [...THERAPIST_DEFAULTS, P.ADMIN_ASSESSMENTS],
  THERAPIST: THERAPIST_DEFAULTS,
  STUDENT: [P.PLAY_GAMES, P.PLAY_ACTIVITIES],
};
