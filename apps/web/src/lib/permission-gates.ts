import { PERMISSIONS as P } from '@habla/shared/permissions';
import { AUDIT_LOG_READ_RULE } from '@habla/shared/policies/audit-log';
import {
  accountsPolicy,
  billingsPolicy,
  GAME_READERS,
  GAME_WRITERS,
  organizationsPolicy,
  ruleExpression,
  type Action,
  type Policy,
} from '@habla/shared/policies/index';

/**
 * Permission expressions (shared pipe syntax: any of them) used by the menu and by the routes the
 * menu adds beyond seed §6. Kept apart from the menu config so the router does not pull in icons.
 */
const any = (...names: string[]): string => names.join('|');

/**
 * The menu gate of a resource screen: the rule of `action` in the resource's policy (decision 009),
 * so the menu shows an entry exactly to those the API answers. `undefined`: every signed-in user.
 */
export const policyGate = (policy: Policy, action: Action): string | undefined => ruleExpression(policy.rules[action]);

export const PERMISSION_GATES = {
  analytics: any(P.READ_ANALYTICS, P.ADMIN_ANALYTICS),
  player: any(P.PLAY_GAMES, P.PLAY_ACTIVITIES, P.ADMIN_GAMES, P.READ_GAMES),
  clients: any(P.ADMIN_CLIENTS, P.CREATE_CLIENTS, P.EDIT_CLIENTS, P.READ_CLIENTS),
  students: any(P.ADMIN_CLIENTS, P.CREATE_CLIENTS, P.EDIT_CLIENTS, P.READ_CLIENTS, P.ADMIN_USERS),
  levels: any(P.ADMIN_LEVELS, P.CREATE_LEVELS, P.EDIT_LEVELS, P.READ_LEVELS),
  chapters: any(P.ADMIN_CHAPTERS, P.CREATE_CHAPTERS, P.EDIT_CHAPTERS, P.READ_CHAPTERS),
  games: any(...GAME_READERS),
  activities: any(P.ADMIN_ACTIVITIES, P.CREATE_ACTIVITIES, P.EDIT_ACTIVITIES, P.READ_ACTIVITIES),
  gallery: any(...GAME_WRITERS),
  evaluation: any(P.ADMIN_GAMES, P.EVALUATE_GAMES),
  catalogs: any(
    P.ADMIN_CATALOGS,
    P.ADMIN_CATALOGS_CATEGORIES,
    P.ADMIN_CATALOGS_TYPES,
    P.ADMIN_CATALOGS_FORMULATIONS,
    P.ADMIN_CATALOGS_VOCABULARY,
    P.ADMIN_CATALOGS_VERBS,
    P.ADMIN_LEVELS,
    P.CREATE_LEVELS,
    P.EDIT_LEVELS,
    P.READ_LEVELS,
  ),
  localVocabulary: any(P.ADMIN_CLIENTS, P.CREATE_CLIENTS, P.ADMIN_CATALOGS_VOCABULARY),
  assessments: any(P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS, P.READ_ASSESSMENTS),
  /** Seed §6 route gating. */
  adminUsers: P.ADMIN_USERS,
  adminWorkspaces: P.ADMIN_WORKSPACES,
  /** Accounts: the list is open (seed §6), the menu entry is for those who may open an account. */
  accounts: policyGate(accountsPolicy, 'read'),
  organizations: policyGate(organizationsPolicy, 'list'),
  billings: policyGate(billingsPolicy, 'list'),
  platformOwner: P.FULL,
  auditLog: AUDIT_LOG_READ_RULE,
} as const;
