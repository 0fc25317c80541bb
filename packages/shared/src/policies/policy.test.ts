import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../permissions';
import { ROLE_DEFAULT_PERMISSIONS, ROLES, type Role } from '../roles';
import {
  accountsPolicy,
  activitiesPolicy,
  assessmentsPolicy,
  CATALOG_POLICIES,
  clientsPolicy,
  filesPolicy,
  gamesPolicy,
  imageFoldersPolicy,
  imagesPolicy,
  organizationsPolicy,
  POLICIES,
  policyOf,
  recordingsPolicy,
  rowActions,
  usersPolicy,
  workspacesPolicy,
  type Actor,
  type Policy,
  type PolicyRow,
} from './index';

const actor = (role: Role, over: Partial<Actor> = {}): Actor => ({
  id: `${role}-id`,
  role,
  account_id: null,
  permissions: [...ROLE_DEFAULT_PERMISSIONS[role]],
  ...over,
});
const live = { id: 'row-1', deleted_at: null };
const trashed = { id: 'row-1', deleted_at: '2026-11-01T00:00:00.000Z' };

describe('policies', () => {
  it('has one policy per resource of both registries, and refuses an unknown resource loudly', () => {
    expect(Object.keys(POLICIES).sort()).toEqual(
      [
        ...Object.keys(CATALOG_POLICIES),
        'accounts',
        'billings',
        'clients',
        'organizations',
        'plans',
        'users',
        'workspaces',
        'levels',
        'chapters',
        'games',
        'activities',
        'images',
        'image-folders',
        'recordings',
        'assessments',
        'assignments',
        'game-sessions',
      ].sort(),
    );
    expect(() => policyOf('nothing')).toThrow(/no policy/);
  });

  it('recordings: the assessments permissions in the students’ scope; retry only a failed step, complete only a transcript ready for work, no change once completed', () => {
    const policy = policyOf('recordings');
    const therapist = actor(ROLES.THERAPIST, { account_id: 'account-1' });
    expect(policy.scope(therapist).kind).toBe('caseload');
    expect(policy.scope(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'account-1' })).kind).toBe('account');
    // A student never sees recordings, their own included; the content team has no account to see any in.
    expect(policy.scope(actor(ROLES.STUDENT, { account_id: 'account-1' })).kind).toBe('none');
    expect(policy.can(actor(ROLES.STUDENT), 'list')).toBe(false);
    expect(policy.can(actor(ROLES.EDITOR), 'list')).toBe(false);
    expect(policy.can(actor(ROLES.SUPPORT), 'list')).toBe(true);
    expect(policy.can(actor(ROLES.SUPPORT), 'create')).toBe(false);
    const ready = { ...live, session_status: 'READY', failure_reason: null };
    expect(rowActions(policy, therapist, ready)).toEqual(['read', 'update', 'delete', 'complete']);
    expect(
      rowActions(policy, therapist, {
        ...live,
        session_status: 'PENDING_TRANSCRIPTION',
        failure_reason: 'recordings.errors.engineBusy',
      }),
    ).toEqual(['read', 'update', 'delete', 'retry']);
    expect(rowActions(policy, therapist, { ...live, session_status: 'COMPLETED', failure_reason: null })).toEqual([
      'read',
      'delete',
    ]);
    expect(
      policy.refusal(therapist, 'complete', { ...live, session_status: 'PENDING_AUDIO', failure_reason: null }),
    ).toBe('state');
    expect(
      policy.refusal(actor(ROLES.SUPPORT), 'retry', { ...live, session_status: 'PENDING_AUDIO', failure_reason: 'x' }),
    ).toBe('forbidden');
  });

  it('assessments: the recordings’ rules; complete an open one, reopen a completed one, no change while completed', () => {
    const policy = policyOf('assessments');
    const therapist = actor(ROLES.THERAPIST, { account_id: 'account-1' });
    expect(policy.scope(therapist).kind).toBe('caseload');
    expect(policy.scope(actor(ROLES.STUDENT, { account_id: 'account-1' })).kind).toBe('none');
    expect(policy.can(actor(ROLES.SUPPORT), 'read')).toBe(true);
    expect(policy.can(actor(ROLES.SUPPORT), 'create')).toBe(false);
    expect(rowActions(policy, therapist, { ...live, assessment_status: 'NEW' })).toEqual([
      'read',
      'update',
      'delete',
      'complete',
    ]);
    expect(rowActions(policy, therapist, { ...live, assessment_status: 'WORK_IN_PROGRESS' })).toEqual([
      'read',
      'update',
      'delete',
      'complete',
    ]);
    expect(rowActions(policy, therapist, { ...live, assessment_status: 'COMPLETED' })).toEqual([
      'read',
      'delete',
      'reopen',
    ]);
    expect(policy.refusal(therapist, 'reopen', { ...live, assessment_status: 'NEW' })).toBe('state');
    expect(policy.refusal(actor(ROLES.SUPPORT), 'reopen', { ...live, assessment_status: 'COMPLETED' })).toBe(
      'forbidden',
    );
  });

  it('levels and chapters: the content team writes them (docs/product.md §3), every other reader only reads', () => {
    const editor = actor(ROLES.EDITOR);
    expect(rowActions(policyOf('levels'), editor, live)).toEqual(['read', 'update']);
    expect(rowActions(policyOf('chapters'), editor, live)).toEqual(['read', 'update', 'delete']);
    for (const role of [ROLES.VIEWER, ROLES.THERAPIST, ROLES.ACCOUNT_ADMIN]) {
      expect(rowActions(policyOf('levels'), actor(role), live)).toEqual(['read']);
      expect(rowActions(policyOf('chapters'), actor(role), live)).toEqual(['read']);
      expect(policyOf('chapters').can(actor(role), 'create')).toBe(false);
    }
    expect(policyOf('chapters').can(actor(ROLES.STUDENT), 'list')).toBe(false);
  });

  it('lets a row in the trash be read or restored only, a live row read, updated or deleted', () => {
    const editor = actor(ROLES.EDITOR);
    expect(rowActions(CATALOG_POLICIES.verbs, editor, live)).toEqual(['read', 'update', 'delete']);
    expect(rowActions(CATALOG_POLICIES.verbs, editor, trashed)).toEqual(['read', 'restore']);
    expect(rowActions(CATALOG_POLICIES.verbs, actor(ROLES.VIEWER), live)).toEqual(['read']);
    expect(rowActions(CATALOG_POLICIES.verbs, null, live)).toEqual([]);
  });

  it('never lets a user delete themself nor act on a role they may not grant', () => {
    const support = actor(ROLES.SUPPORT);
    expect(rowActions(usersPolicy, support, { ...live, role: ROLES.THERAPIST })).toEqual(['read', 'update', 'delete']);
    expect(rowActions(usersPolicy, support, { ...live, role: ROLES.EDITOR })).toEqual(['read']);
    expect(rowActions(usersPolicy, support, { ...live, id: support.id, role: ROLES.SUPPORT })).toEqual([
      'read',
      'update',
    ]);
    expect(rowActions(usersPolicy, actor(ROLES.SUPERADMIN), { ...live, role: ROLES.ADMIN })).toEqual([
      'read',
      'update',
      'delete',
    ]);
  });

  it('rules on declared actions: permission and row rules refuse (403), the row state is a conflict (409), the trash knows none', () => {
    const admin = actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' });
    const user = { ...live, role: ROLES.THERAPIST, email: 'x@example.com', status: 'ACTIVE' };
    expect(usersPolicy.actions).toEqual(['send-password-link']);
    expect(rowActions(usersPolicy, admin, user)).toEqual(['read', 'update', 'delete', 'send-password-link']);
    expect(usersPolicy.can(admin, 'send-password-link')).toBe(true);
    expect(usersPolicy.can(actor(ROLES.THERAPIST, { account_id: 'a1' }), 'send-password-link')).toBe(false);
    expect(usersPolicy.refusal(admin, 'send-password-link', user)).toBeNull();
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, status: 'INACTIVE' })).toBe('state');
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, email: null })).toBe('state');
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, role: ROLES.ADMIN })).toBe('forbidden');
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, deleted_at: trashed.deleted_at })).toBe(
      'forbidden',
    );
    expect(rowActions(usersPolicy, admin, { ...user, deleted_at: trashed.deleted_at })).toEqual(['read', 'restore']);
    // An action no policy declares is refused, never allowed by accident.
    expect(usersPolicy.can(admin, 'no-such-action', user)).toBe(false);
    expect(usersPolicy.can(admin, 'toString')).toBe(false);
  });

  it('opens the account list to all but hides what an account pays from those who may not open it', () => {
    const therapist = actor(ROLES.THERAPIST, { account_id: 'a1' });
    expect(accountsPolicy.can(therapist, 'list')).toBe(true);
    expect(accountsPolicy.can(therapist, 'read')).toBe(false);
    expect(accountsPolicy.can(therapist, 'export')).toBe(false);
    expect(accountsPolicy.hiddenFields(therapist)).toEqual(['amount', 'payment_method']);
    expect(accountsPolicy.hiddenFields(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toEqual([]);
    expect(accountsPolicy.scope(therapist)).toEqual({ kind: 'account', accountId: 'a1' });
  });

  it('reads organizations with any of the four reading permissions, support included', () => {
    expect(organizationsPolicy.can(actor(ROLES.SUPPORT), 'list')).toBe(true);
    expect(organizationsPolicy.can(actor(ROLES.THERAPIST, { account_id: 'a1' }), 'list')).toBe(false);
    expect(organizationsPolicy.can(actor(ROLES.VIEWER, { permissions: [P.READ_ENTITIES] }), 'read')).toBe(true);
    expect(organizationsPolicy.can(actor(ROLES.VIEWER, { permissions: [P.READ_ENTITIES] }), 'update')).toBe(false);
  });

  it('scopes students and workspaces by role: all, account, caseload, self or none', () => {
    expect(clientsPolicy.scope(actor(ROLES.ADMIN)).kind).toBe('all');
    expect(clientsPolicy.scope(actor(ROLES.EDITOR)).kind).toBe('none');
    expect(clientsPolicy.scope(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toEqual({
      kind: 'account',
      accountId: 'a1',
    });
    expect(workspacesPolicy.scope(actor(ROLES.THERAPIST, { account_id: 'a1' }))).toEqual({
      kind: 'caseload',
      accountId: 'a1',
      userId: 'THERAPIST-id',
    });
    expect(workspacesPolicy.scope(actor(ROLES.STUDENT, { account_id: 'a1' }))).toEqual({
      kind: 'self',
      accountId: 'a1',
      userId: 'STUDENT-id',
    });
    // A platform role that somehow carries an account id runs no account.
    expect(clientsPolicy.scope(actor(ROLES.SUPPORT, { account_id: 'a1' }))).toEqual({ kind: 'none' });
  });
});

describe('rules outside the engine', () => {
  it('files: platform staff see all; others their uploads and the files of records they read; an account admin also its unattached files', async () => {
    const { fileScope, filesPolicy } = await import('./index');
    expect(fileScope(actor(ROLES.SUPERADMIN))).toEqual({ kind: 'all' });
    expect(fileScope(actor(ROLES.EDITOR))).toEqual({
      kind: 'records',
      userId: 'EDITOR-id',
      accountFiles: null,
      assigned: false,
    });
    expect(fileScope(actor(ROLES.THERAPIST, { account_id: 'a1' }))).toEqual({
      kind: 'records',
      userId: 'THERAPIST-id',
      accountFiles: null,
      assigned: false,
    });
    expect(fileScope(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toEqual({
      kind: 'records',
      userId: 'ACCOUNT_ADMIN-id',
      accountFiles: 'a1',
      assigned: false,
    });
    expect(fileScope(actor(ROLES.STUDENT, { account_id: 'a1' }))).toEqual({
      kind: 'records',
      userId: 'STUDENT-id',
      accountFiles: null,
      assigned: true,
    });
    const therapist = actor(ROLES.THERAPIST, { account_id: 'a1' });
    expect(filesPolicy.mayUpload(therapist)).toBe(true);
    expect(filesPolicy.mayUpload(actor(ROLES.STUDENT, { account_id: 'a1' }))).toBe(false);
    expect(filesPolicy.mayDelete(therapist, { created_by: therapist.id })).toBe(true);
    expect(filesPolicy.mayDelete(therapist, { created_by: 'someone-else' })).toBe(false);
    expect(
      filesPolicy.mayDelete(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }), { created_by: 'someone-else' }),
    ).toBe(true);
  });

  it('role permissions: workspace admins read, FULL edits other roles, only a SUPERADMIN grants FULL', async () => {
    const { rolePermissionsPolicy } = await import('./index');
    const admin = actor(ROLES.ADMIN, { permissions: [P.FULL] });
    expect(rolePermissionsPolicy.read(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toBe(true);
    expect(rolePermissionsPolicy.edit(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toBe(false);
    expect(rolePermissionsPolicy.editRole(admin, ROLES.THERAPIST)).toBe(true);
    expect(rolePermissionsPolicy.editRole(admin, ROLES.ADMIN)).toBe(false);
    expect(rolePermissionsPolicy.grantFull(admin)).toBe(false);
    expect(rolePermissionsPolicy.grantFull(actor(ROLES.SUPERADMIN))).toBe(true);
    expect(rolePermissionsPolicy.read(null)).toBe(false);
  });
});

/**
 * Role × row → the exact row actions allowed (`rowActions`: what `_actions` carries and the API
 * does), for every policy with row rules. Written by hand from docs/product.md §1–5 and decisions
 * 009, 010, 015, 016, 017 and 018, not from the policies' code: a row rule taken out or changed
 * makes a cell differ. A cell is `null` where the row is outside the actor's scope (the API answers
 * 404 before any row rule is asked; docs/product.md §2).
 *
 * The actors hold their role's default permissions (docs/product.md §3); the account roles are in
 * account `acc-1`, where THERAPIST (`therapist`) is the author of the account's rows and COLLEAGUE
 * another therapist of the same account.
 */
describe('row rules, role by role (written from the product rules)', () => {
  const ACCOUNT = 'acc-1';
  const ACTORS = {
    SUPERADMIN: actor(ROLES.SUPERADMIN),
    ADMIN: actor(ROLES.ADMIN),
    SUPPORT: actor(ROLES.SUPPORT),
    EDITOR: actor(ROLES.EDITOR),
    VIEWER: actor(ROLES.VIEWER),
    ACCOUNT_ADMIN: actor(ROLES.ACCOUNT_ADMIN, { account_id: ACCOUNT }),
    SUPERVISOR: actor(ROLES.SUPERVISOR, { account_id: ACCOUNT }),
    THERAPIST: actor(ROLES.THERAPIST, { id: 'therapist', account_id: ACCOUNT }),
    COLLEAGUE: actor(ROLES.THERAPIST, { id: 'colleague', account_id: ACCOUNT }),
    STUDENT: actor(ROLES.STUDENT, { account_id: ACCOUNT }),
  } as const;
  type Who = keyof typeof ACTORS;
  type Table<R extends string> = Record<Who, Record<R, readonly string[] | null>>;

  /** The table the policy answers, for the cells the expected table fills. */
  function actual<R extends string>(
    policy: Policy,
    rows: Record<R, PolicyRow>,
    expected: Partial<Table<R>>,
  ): Partial<Table<R>> {
    return Object.fromEntries(
      Object.entries(expected).map(([who, cells]) => [
        who,
        Object.fromEntries(
          Object.entries(cells as Record<R, unknown>).map(([row, cell]) => [
            row,
            cell === null ? null : rowActions(policy, ACTORS[who as Who], rows[row as R]),
          ]),
        ),
      ]),
    ) as Partial<Table<R>>;
  }
  const gone = { deleted_at: '2026-11-01T00:00:00.000Z' };

  it('games: read by who reads games; changed by its author or the account’s admin (the library by the content team), only while a work in progress; each declared action on the rows and states it is for', () => {
    // docs/product.md §4 and decision 015: the library is the games without an account; an account's
    // game is its author's, private until shared; its author or the account's admin changes it, only
    // while it is a work in progress (a completed one is read-only; decision 017: deleting it touches
    // no assignment, so it may go). complete: a work in progress; versions: a completed one; share /
    // make-private: an account's private / shared game; collect: a library or a colleague's game that
    // is no longer being built, into one's account; duplicate: any game one sees, by who creates games.
    // SUPPORT and VIEWER only read (§1: SUPPORT edits no content); STUDENT does not read games.
    const rows = {
      libraryWip: {
        id: 'g1',
        deleted_at: null,
        account_id: null,
        created_by: 'content-team',
        game_status: 'WORK_IN_PROGRESS',
        is_private: false,
      },
      libraryDone: {
        id: 'g2',
        deleted_at: null,
        account_id: null,
        created_by: 'content-team',
        game_status: 'COMPLETED',
        is_private: false,
      },
      libraryTrash: {
        id: 'g3',
        ...gone,
        account_id: null,
        created_by: 'content-team',
        game_status: 'WORK_IN_PROGRESS',
        is_private: false,
      },
      privateWip: {
        id: 'g4',
        deleted_at: null,
        account_id: ACCOUNT,
        created_by: 'therapist',
        game_status: 'WORK_IN_PROGRESS',
        is_private: true,
      },
      privateDone: {
        id: 'g5',
        deleted_at: null,
        account_id: ACCOUNT,
        created_by: 'therapist',
        game_status: 'COMPLETED',
        is_private: true,
      },
      sharedWip: {
        id: 'g6',
        deleted_at: null,
        account_id: ACCOUNT,
        created_by: 'therapist',
        game_status: 'WORK_IN_PROGRESS',
        is_private: false,
      },
      sharedDone: {
        id: 'g7',
        deleted_at: null,
        account_id: ACCOUNT,
        created_by: 'therapist',
        game_status: 'COMPLETED',
        is_private: false,
      },
      sharedTrash: {
        id: 'g8',
        ...gone,
        account_id: ACCOUNT,
        created_by: 'therapist',
        game_status: 'WORK_IN_PROGRESS',
        is_private: false,
      },
    };
    const staff = {
      libraryWip: ['read', 'update', 'delete', 'complete', 'duplicate'],
      libraryDone: ['read', 'delete', 'versions', 'duplicate'],
      libraryTrash: ['read', 'restore'],
      privateWip: ['read', 'update', 'delete', 'complete', 'duplicate', 'share'],
      privateDone: ['read', 'delete', 'versions', 'duplicate', 'share'],
      sharedWip: ['read', 'update', 'delete', 'complete', 'duplicate', 'make-private'],
      sharedDone: ['read', 'delete', 'versions', 'duplicate', 'make-private'],
      sharedTrash: ['read', 'restore'],
    };
    const reader = {
      libraryWip: ['read'],
      libraryDone: ['read'],
      libraryTrash: ['read'],
      privateWip: ['read'],
      privateDone: ['read'],
      sharedWip: ['read'],
      sharedDone: ['read'],
      sharedTrash: ['read'],
    };
    const colleague = {
      libraryWip: ['read', 'duplicate'],
      libraryDone: ['read', 'duplicate', 'collect'],
      libraryTrash: ['read'],
      privateWip: null,
      privateDone: null,
      sharedWip: ['read', 'duplicate'],
      sharedDone: ['read', 'duplicate', 'collect'],
      sharedTrash: ['read'],
    };
    const expected: Table<keyof typeof rows> = {
      SUPERADMIN: staff,
      ADMIN: staff,
      SUPPORT: reader,
      EDITOR: { ...staff, privateWip: null, privateDone: null, sharedWip: null, sharedDone: null, sharedTrash: null },
      VIEWER: { ...reader, privateWip: null, privateDone: null, sharedWip: null, sharedDone: null, sharedTrash: null },
      ACCOUNT_ADMIN: {
        ...colleague,
        sharedWip: ['read', 'update', 'delete', 'complete', 'duplicate', 'make-private'],
        sharedDone: ['read', 'delete', 'versions', 'duplicate', 'make-private', 'collect'],
        sharedTrash: ['read', 'restore'],
      },
      SUPERVISOR: colleague,
      THERAPIST: {
        libraryWip: ['read', 'duplicate'],
        libraryDone: ['read', 'duplicate', 'collect'],
        libraryTrash: ['read'],
        privateWip: ['read', 'update', 'delete', 'complete', 'duplicate', 'share'],
        privateDone: ['read', 'delete', 'versions', 'duplicate', 'share'],
        sharedWip: ['read', 'update', 'delete', 'complete', 'duplicate', 'make-private'],
        sharedDone: ['read', 'delete', 'versions', 'duplicate', 'make-private'],
        sharedTrash: ['read', 'restore'],
      },
      COLLEAGUE: colleague,
      STUDENT: {
        libraryWip: [],
        libraryDone: [],
        libraryTrash: [],
        privateWip: [],
        privateDone: [],
        sharedWip: [],
        sharedDone: [],
        sharedTrash: [],
      },
    };
    expect(actual(gamesPolicy, rows, expected)).toEqual(expected);
  });

  it('activities: read with their game; changed, removed, restored and duplicated only while their game is a work in progress, by whoever may author the game', () => {
    // docs/product.md §4: activities change with their game (decision 015: only a work in progress
    // changes, by its author or the account's admin; the library by the content team). The account
    // rows are activities of a game the therapist shared with the account.
    const rows = {
      libraryWip: {
        id: 'a1',
        deleted_at: null,
        game_id: 'g1',
        game_account_id: null,
        game_created_by: 'content-team',
        game_status: 'WORK_IN_PROGRESS',
      },
      libraryDone: {
        id: 'a2',
        deleted_at: null,
        game_id: 'g2',
        game_account_id: null,
        game_created_by: 'content-team',
        game_status: 'COMPLETED',
      },
      accountWip: {
        id: 'a3',
        deleted_at: null,
        game_id: 'g6',
        game_account_id: ACCOUNT,
        game_created_by: 'therapist',
        game_status: 'WORK_IN_PROGRESS',
      },
      accountDone: {
        id: 'a4',
        deleted_at: null,
        game_id: 'g7',
        game_account_id: ACCOUNT,
        game_created_by: 'therapist',
        game_status: 'COMPLETED',
      },
      accountWipTrash: {
        id: 'a5',
        ...gone,
        game_id: 'g6',
        game_account_id: ACCOUNT,
        game_created_by: 'therapist',
        game_status: 'WORK_IN_PROGRESS',
      },
      accountDoneTrash: {
        id: 'a6',
        ...gone,
        game_id: 'g7',
        game_account_id: ACCOUNT,
        game_created_by: 'therapist',
        game_status: 'COMPLETED',
      },
    };
    const author = ['read', 'update', 'delete', 'duplicate'];
    const staff = {
      libraryWip: author,
      libraryDone: ['read'],
      accountWip: author,
      accountDone: ['read'],
      accountWipTrash: ['read', 'restore'],
      accountDoneTrash: ['read'],
    };
    const reader = {
      libraryWip: ['read'],
      libraryDone: ['read'],
      accountWip: ['read'],
      accountDone: ['read'],
      accountWipTrash: ['read'],
      accountDoneTrash: ['read'],
    };
    const library = { accountWip: null, accountDone: null, accountWipTrash: null, accountDoneTrash: null };
    const member = { ...reader };
    const owner = { ...reader, accountWip: author, accountWipTrash: ['read', 'restore'] };
    const expected: Table<keyof typeof rows> = {
      SUPERADMIN: staff,
      ADMIN: staff,
      SUPPORT: reader,
      EDITOR: { ...staff, ...library },
      VIEWER: { ...reader, ...library },
      ACCOUNT_ADMIN: owner,
      SUPERVISOR: member,
      THERAPIST: owner,
      COLLEAGUE: member,
      STUDENT: {
        libraryWip: [],
        libraryDone: [],
        accountWip: [],
        accountDone: [],
        accountWipTrash: [],
        accountDoneTrash: [],
      },
    };
    expect(actual(activitiesPolicy, rows, expected)).toEqual(expected);
  });

  it('images and image folders: a private one exists for its owner alone; a shared one is read by content readers and changed by whoever may author it', () => {
    // docs/product.md §4 and decision 016: private (the default) is its owner's alone, 404 to everyone
    // else, the account's admin and platform staff included; changing or deleting one is for its
    // owner, the account's admin for a shared one, the content team for the library.
    const rows = {
      libraryShared: { id: 'i1', deleted_at: null, account_id: null, created_by: 'content-team', is_private: false },
      libraryPrivate: { id: 'i2', deleted_at: null, account_id: null, created_by: 'content-team', is_private: true },
      accountShared: { id: 'i3', deleted_at: null, account_id: ACCOUNT, created_by: 'therapist', is_private: false },
      accountPrivate: { id: 'i4', deleted_at: null, account_id: ACCOUNT, created_by: 'therapist', is_private: true },
      accountSharedTrash: { id: 'i5', ...gone, account_id: ACCOUNT, created_by: 'therapist', is_private: false },
      accountPrivateTrash: { id: 'i6', ...gone, account_id: ACCOUNT, created_by: 'therapist', is_private: true },
    };
    const staff = {
      libraryShared: ['read', 'update', 'delete'],
      libraryPrivate: [],
      accountShared: ['read', 'update', 'delete'],
      accountPrivate: [],
      accountSharedTrash: ['read', 'restore'],
      accountPrivateTrash: [],
    };
    const reader = {
      libraryShared: ['read'],
      libraryPrivate: [],
      accountShared: ['read'],
      accountPrivate: [],
      accountSharedTrash: ['read'],
      accountPrivateTrash: [],
    };
    const library = { accountShared: null, accountPrivate: null, accountSharedTrash: null, accountPrivateTrash: null };
    const expected: Table<keyof typeof rows> = {
      SUPERADMIN: staff,
      ADMIN: staff,
      SUPPORT: reader,
      EDITOR: { ...staff, ...library },
      VIEWER: { ...reader, ...library },
      ACCOUNT_ADMIN: {
        ...reader,
        accountShared: ['read', 'update', 'delete'],
        accountSharedTrash: ['read', 'restore'],
      },
      SUPERVISOR: reader,
      THERAPIST: {
        libraryShared: ['read'],
        libraryPrivate: [],
        accountShared: ['read', 'update', 'delete'],
        accountPrivate: ['read', 'update', 'delete'],
        accountSharedTrash: ['read', 'restore'],
        accountPrivateTrash: ['read', 'restore'],
      },
      COLLEAGUE: reader,
      STUDENT: {
        libraryShared: [],
        libraryPrivate: [],
        accountShared: [],
        accountPrivate: [],
        accountSharedTrash: [],
        accountPrivateTrash: [],
      },
    };
    expect(actual(imagesPolicy, rows, expected)).toEqual(expected);
    expect(actual(imageFoldersPolicy, rows, expected)).toEqual(expected);
  });

  it('recordings: the assessments permissions; retry a failed step, complete a transcript ready for work, no change once completed', () => {
    // Decision 018: list, show, rename, delete, restore; `retry` a failed step; `complete` the
    // transcript (READY or being worked on), read-only after. docs/product.md §3: the assessments
    // permissions (SUPPORT reads; EDITOR, VIEWER and STUDENT have none; §5 and decision 018: a student
    // sees none, their own included).
    const rows = {
      uploaded: {
        id: 'r1',
        deleted_at: null,
        account_id: ACCOUNT,
        session_status: 'AUDIO_COMPLETED',
        failure_reason: null,
      },
      failed: {
        id: 'r2',
        deleted_at: null,
        account_id: ACCOUNT,
        session_status: 'PENDING_TRANSCRIPTION',
        failure_reason: 'recordings.errors.engineBusy',
      },
      ready: { id: 'r3', deleted_at: null, account_id: ACCOUNT, session_status: 'READY', failure_reason: null },
      working: {
        id: 'r4',
        deleted_at: null,
        account_id: ACCOUNT,
        session_status: 'WORK_IN_PROGRESS',
        failure_reason: null,
      },
      completed: { id: 'r5', deleted_at: null, account_id: ACCOUNT, session_status: 'COMPLETED', failure_reason: null },
      trash: { id: 'r6', ...gone, account_id: ACCOUNT, session_status: 'READY', failure_reason: null },
    };
    const writer = {
      uploaded: ['read', 'update', 'delete'],
      failed: ['read', 'update', 'delete', 'retry'],
      ready: ['read', 'update', 'delete', 'complete'],
      working: ['read', 'update', 'delete', 'complete'],
      completed: ['read', 'delete'],
      trash: ['read', 'restore'],
    };
    const none = { uploaded: [], failed: [], ready: [], working: [], completed: [], trash: [] };
    const expected: Table<keyof typeof rows> = {
      SUPERADMIN: writer,
      ADMIN: writer,
      SUPPORT: {
        uploaded: ['read'],
        failed: ['read'],
        ready: ['read'],
        working: ['read'],
        completed: ['read'],
        trash: ['read'],
      },
      EDITOR: none,
      VIEWER: none,
      ACCOUNT_ADMIN: writer,
      SUPERVISOR: writer,
      THERAPIST: writer,
      COLLEAGUE: writer,
      STUDENT: none,
    };
    expect(actual(recordingsPolicy, rows, expected)).toEqual(expected);
  });

  it('assessments: complete an open one, reopen a completed one, no change while completed', () => {
    // docs/product.md §5 (NEW → WORK_IN_PROGRESS → COMPLETED) and §9 (complete, reopen); a completed
    // assessment is read-only until reopened; the same permissions as recordings.
    const rows = {
      fresh: { id: 's1', deleted_at: null, account_id: ACCOUNT, assessment_status: 'NEW' },
      working: { id: 's2', deleted_at: null, account_id: ACCOUNT, assessment_status: 'WORK_IN_PROGRESS' },
      completed: { id: 's3', deleted_at: null, account_id: ACCOUNT, assessment_status: 'COMPLETED' },
      trash: { id: 's4', ...gone, account_id: ACCOUNT, assessment_status: 'WORK_IN_PROGRESS' },
    };
    const writer = {
      fresh: ['read', 'update', 'delete', 'complete'],
      working: ['read', 'update', 'delete', 'complete'],
      completed: ['read', 'delete', 'reopen'],
      trash: ['read', 'restore'],
    };
    const none = { fresh: [], working: [], completed: [], trash: [] };
    const expected: Table<keyof typeof rows> = {
      SUPERADMIN: writer,
      ADMIN: writer,
      SUPPORT: { fresh: ['read'], working: ['read'], completed: ['read'], trash: ['read'] },
      EDITOR: none,
      VIEWER: none,
      ACCOUNT_ADMIN: writer,
      SUPERVISOR: writer,
      THERAPIST: writer,
      COLLEAGUE: writer,
      STUDENT: none,
    };
    expect(actual(assessmentsPolicy, rows, expected)).toEqual(expected);
  });

  it('users: administrators of users act on the roles they may grant, edit themself but never delete themself; a password link for an active user with an e-mail', () => {
    // Decision 009: nobody updates, deletes or restores a user whose role they may not grant
    // (SUPERADMIN any; ADMIN any but SUPERADMIN; SUPPORT and account admins an account's adult
    // roles); one edits one's own record but never deletes it. Decision 010: send-password-link to
    // oneself or a user one manages, ACTIVE with an e-mail. Users are read with PERMISSION_ADMIN_USERS.
    const rows = {
      therapist: {
        id: 'u1',
        deleted_at: null,
        account_id: ACCOUNT,
        role: ROLES.THERAPIST,
        status: 'ACTIVE',
        email: 'a@example.com',
      },
      accountAdmin: {
        id: 'u2',
        deleted_at: null,
        account_id: ACCOUNT,
        role: ROLES.ACCOUNT_ADMIN,
        status: 'ACTIVE',
        email: 'b@example.com',
      },
      editor: {
        id: 'u3',
        deleted_at: null,
        account_id: null,
        role: ROLES.EDITOR,
        status: 'ACTIVE',
        email: 'c@example.com',
      },
      admin: {
        id: 'u4',
        deleted_at: null,
        account_id: null,
        role: ROLES.ADMIN,
        status: 'ACTIVE',
        email: 'd@example.com',
      },
      superadmin: {
        id: 'u5',
        deleted_at: null,
        account_id: null,
        role: ROLES.SUPERADMIN,
        status: 'ACTIVE',
        email: 'e@example.com',
      },
      disabled: {
        id: 'u6',
        deleted_at: null,
        account_id: ACCOUNT,
        role: ROLES.THERAPIST,
        status: 'DISABLED',
        email: 'f@example.com',
      },
      noEmail: {
        id: 'u7',
        deleted_at: null,
        account_id: ACCOUNT,
        role: ROLES.THERAPIST,
        status: 'ACTIVE',
        email: null,
      },
      trash: {
        id: 'u8',
        ...gone,
        account_id: ACCOUNT,
        role: ROLES.THERAPIST,
        status: 'ACTIVE',
        email: 'g@example.com',
      },
    };
    const managed = ['read', 'update', 'delete', 'send-password-link'];
    const platform = { editor: null, admin: null, superadmin: null };
    const none = {
      therapist: [],
      accountAdmin: [],
      editor: [],
      admin: [],
      superadmin: [],
      disabled: [],
      noEmail: [],
      trash: [],
    };
    const expected: Table<keyof typeof rows> = {
      SUPERADMIN: {
        therapist: managed,
        accountAdmin: managed,
        editor: managed,
        admin: managed,
        superadmin: managed,
        disabled: ['read', 'update', 'delete'],
        noEmail: ['read', 'update', 'delete'],
        trash: ['read', 'restore'],
      },
      ADMIN: {
        therapist: managed,
        accountAdmin: managed,
        editor: managed,
        admin: managed,
        superadmin: ['read'],
        disabled: ['read', 'update', 'delete'],
        noEmail: ['read', 'update', 'delete'],
        trash: ['read', 'restore'],
      },
      SUPPORT: {
        therapist: managed,
        accountAdmin: managed,
        editor: ['read'],
        admin: ['read'],
        superadmin: ['read'],
        disabled: ['read', 'update', 'delete'],
        noEmail: ['read', 'update', 'delete'],
        trash: ['read', 'restore'],
      },
      EDITOR: none,
      VIEWER: none,
      ACCOUNT_ADMIN: {
        therapist: managed,
        accountAdmin: managed,
        ...platform,
        disabled: ['read', 'update', 'delete'],
        noEmail: ['read', 'update', 'delete'],
        trash: ['read', 'restore'],
      },
      SUPERVISOR: none,
      THERAPIST: none,
      COLLEAGUE: none,
      STUDENT: none,
    };
    expect(actual(usersPolicy, rows, expected)).toEqual(expected);
    // Oneself: edited, sent a link, never deleted (nor restored).
    const self = (who: Who) => ({
      id: ACTORS[who].id,
      deleted_at: null,
      account_id: ACTORS[who].account_id,
      role: ACTORS[who].role,
      status: 'ACTIVE',
      email: 'me@example.com',
    });
    const selves = Object.fromEntries(
      (['SUPERADMIN', 'ADMIN', 'SUPPORT', 'ACCOUNT_ADMIN', 'THERAPIST'] as const).map((who) => [
        who,
        rowActions(usersPolicy, ACTORS[who], self(who)),
      ]),
    );
    expect(selves).toEqual({
      SUPERADMIN: ['read', 'update', 'send-password-link'],
      ADMIN: ['read', 'update', 'send-password-link'],
      SUPPORT: ['read', 'update', 'send-password-link'],
      ACCOUNT_ADMIN: ['read', 'update', 'send-password-link'],
      THERAPIST: [],
    });
    expect(rowActions(usersPolicy, ACTORS.ACCOUNT_ADMIN, { ...self('ACCOUNT_ADMIN'), ...gone })).toEqual(['read']);
  });

  it('files: deleted, within scope, by their uploader, the account’s admin or platform staff who run accounts, among those who may upload', () => {
    // Decision 007: uploading and deleting need a content or records permission (by default
    // THERAPIST, SUPERVISOR, ACCOUNT_ADMIN, EDITOR, ADMIN and SUPERADMIN); deleting, within scope: the
    // uploader, the account's admin, or platform staff who run accounts.
    const mine = (who: Who) => ({ created_by: ACTORS[who].id });
    const theirs = { created_by: 'someone-else' };
    const table = Object.fromEntries(
      (Object.keys(ACTORS) as Who[]).map((who) => [
        who,
        { own: filesPolicy.mayDelete(ACTORS[who], mine(who)), others: filesPolicy.mayDelete(ACTORS[who], theirs) },
      ]),
    );
    expect(table).toEqual({
      SUPERADMIN: { own: true, others: true },
      ADMIN: { own: true, others: true },
      SUPPORT: { own: false, others: false },
      EDITOR: { own: true, others: false },
      VIEWER: { own: false, others: false },
      ACCOUNT_ADMIN: { own: true, others: true },
      SUPERVISOR: { own: true, others: false },
      THERAPIST: { own: true, others: false },
      COLLEAGUE: { own: true, others: false },
      STUDENT: { own: false, others: false },
    });
  });
});
