import { hasAnyPermission, type Permission } from '../permissions';
import { ROLES, type Role } from '../roles';

/**
 * The policy engine (decision 009): one policy per entity answers "may this actor do this action
 * (to this row)?" and "which rows does the actor see?". The API's generic engine, its custom routes
 * and the web (buttons, menu, route capability flags) all ask these same pure functions.
 */

/** Actions on a collection (no row) and on one row. */
export const COLLECTION_ACTIONS = ['list', 'create', 'export'] as const;
export const ROW_ACTIONS = ['read', 'update', 'delete', 'restore'] as const;
export type CollectionAction = (typeof COLLECTION_ACTIONS)[number];
export type RowAction = (typeof ROW_ACTIONS)[number];
export type Action = CollectionAction | RowAction;
/**
 * A declared action of the resource (`ResourceDef.actions`, decision 010), e.g. 'send-password-link'
 * or a game's 'complete': a row action the entity's policy rules on like the generic ones.
 */
export type CustomAction = string & {};
/** Any action a policy answers for: the generic ones and the resource's declared ones. */
export type AnyAction = Action | CustomAction;

/** Whoever asks: a signed-in user (the API's principal and the web's stored user both fit). */
export type Actor = {
  id: string;
  role: Role | string;
  account_id: string | null;
  permissions?: readonly string[] | null;
};

/** The part of a row a policy looks at. */
export type PolicyRow = {
  id: string;
  deleted_at?: unknown;
  role?: unknown;
  account_id?: unknown;
  [field: string]: unknown;
};

/**
 * Which tenant rows an actor sees (docs/product.md §2), as data: the API turns it into SQL
 * (`modules/tenancy/scopes.ts`), the web needs none of it.
 * - `shared`: reference data, no tenancy; `all`: every account; `none`: nothing;
 * - `account`: the rows of one account; `caseload`: the actor's workspaces (and students) in it;
 * - `self`: the actor's own rows (a student: themself and their workspaces);
 * - `library`: content of the platform's library only (rows without an account);
 * - `content`: the library, the account's shared rows and the actor's own private ones (games).
 */
export type Scope =
  | { kind: 'shared' }
  | { kind: 'library' }
  | { kind: 'content'; accountId: string; userId: string }
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'account'; accountId: string }
  | { kind: 'caseload'; accountId: string; userId: string }
  | { kind: 'self'; accountId: string; userId: string };

/**
 * A permission rule: any of the names (pipe semantics of `hasPermission`), or `signedIn`: every signed-in user.
 * An empty list is nobody, FULL included: an action no one takes on that resource (a read-only list's writes).
 */
export type Rule = readonly Permission[] | 'signedIn';

export type Policy = {
  /** The resource (registry key) it governs. */
  resource: string;
  /** The rule of each action without looking at a row (route guards, menu entries, create/export buttons). */
  rules: Readonly<Record<Action, Rule>>;
  /** The declared actions it rules on (`ResourceDef.actions` of the same resource), in declaration order. */
  actions: readonly string[];
  scope(actor: Actor): Scope;
  /**
   * True when the actor may do `action` (to `row`, when given: its state and the row's own rules count).
   * A declared action is taken on live rows only; an action the policy does not know is refused.
   */
  can(actor: Actor | null | undefined, action: AnyAction, row?: PolicyRow): boolean;
  /**
   * Why a declared action is refused on `row`, for the API's answer: `forbidden` (the permission or
   * the row's rules: 403) or `state` (the row is not in a state the action applies to: 409).
   */
  refusal(actor: Actor | null | undefined, action: CustomAction, row: PolicyRow): 'forbidden' | 'state' | null;
  /** Fields the actor may list but not read (answered as null; never sorted or filtered on). */
  hiddenFields(actor: Actor): readonly string[];
  /** Every field the policy may hide from someone: a row's contract lets these be null even when required. */
  hideable: readonly string[];
  /** True when a row's actions depend on nothing but the actor and whether the row is in the trash (no row rules, no
   * declared actions). */
  rowFree?: boolean;
};

/** A rule as the shared pipe syntax ('A|B'), for screens that still carry a permission string. */
export const ruleExpression = (rule: Rule): string | undefined => (rule === 'signedIn' ? undefined : rule.join('|'));

export const passes = (actor: Actor | null | undefined, rule: Rule): boolean =>
  !!actor && (rule === 'signedIn' || (rule.length > 0 && hasAnyPermission(actor, rule)));

/** SUPERADMIN, ADMIN and SUPPORT run every account; EDITOR and VIEWER see shared content only. */
const ALL_ACCOUNTS_ROLES: readonly string[] = [ROLES.SUPERADMIN, ROLES.ADMIN, ROLES.SUPPORT];
export const seesAllAccounts = (a: Actor): boolean => a.account_id === null && ALL_ACCOUNTS_ROLES.includes(a.role);
/** Therapists and supervisors see only the students of workspaces they belong to or supervise. */
export const isCaseloadRole = (a: Actor): boolean => a.role === ROLES.THERAPIST || a.role === ROLES.SUPERVISOR;

/** The rows of an account-owned table: platform staff all, members their account, others nothing. */
export function accountScope(a: Actor): Scope {
  if (seesAllAccounts(a)) return { kind: 'all' };
  if (!a.account_id) return { kind: 'none' };
  return { kind: 'account', accountId: a.account_id };
}

/** Workspaces and their students: the account for its admin, the caseload for therapists, a student themself. */
export function caseloadScope(a: Actor): Scope {
  if (seesAllAccounts(a)) return { kind: 'all' };
  if (!a.account_id) return { kind: 'none' };
  if (a.role === ROLES.ACCOUNT_ADMIN) return { kind: 'account', accountId: a.account_id };
  if (a.role === ROLES.STUDENT) return { kind: 'self', accountId: a.account_id, userId: a.id };
  if (isCaseloadRole(a)) return { kind: 'caseload', accountId: a.account_id, userId: a.id };
  return { kind: 'none' };
}

const isDeleted = (row: PolicyRow): boolean => row.deleted_at !== null && row.deleted_at !== undefined;

/**
 * The rule of a declared action (decision 010): the permission, then (on a row) who may take it on
 * that row (refused: 403), then whether the row's state lets it apply (refused: 409), e.g. a game is
 * completed only while `game_status === 'WORK_IN_PROGRESS'`.
 */
export type ActionRule = {
  rule: Rule;
  row?: (actor: Actor, row: PolicyRow) => boolean;
  when?: (row: PolicyRow) => boolean;
};

export type PolicySpec = {
  resource: string;
  rules: Readonly<Record<Action, Rule>>;
  /** The rules of the resource's declared actions, by action name. */
  actions?: Readonly<Record<string, ActionRule>>;
  scope: (actor: Actor) => Scope;
  /** Rules of one row beyond the permission (nobody deletes themself…). */
  row?: (actor: Actor, action: RowAction, row: PolicyRow) => boolean;
  /** Fields listed to everyone the list rule lets in, but read only by those `readers` passes (the others get null). */
  hidden?: { fields: readonly string[]; readers: (actor: Actor) => boolean };
};

/**
 * A policy from its rules: the action's permission rule, then for a row its state (a row in the
 * trash is only read or restored; a live one read, changed or deleted) and the entity's row rules.
 */
export function definePolicy(spec: PolicySpec): Policy {
  // Stryker disable next-line LogicalOperator: with `&&` every policy without declared actions throws while its module loads, so every test file fails to load; Stryker's Vitest runner counts that as no failed test
  const custom = spec.actions ?? {};
  const refusal = (actor: Actor | null | undefined, action: string, row: PolicyRow): 'forbidden' | 'state' | null => {
    const own = Object.hasOwn(custom, action) ? custom[action] : undefined;
    if (!actor || !own || !passes(actor, own.rule) || isDeleted(row)) return 'forbidden';
    if (own.row && !own.row(actor, row)) return 'forbidden';
    if (own.when && !own.when(row)) return 'state';
    return null;
  };
  return {
    resource: spec.resource,
    rules: spec.rules,
    actions: Object.keys(custom),
    scope: spec.scope,
    hiddenFields: (actor) => (spec.hidden && !spec.hidden.readers(actor) ? spec.hidden.fields : []),
    hideable: spec.hidden?.fields ?? [],
    rowFree: !spec.row && Object.keys(custom).length === 0,
    refusal,
    can(actor, action, row) {
      if (!Object.hasOwn(spec.rules, action)) {
        const own = Object.hasOwn(custom, action) ? custom[action] : undefined;
        if (!own) return false;
        return row ? refusal(actor, action, row) === null : passes(actor, own.rule);
      }
      if (!actor || !passes(actor, spec.rules[action as Action])) return false;
      if (!row) return true;
      if (action === 'restore' && !isDeleted(row)) return false;
      if ((action === 'update' || action === 'delete') && isDeleted(row)) return false;
      return (ROW_ACTIONS as readonly string[]).includes(action) && spec.row
        ? spec.row(actor, action as RowAction, row)
        : true;
    },
  };
}

/**
 * The row actions the actor may take on `row`, the generic ones then the declared ones: what list
 * and show answers carry as `_actions`.
 */
export function rowActions(
  policy: Policy,
  actor: Actor | null | undefined,
  row: PolicyRow,
): (RowAction | CustomAction)[] {
  const of = (r: PolicyRow) => [
    ...ROW_ACTIONS.filter((action) => policy.can(actor, action, r)),
    ...policy.actions.filter((action) => policy.can(actor, action, r)),
  ];
  // Stryker disable next-line ConditionalExpression: asking row by row gives the answers the cache below keeps
  if (!policy.rowFree || !actor) return of(row);
  // Every row of a page asks the same two questions: answered once per actor, policy and trash state.
  let known = rowFreeActions.get(actor);
  // Stryker disable next-line ConditionalExpression: a cache; a new one answers the same
  if (!known) rowFreeActions.set(actor, (known = new Map()));
  const key = `${policy.resource}|${isDeleted(row)}`;
  let actions = known.get(key);
  // Stryker disable next-line ConditionalExpression: a cache; asking again answers the same
  if (!actions) known.set(key, (actions = of(row)));
  return [...actions];
}
const rowFreeActions = new WeakMap<Actor, Map<string, (RowAction | CustomAction)[]>>();

/** The collection actions the actor may take (the create and export buttons, the menu entry). */
export function collectionActions(policy: Policy, actor: Actor | null | undefined): CollectionAction[] {
  return COLLECTION_ACTIONS.filter((action) => policy.can(actor, action));
}
