import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/users';
import { decideGuard } from './route-guard';

describe('route guard (seed §2/§6)', () => {
  it('allows a user holding the permission', () => {
    expect(decideGuard(makeUser('ACCOUNT_ADMIN'), 'PERMISSION_ADMIN_USERS')).toEqual({ allowed: true });
  });

  it('allows when any permission of a pipe list is held', () => {
    expect(decideGuard(makeUser('STUDENT'), 'PERMISSION_ADMIN_USERS|PERMISSION_PLAY_GAMES')).toEqual({ allowed: true });
  });

  it('PERMISSION_FULL passes every check', () => {
    expect(decideGuard(makeUser('SUPERADMIN'), 'PERMISSION_ADMIN_WORKSPACES')).toEqual({ allowed: true });
  });

  it('redirects a user with a permissions list to /dashboards', () => {
    expect(decideGuard(makeUser('STUDENT'), 'PERMISSION_ADMIN_USERS')).toEqual({
      allowed: false,
      redirectTo: '/dashboards',
    });
  });

  it('an empty permissions list is still a list: /dashboards', () => {
    expect(decideGuard(makeUser('STUDENT', { permissions: [] }), 'PERMISSION_ADMIN_USERS')).toEqual({
      allowed: false,
      redirectTo: '/dashboards',
    });
  });

  it('redirects to / when there is no stored user or no permissions list', () => {
    expect(decideGuard(null, 'PERMISSION_ADMIN_USERS')).toEqual({ allowed: false, redirectTo: '/' });
    expect(decideGuard({}, 'PERMISSION_ADMIN_USERS')).toEqual({ allowed: false, redirectTo: '/' });
  });

  it('uses an explicit redirect path when given', () => {
    expect(decideGuard(makeUser('STUDENT'), 'PERMISSION_ADMIN_USERS', '/players')).toEqual({
      allowed: false,
      redirectTo: '/players',
    });
    expect(decideGuard(null, 'PERMISSION_ADMIN_USERS', '/login')).toEqual({ allowed: false, redirectTo: '/login' });
  });
});
