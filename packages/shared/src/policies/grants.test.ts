import { describe, expect, it } from 'vitest';
import { hasAnyPermission, hasPermission, PERMISSIONS as P } from '../permissions';
import { PLATFORM_ROLES, ROLE_DEFAULT_PERMISSIONS, ROLES, type Role } from '../roles';
import {
  AUDIT_LOG_READ_RULE,
  clientActions,
  collectionActions,
  gamesPolicy,
  mayAuthor,
  playActions,
  plansPolicy,
  POLICIES,
  policyOf,
  recordingsPolicy,
  registerPolicy,
  rolePermissionsPolicy,
  rowActions,
  ruleExpression,
  SINGLETON_POLICIES,
  userActions,
  usersPolicy,
  workspaceActions,
  caseloadScope,
  contentScope,
  definePolicy,
  type Actor,
  type Policy,
} from './index';

/**
 * Who may do what, written out: per resource and role (with the role's default permissions of
 * docs/product.md §3; platform roles without an account, the others in one), the scope the role
 * reads in (§2) and the actions it may take on the collection. Letters: L list, R read, X export,
 * C create, U update, D delete, T restore (from the trash); then the resource's declared actions.
 * Written from the product's rules and checked against them line by line: a change to who may do
 * what must change this table on purpose, and a rule lost in the code fails here.
 */
const ABBREVIATION: Record<Role, string> = {
  SUPERADMIN: 'SA',
  ADMIN: 'AD',
  SUPPORT: 'SU',
  EDITOR: 'ED',
  VIEWER: 'VI',
  ACCOUNT_ADMIN: 'AA',
  SUPERVISOR: 'SV',
  THERAPIST: 'TH',
  STUDENT: 'ST',
};
type Row = Record<'SA' | 'AD' | 'SU' | 'ED' | 'VI' | 'AA' | 'SV' | 'TH' | 'ST', string>;

// The reference catalogs: everyone reads them; the catalogs' administrators (the content team and
// platform admins) change them.
const CATALOG: Row = {
  SA: 'shared LRXCUDT',
  AD: 'shared LRXCUDT',
  SU: 'shared LR',
  ED: 'shared LRXCUDT',
  VI: 'shared LR',
  AA: 'shared LR',
  SV: 'shared LR',
  TH: 'shared LR',
  ST: 'shared LR',
};
const GAMES_ACTIONS = ' complete versions duplicate share make-private collect';
const AUTHOR = `LRXCUDT${GAMES_ACTIONS}`;

const GRANTS: Record<string, Row> = {
  dictionary: CATALOG,
  verbs: CATALOG,
  'topic-types': CATALOG,
  topics: CATALOG,
  'grammatical-categories': CATALOG,
  'grammatical-types': CATALOG,
  'grammatical-items': CATALOG,
  'verb-tenses': CATALOG,
  formulations: CATALOG,
  vocabulary: CATALOG,
  skills: CATALOG,
  targets: CATALOG,
  // Accounts: platform staff all (support reads); a member lists their own account, its admin reads it.
  accounts: {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LRX',
    ED: 'none L',
    VI: 'none L',
    AA: 'account LRX',
    SV: 'account L',
    TH: 'account L',
    ST: 'account L',
  },
  // Plans: every signed-in user reads them (the sign-up and billing screens); only FULL changes them.
  plans: {
    SA: 'shared LRXCUDT',
    AD: 'shared LRX',
    SU: 'shared LRX',
    ED: 'shared LRX',
    VI: 'shared LRX',
    AA: 'shared LRX',
    SV: 'shared LRX',
    TH: 'shared LRX',
    ST: 'shared LRX',
  },
  organizations: {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LRX',
    ED: 'none ',
    VI: 'none ',
    AA: 'account LRXCUDT',
    SV: 'account ',
    TH: 'account ',
    ST: 'account ',
  },
  billings: {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LRX',
    ED: 'none ',
    VI: 'none ',
    AA: 'account LRX',
    SV: 'account ',
    TH: 'account ',
    ST: 'account ',
  },
  users: {
    SA: 'all LRXCUDT send-password-link',
    AD: 'all LRXCUDT send-password-link',
    SU: 'all LRXCUDT send-password-link',
    ED: 'none ',
    VI: 'none ',
    AA: 'account LRXCUDT send-password-link',
    SV: 'account ',
    TH: 'account ',
    ST: 'account ',
  },
  // Students: the account's admin all of them, therapists and supervisors their caseload (they add
  // and edit, never remove), a student themself.
  clients: {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LRX',
    ED: 'none LRX',
    VI: 'none LRX',
    AA: 'account LRXCUDT',
    SV: 'caseload LRXCU',
    TH: 'caseload LRXCU',
    ST: 'self LRX',
  },
  workspaces: {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LRX',
    ED: 'none LRX',
    VI: 'none LRX',
    AA: 'account LRXCUDT',
    SV: 'caseload LRX',
    TH: 'caseload LRX',
    ST: 'self LRX',
  },
  // Levels: the editor creates and edits but does not remove; chapters: the editor administers them.
  levels: {
    SA: 'shared LRXCUDT',
    AD: 'shared LRXCUDT',
    SU: 'shared LR',
    ED: 'shared LRXCU',
    VI: 'shared LR',
    AA: 'shared LR',
    SV: 'shared LR',
    TH: 'shared LR',
    ST: 'shared ',
  },
  chapters: {
    SA: 'shared LRXCUDT',
    AD: 'shared LRXCUDT',
    SU: 'shared LR',
    ED: 'shared LRXCUDT',
    VI: 'shared LR',
    AA: 'shared LR',
    SV: 'shared LR',
    TH: 'shared LR',
    ST: 'shared ',
  },
  // Content: a student plays through the player, never here.
  games: {
    SA: `all ${AUTHOR}`,
    AD: `all ${AUTHOR}`,
    SU: 'all LR',
    ED: `library ${AUTHOR}`,
    VI: 'library LR',
    AA: `content ${AUTHOR}`,
    SV: `content ${AUTHOR}`,
    TH: `content ${AUTHOR}`,
    ST: 'none ',
  },
  activities: {
    SA: 'all LRXCUDT duplicate',
    AD: 'all LRXCUDT duplicate',
    SU: 'all LR',
    ED: 'library LRXCUDT duplicate',
    VI: 'library LR',
    AA: 'content LRXCUDT duplicate',
    SV: 'content LRXCUDT duplicate',
    TH: 'content LRXCUDT duplicate',
    ST: 'none ',
  },
  images: {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LR',
    ED: 'library LRXCUDT',
    VI: 'library LR',
    AA: 'content LRXCUDT',
    SV: 'content LRXCUDT',
    TH: 'content LRXCUDT',
    ST: 'none ',
  },
  'image-folders': {
    SA: 'all LRXCUDT',
    AD: 'all LRXCUDT',
    SU: 'all LR',
    ED: 'library LRXCUDT',
    VI: 'library LR',
    AA: 'content LRXCUDT',
    SV: 'content LRXCUDT',
    TH: 'content LRXCUDT',
    ST: 'none ',
  },
  // Recordings and assessments: the students' scope; a student never sees them, their own included.
  recordings: {
    SA: 'all LRXCUDT retry complete',
    AD: 'all LRXCUDT retry complete',
    SU: 'all LRX',
    ED: 'none ',
    VI: 'none ',
    AA: 'account LRXCUDT retry complete',
    SV: 'caseload LRXCUDT retry complete',
    TH: 'caseload LRXCUDT retry complete',
    ST: 'none ',
  },
  assessments: {
    SA: 'all LRXCUDT complete reopen',
    AD: 'all LRXCUDT complete reopen',
    SU: 'all LRX',
    ED: 'none ',
    VI: 'none ',
    AA: 'account LRXCUDT complete reopen',
    SV: 'caseload LRXCUDT complete reopen',
    TH: 'caseload LRXCUDT complete reopen',
    ST: 'none ',
  },
  // The MLA loop's lists, read only (decision 025): the students' scope; nobody writes them here, FULL
  // included. The content team reads games but has no students; evaluating takes the evaluate permission.
  assignments: {
    SA: 'all LRX',
    AD: 'all LRX',
    SU: 'all LRX',
    ED: 'none LRX',
    VI: 'none LRX',
    AA: 'account LRX',
    SV: 'caseload LRX',
    TH: 'caseload LRX',
    ST: 'self ',
  },
  'game-sessions': {
    SA: 'all LRX',
    AD: 'all LRX',
    SU: 'all ',
    ED: 'none LRX',
    VI: 'none ',
    AA: 'account LRX',
    SV: 'caseload LRX',
    TH: 'caseload LRX',
    ST: 'self ',
  },
};

/** The rules that are not a resource's: the roles that pass each, by their abbreviations. */
const OTHER_RULES: Record<string, string> = {
  'app-configuration read': 'SA AD SU ED VI AA SV TH ST',
  'app-configuration update': 'SA',
  'audit log': 'SA AD SU AA',
  'role permissions read': 'SA AD AA',
  'role permissions edit': 'SA',
  'games assign': 'SA AD ED AA SV TH',
  'games evaluate': 'SA AD ED AA SV TH',
  'games preview': 'SA AD ED VI AA SV TH',
  'clients reveal SSN': 'SA AD AA',
  'users reset password': 'SA AD SU AA',
  'users read permissions': 'SA AD SU AA',
  'users reveal SSN': 'SA AD AA',
  'workspaces manage members': 'SA AD AA',
  'workspaces read members': 'SA AD SU ED VI AA SV TH ST',
};

const ROLE_LIST = Object.values(ROLES) as Role[];
const actor = (role: Role, over: Partial<Actor> = {}): Actor => ({
  id: `${role}-id`,
  role,
  account_id: PLATFORM_ROLES.includes(role) ? null : 'account-1',
  permissions: [...ROLE_DEFAULT_PERMISSIONS[role]],
  ...over,
});
const LETTERS: Record<string, string> = {
  list: 'L',
  read: 'R',
  export: 'X',
  create: 'C',
  update: 'U',
  delete: 'D',
  restore: 'T',
};

/** What the policy answers for a role, in the table's notation. */
function granted(policy: Policy, role: Role): string {
  const a = actor(role);
  const generic = Object.keys(LETTERS).filter((action) => policy.can(a, action as never));
  const declared = policy.actions.filter((action) => policy.can(a, action));
  return `${policy.scope(a).kind} ${generic.map((x) => LETTERS[x]).join('')}${declared.map((x) => ` ${x}`).join('')}`;
}

const OTHER_CHECKS: Record<string, (a: Actor) => boolean> = {
  'app-configuration read': (a) => SINGLETON_POLICIES['app-configuration'].can(a, 'read'),
  'app-configuration update': (a) => SINGLETON_POLICIES['app-configuration'].can(a, 'update'),
  'audit log': (a) => hasPermission(a, AUDIT_LOG_READ_RULE),
  'role permissions read': rolePermissionsPolicy.read,
  'role permissions edit': rolePermissionsPolicy.edit,
  'games assign': playActions.assign,
  'games evaluate': playActions.evaluate,
  'games preview': playActions.preview,
  'clients reveal SSN': clientActions.revealSsn,
  'users reset password': userActions.resetPassword,
  'users read permissions': userActions.readPermissions,
  'users reveal SSN': userActions.revealSsn,
  'workspaces manage members': workspaceActions.manageMembers,
  'workspaces read members': workspaceActions.readMembers,
};

describe('who may do what, per role', () => {
  it('covers every resource of the registry, each policy named after its resource', () => {
    expect(Object.keys(GRANTS).sort()).toEqual(Object.keys(POLICIES).sort());
    for (const name of Object.keys(POLICIES)) expect(policyOf(name).resource).toBe(name);
    expect(SINGLETON_POLICIES['app-configuration'].resource).toBe('app-configuration');
  });

  for (const [resource, row] of Object.entries(GRANTS)) {
    it(`${resource}: the scope and the actions of each role`, () => {
      const answered = Object.fromEntries(
        ROLE_LIST.map((role) => [ABBREVIATION[role], granted(policyOf(resource), role)]),
      );
      expect(answered).toEqual(row);
    });
  }

  it('the rules that are not a resource’s: app configuration, audit log, role permissions, assigning, evaluating, previewing, SSNs, password links, members', () => {
    const answered = Object.fromEntries(
      Object.entries(OTHER_CHECKS).map(([name, check]) => [
        name,
        ROLE_LIST.filter((role) => check(actor(role)))
          .map((role) => ABBREVIATION[role])
          .join(' '),
      ]),
    );
    expect(answered).toEqual(OTHER_RULES);
    // Nobody signed in passes any of them.
    for (const check of Object.values(OTHER_CHECKS)) expect(check(null as unknown as Actor)).toBe(false);
  });

  it('a role given one permission of a rule passes it; a student given a games permission still never previews', () => {
    // Each permission of the games' reading rule opens the list alone.
    for (const p of [P.ADMIN_GAMES, P.CREATE_GAMES, P.EDIT_GAMES, P.READ_GAMES])
      expect(gamesPolicy.can(actor(ROLES.THERAPIST, { permissions: [p] }), 'list')).toBe(true);
    expect(gamesPolicy.can(actor(ROLES.THERAPIST, { permissions: [P.PLAY_GAMES] }), 'list')).toBe(false);
    // Previewing needs both: reading games, and playing or making them.
    expect(playActions.preview(actor(ROLES.THERAPIST, { permissions: [P.READ_GAMES] }))).toBe(false);
    expect(playActions.preview(actor(ROLES.THERAPIST, { permissions: [P.PLAY_GAMES] }))).toBe(false);
    expect(playActions.preview(actor(ROLES.THERAPIST, { permissions: [P.READ_GAMES, P.PLAY_ACTIVITIES] }))).toBe(true);
    expect(playActions.preview(actor(ROLES.STUDENT, { permissions: [P.READ_GAMES, P.PLAY_GAMES] }))).toBe(false);
  });
});

describe('the rows of games, recordings and users', () => {
  const library = {
    id: 'g1',
    account_id: null,
    created_by: 'EDITOR-id',
    game_status: 'WORK_IN_PROGRESS',
    is_private: false,
    deleted_at: null,
  };

  it('a library game: written by the content team without an account, never by a viewer or support given the permission; its row may carry no account at all', () => {
    expect(mayAuthor(actor(ROLES.EDITOR), library)).toBe(true);
    expect(mayAuthor(actor(ROLES.EDITOR), { ...library, account_id: undefined })).toBe(true);
    expect(mayAuthor(actor(ROLES.VIEWER, { permissions: [P.EDIT_GAMES] }), library)).toBe(false);
    expect(gamesPolicy.can(actor(ROLES.VIEWER, { permissions: [P.EDIT_GAMES] }), 'update', library)).toBe(false);
    expect(gamesPolicy.can(actor(ROLES.SUPPORT, { permissions: [P.EDIT_GAMES] }), 'update', library)).toBe(false);
    // Support sees every account's games but changes none, even with the permission.
    const accountGame = { ...library, account_id: 'account-2', created_by: 'someone' };
    expect(gamesPolicy.can(actor(ROLES.SUPPORT, { permissions: [P.EDIT_GAMES] }), 'update', accountGame)).toBe(false);
    expect(gamesPolicy.can(actor(ROLES.ADMIN), 'update', accountGame)).toBe(true);
    // An account's admin changes the games of their account only.
    expect(gamesPolicy.can(actor(ROLES.ACCOUNT_ADMIN), 'update', accountGame)).toBe(false);
    expect(gamesPolicy.can(actor(ROLES.ACCOUNT_ADMIN), 'update', { ...accountGame, account_id: 'account-1' })).toBe(
      true,
    );
    expect(
      gamesPolicy.can(actor(ROLES.THERAPIST, { id: 'someone', account_id: 'account-1' }), 'update', accountGame),
    ).toBe(false);
  });

  it('a library game is never shared or made private, even by its author; an account game of the author is', () => {
    const editor = actor(ROLES.EDITOR);
    for (const account_id of [null, undefined]) {
      expect(gamesPolicy.refusal(editor, 'share', { ...library, account_id, is_private: true })).toBe('forbidden');
      expect(gamesPolicy.refusal(editor, 'make-private', { ...library, account_id, is_private: false })).toBe(
        'forbidden',
      );
    }
    const therapist = actor(ROLES.THERAPIST);
    const own = { ...library, account_id: 'account-1', created_by: therapist.id };
    expect(gamesPolicy.refusal(therapist, 'share', { ...own, is_private: true })).toBeNull();
    expect(gamesPolicy.refusal(therapist, 'make-private', { ...own, is_private: false })).toBeNull();
    expect(
      gamesPolicy.refusal(actor(ROLES.THERAPIST, { id: 'colleague' }), 'share', { ...own, is_private: true }),
    ).toBe('forbidden');
  });

  it('a declared action asked without a row answers by the permission alone; a missing actor or an unknown action is refused', () => {
    expect(gamesPolicy.can(actor(ROLES.THERAPIST), 'complete')).toBe(true);
    expect(gamesPolicy.can(actor(ROLES.VIEWER), 'complete')).toBe(false);
    expect(gamesPolicy.refusal(null, 'complete', library)).toBe('forbidden');
    expect(gamesPolicy.refusal(actor(ROLES.SUPERADMIN), 'no-such-action', library)).toBe('forbidden');
    expect(gamesPolicy.can(actor(ROLES.SUPERADMIN), 'no-such-action')).toBe(false);
  });

  it('a recording is retried only after a step failed: an empty failure is none', () => {
    const therapist = actor(ROLES.THERAPIST);
    const row = { id: 'r1', deleted_at: null, session_status: 'PENDING_TRANSCRIPTION' };
    expect(recordingsPolicy.refusal(therapist, 'retry', { ...row, failure_reason: '' })).toBe('state');
    expect(recordingsPolicy.refusal(therapist, 'retry', { ...row, failure_reason: null })).toBe('state');
    expect(
      recordingsPolicy.refusal(therapist, 'retry', { ...row, failure_reason: 'recordings.errors.engineBusy' }),
    ).toBeNull();
  });

  it('a password link goes to an active user with an e-mail: an empty address is none', () => {
    const admin = actor(ROLES.ACCOUNT_ADMIN);
    const user = { id: 'u1', account_id: 'account-1', role: ROLES.THERAPIST, status: 'ACTIVE', deleted_at: null };
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, email: 'a@example.org' })).toBeNull();
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, email: '' })).toBe('state');
  });

  it('a row without a deleted_at field is live', () => {
    expect(rowActions(gamesPolicy, actor(ROLES.EDITOR), { ...library, deleted_at: undefined })).toContain('update');
    expect(rowActions(plansPolicy, actor(ROLES.SUPERADMIN), { id: 'p1' })).toEqual(['read', 'update', 'delete']);
  });

  it('answers a row-free policy’s live and trashed rows apart, however often it is asked', () => {
    const superadmin = actor(ROLES.SUPERADMIN);
    for (let i = 0; i < 2; i++) {
      expect(rowActions(plansPolicy, superadmin, { id: 'p1', deleted_at: null })).toEqual(['read', 'update', 'delete']);
      expect(rowActions(plansPolicy, superadmin, { id: 'p1', deleted_at: '2026-11-01T00:00:00.000Z' })).toEqual([
        'read',
        'restore',
      ]);
    }
    // The API answers pages of row-free policies without asking row by row (crud/routes.ts).
    expect(plansPolicy.rowFree).toBe(true);
    expect(gamesPolicy.rowFree).toBe(false);
    expect(recordingsPolicy.rowFree).toBe(false);
    expect(
      definePolicy({
        resource: 'x',
        rules: plansPolicy.rules,
        scope: plansPolicy.scope,
        actions: { go: { rule: 'signedIn' } },
      }).rowFree,
    ).toBe(false);
  });

  it('the collection actions: the create and export buttons', () => {
    expect(collectionActions(gamesPolicy, actor(ROLES.THERAPIST))).toEqual(['list', 'create', 'export']);
    expect(collectionActions(gamesPolicy, actor(ROLES.VIEWER))).toEqual(['list']);
    expect(collectionActions(gamesPolicy, null)).toEqual([]);
  });

  it('a policy without hidden fields hides none; a rule as the pipe syntax', () => {
    expect(gamesPolicy.hiddenFields(actor(ROLES.STUDENT))).toEqual([]);
    expect(ruleExpression('signedIn')).toBeUndefined();
    expect(ruleExpression([P.ADMIN_GAMES, P.EDIT_GAMES])).toBe(`${P.ADMIN_GAMES}|${P.EDIT_GAMES}`);
  });

  it('refuses a second policy for a resource the registry has, or one registered twice', () => {
    expect(() => registerPolicy('games', gamesPolicy)).toThrow(/already has a policy/);
    const name = `grants-test-${Math.random()}`;
    registerPolicy(name, plansPolicy);
    expect(policyOf(name)).toBe(plansPolicy);
    expect(() => registerPolicy(name, plansPolicy)).toThrow(`resource "${name}" already has a policy`);
  });
});

describe('an account role without an account', () => {
  it('sees no content and no students (a user whose account is gone reads nothing)', () => {
    for (const role of [ROLES.ACCOUNT_ADMIN, ROLES.THERAPIST, ROLES.SUPERVISOR, ROLES.STUDENT]) {
      const orphan = actor(role, { account_id: null });
      expect(contentScope(orphan)).toEqual({ kind: 'none' });
      expect(caseloadScope(orphan)).toEqual({ kind: 'none' });
    }
  });
});

describe('the permission check', () => {
  it('fails without a holder, a list, or anything in it; an empty requirement fails whatever the holder holds', () => {
    for (const holder of [null, undefined, {}, { permissions: null }, { permissions: [] }]) {
      expect(hasAnyPermission(holder as never, [P.READ_GAMES])).toBe(false);
      expect(hasPermission(holder as never, P.READ_GAMES)).toBe(false);
    }
    expect(hasPermission({ permissions: ['', P.READ_GAMES] }, '')).toBe(false);
    expect(hasPermission({ permissions: ['', P.READ_GAMES] }, ` | ${P.EDIT_GAMES}`)).toBe(false);
    expect(hasPermission({ permissions: [P.READ_GAMES] }, ` ${P.EDIT_GAMES} | ${P.READ_GAMES} `)).toBe(true);
    expect(hasAnyPermission({ permissions: [P.FULL] }, [])).toBe(true);
    expect(hasAnyPermission({ permissions: [P.READ_GAMES] }, [])).toBe(false);
  });
});
