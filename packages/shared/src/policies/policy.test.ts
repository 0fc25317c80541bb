import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../permissions';
import { ROLE_DEFAULT_PERMISSIONS, ROLES, type Role } from '../roles';
import { accountsPolicy, CATALOG_POLICIES, clientsPolicy, organizationsPolicy, POLICIES, policyOf, rowActions, usersPolicy, workspacesPolicy, type Actor } from './index';

const actor = (role: Role, over: Partial<Actor> = {}): Actor => ({ id: `${role}-id`, role, account_id: null, permissions: [...ROLE_DEFAULT_PERMISSIONS[role]], ...over });
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
    expect(rowActions(policy, therapist, { ...live, session_status: 'PENDING_TRANSCRIPTION', failure_reason: 'recordings.errors.engineBusy' })).toEqual([
      'read',
      'update',
      'delete',
      'retry',
    ]);
    expect(rowActions(policy, therapist, { ...live, session_status: 'COMPLETED', failure_reason: null })).toEqual(['read', 'delete']);
    expect(policy.refusal(therapist, 'complete', { ...live, session_status: 'PENDING_AUDIO', failure_reason: null })).toBe('state');
    expect(policy.refusal(actor(ROLES.SUPPORT), 'retry', { ...live, session_status: 'PENDING_AUDIO', failure_reason: 'x' })).toBe('forbidden');
  });

  it('assessments: the recordings’ rules; complete an open one, reopen a completed one, no change while completed', () => {
    const policy = policyOf('assessments');
    const therapist = actor(ROLES.THERAPIST, { account_id: 'account-1' });
    expect(policy.scope(therapist).kind).toBe('caseload');
    expect(policy.scope(actor(ROLES.STUDENT, { account_id: 'account-1' })).kind).toBe('none');
    expect(policy.can(actor(ROLES.SUPPORT), 'read')).toBe(true);
    expect(policy.can(actor(ROLES.SUPPORT), 'create')).toBe(false);
    expect(rowActions(policy, therapist, { ...live, assessment_status: 'NEW' })).toEqual(['read', 'update', 'delete', 'complete']);
    expect(rowActions(policy, therapist, { ...live, assessment_status: 'WORK_IN_PROGRESS' })).toEqual(['read', 'update', 'delete', 'complete']);
    expect(rowActions(policy, therapist, { ...live, assessment_status: 'COMPLETED' })).toEqual(['read', 'delete', 'reopen']);
    expect(policy.refusal(therapist, 'reopen', { ...live, assessment_status: 'NEW' })).toBe('state');
    expect(policy.refusal(actor(ROLES.SUPPORT), 'reopen', { ...live, assessment_status: 'COMPLETED' })).toBe('forbidden');
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
    expect(rowActions(usersPolicy, support, { ...live, id: support.id, role: ROLES.SUPPORT })).toEqual(['read', 'update']);
    expect(rowActions(usersPolicy, actor(ROLES.SUPERADMIN), { ...live, role: ROLES.ADMIN })).toEqual(['read', 'update', 'delete']);
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
    expect(usersPolicy.refusal(admin, 'send-password-link', { ...user, deleted_at: trashed.deleted_at })).toBe('forbidden');
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
    expect(clientsPolicy.scope(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toEqual({ kind: 'account', accountId: 'a1' });
    expect(workspacesPolicy.scope(actor(ROLES.THERAPIST, { account_id: 'a1' }))).toEqual({ kind: 'caseload', accountId: 'a1', userId: 'THERAPIST-id' });
    expect(workspacesPolicy.scope(actor(ROLES.STUDENT, { account_id: 'a1' }))).toEqual({ kind: 'self', accountId: 'a1', userId: 'STUDENT-id' });
    // A platform role that somehow carries an account id runs no account.
    expect(clientsPolicy.scope(actor(ROLES.SUPPORT, { account_id: 'a1' }))).toEqual({ kind: 'none' });
  });
});

describe('rules outside the engine', () => {
  it('files: platform staff see all; others their uploads and the files of records they read; an account admin also its unattached files', async () => {
    const { fileScope, filesPolicy } = await import('./index');
    expect(fileScope(actor(ROLES.SUPERADMIN))).toEqual({ kind: 'all' });
    expect(fileScope(actor(ROLES.EDITOR))).toEqual({ kind: 'records', userId: 'EDITOR-id', accountFiles: null, assigned: false });
    expect(fileScope(actor(ROLES.THERAPIST, { account_id: 'a1' }))).toEqual({ kind: 'records', userId: 'THERAPIST-id', accountFiles: null, assigned: false });
    expect(fileScope(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }))).toEqual({ kind: 'records', userId: 'ACCOUNT_ADMIN-id', accountFiles: 'a1', assigned: false });
    expect(fileScope(actor(ROLES.STUDENT, { account_id: 'a1' }))).toEqual({ kind: 'records', userId: 'STUDENT-id', accountFiles: null, assigned: true });
    const therapist = actor(ROLES.THERAPIST, { account_id: 'a1' });
    expect(filesPolicy.mayUpload(therapist)).toBe(true);
    expect(filesPolicy.mayUpload(actor(ROLES.STUDENT, { account_id: 'a1' }))).toBe(false);
    expect(filesPolicy.mayDelete(therapist, { created_by: therapist.id })).toBe(true);
    expect(filesPolicy.mayDelete(therapist, { created_by: 'someone-else' })).toBe(false);
    expect(filesPolicy.mayDelete(actor(ROLES.ACCOUNT_ADMIN, { account_id: 'a1' }), { created_by: 'someone-else' })).toBe(true);
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
