import { accountsPolicy, billingsPolicy, organizationsPolicy } from '@habla/shared/policies/index';
import { isPlatformRole, ROLE_DEFAULT_PERMISSIONS, type Role } from '@habla/shared/roles';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/users';
import { activeGroupFor, filterNavigation, NAVIGATION, type NavItem } from './navigation';

const ids = (items: NavItem[]): string[] => items.flatMap((i) => [i.id, ...(i.children ? ids(i.children) : [])]);

describe('menu filtered by permission', () => {
  it('SUPERADMIN (PERMISSION_FULL) sees every entry', () => {
    expect(ids(filterNavigation(NAVIGATION, makeUser('SUPERADMIN')))).toEqual(ids(NAVIGATION));
  });

  it('a STUDENT sees no Administration, only what a player needs', () => {
    const visible = ids(filterNavigation(NAVIGATION, makeUser('STUDENT')));
    expect(visible).not.toContain('administration');
    expect(visible).toEqual(['dashboard', 'player', 'setting']);
  });

  it('an ACCOUNT_ADMIN sees the account side of Administration but not the platform owner screens', () => {
    const admin = filterNavigation(NAVIGATION, makeUser('ACCOUNT_ADMIN')).find((i) => i.id === 'administration');
    const children = ids(admin?.children ?? []);
    expect(children).toEqual(expect.arrayContaining(['users', 'workspaces', 'rolePermissions', 'generalProfile']));
    expect(children).not.toContain('plans');
    expect(children).not.toContain('appConfiguration');
  });

  it('a THERAPIST sees clients, contents and analytics but no administration', () => {
    const visible = ids(filterNavigation(NAVIGATION, makeUser('THERAPIST')));
    expect(visible).toEqual(
      expect.arrayContaining(['clients', 'students', 'games', 'levels', 'analytics', 'assessments']),
    );
    expect(visible).not.toContain('administration');
    expect(visible).not.toContain('reports');
  });

  it('the Jobs entry follows the jobs policy: platform staff who run accounts, never a member of an account', () => {
    expect(ids(filterNavigation(NAVIGATION, makeUser('ADMIN')))).toContain('jobs');
    expect(ids(filterNavigation(NAVIGATION, makeUser('SUPPORT')))).not.toContain('jobs');
    const granted = makeUser('ACCOUNT_ADMIN', {
      account_id: 'account-1',
      permissions: [...ROLE_DEFAULT_PERMISSIONS.ACCOUNT_ADMIN, 'PERMISSION_ADMIN_ACCOUNTS'],
    });
    expect(ids(filterNavigation(NAVIGATION, granted))).not.toContain('jobs');
  });

  it('no user sees only the entries without a permission', () => {
    expect(ids(filterNavigation(NAVIGATION, null))).toEqual(['dashboard', 'setting']);
  });

  it('every menu label of the seed is present', () => {
    const labels = ids(NAVIGATION);
    for (const id of [
      'dashboard',
      'analytics',
      'player',
      'catalogs',
      'grammaticals',
      'setting',
      'administration',
      'contents',
      'assessments',
      'users',
      'workspaces',
      'gamesAnalytics',
      'activitiesAnalytics',
      'reportAnalytics',
      'plans',
      'organizations',
      'comments',
      'notifications',
      'appConfiguration',
      'studentsAnalytics',
      'usersAnalytics',
      'billings',
      'localVocabulary',
    ]) {
      expect(labels).toContain(id);
    }
  });

  it('finds the group of the current page', () => {
    expect(activeGroupFor(NAVIGATION, '/catalogs/verbs')).toBe('catalogs');
    expect(activeGroupFor(NAVIGATION, '/administration/accounts/edit/3')).toBe('administration');
    expect(activeGroupFor(NAVIGATION, '/dashboards')).toBeUndefined();
  });
});

describe('menu entries of resources follow their policies (decision 009)', () => {
  const roles = Object.keys(ROLE_DEFAULT_PERMISSIONS) as Role[];

  it('organizations and billings show exactly to those the API lets list them; accounts to those who may open one', () => {
    for (const role of roles) {
      const user = makeUser(role, { account_id: isPlatformRole(role) ? null : 'account-1' });
      const visible = ids(filterNavigation(NAVIGATION, user));
      expect(visible.includes('organizations'), `${role} organizations`).toBe(organizationsPolicy.can(user, 'list'));
      expect(visible.includes('billings'), `${role} billings`).toBe(billingsPolicy.can(user, 'list'));
      expect(visible.includes('accounts'), `${role} accounts`).toBe(accountsPolicy.can(user, 'read'));
    }
  });

  it('SUPPORT, who reads organizations through the API, now finds them in the menu', () => {
    expect(ids(filterNavigation(NAVIGATION, makeUser('SUPPORT')))).toContain('organizations');
  });
});
