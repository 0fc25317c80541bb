import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_PERMISSIONS, PERMISSIONS, hasPermission } from './permissions';
import { ROLE_DEFAULT_PERMISSIONS, ROLE_VALUES } from './roles';

const permissionName = fc.constantFrom(...ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.FULL));
const permissionList = fc.uniqueArray(permissionName, { maxLength: 8 });
const requirement = fc.array(permissionName, { minLength: 1, maxLength: 5 });

describe('hasPermission', () => {
  it('passes when any one of the piped names is held, and only then', () => {
    fc.assert(
      fc.property(permissionList, requirement, (held, wanted) => {
        const expected = wanted.some((w) => held.includes(w));
        expect(hasPermission({ permissions: held }, wanted.join('|'))).toBe(expected);
      }),
    );
  });

  it('ignores spaces and empty parts around pipes', () => {
    fc.assert(
      fc.property(permissionList, requirement, (held, wanted) => {
        const spaced = ['', ...wanted.map((w) => ` ${w} `), ''].join('|');
        expect(hasPermission({ permissions: held }, spaced)).toBe(
          hasPermission({ permissions: held }, wanted.join('|')),
        );
      }),
    );
  });

  it('PERMISSION_FULL passes every check', () => {
    fc.assert(
      fc.property(permissionList, requirement, (held, wanted) => {
        expect(hasPermission({ permissions: [...held, PERMISSIONS.FULL] }, wanted.join('|'))).toBe(true);
      }),
    );
  });

  it('no holder, no list or an empty list fails', () => {
    fc.assert(
      fc.property(requirement, (wanted) => {
        const req = wanted.join('|');
        expect(hasPermission(null, req)).toBe(false);
        expect(hasPermission(undefined, req)).toBe(false);
        expect(hasPermission({}, req)).toBe(false);
        expect(hasPermission({ permissions: null }, req)).toBe(false);
        expect(hasPermission({ permissions: [] }, req)).toBe(false);
      }),
    );
  });

  it('a name is matched whole, never as a prefix', () => {
    expect(hasPermission({ permissions: ['PERMISSION_ADMIN_CATALOGS'] }, 'PERMISSION_ADMIN_CATALOGS_VERBS')).toBe(
      false,
    );
    expect(hasPermission({ permissions: ['PERMISSION_ADMIN_CATALOGS_VERBS'] }, 'PERMISSION_ADMIN_CATALOGS')).toBe(
      false,
    );
  });

  it('an empty requirement fails unless the holder has FULL', () => {
    expect(hasPermission({ permissions: [PERMISSIONS.READ_GAMES] }, '')).toBe(false);
    expect(hasPermission({ permissions: [PERMISSIONS.FULL] }, '')).toBe(true);
  });
});

describe('role defaults', () => {
  it('every role has defaults made only of known permission names', () => {
    for (const role of ROLE_VALUES) {
      const list = ROLE_DEFAULT_PERMISSIONS[role];
      expect(list.length).toBeGreaterThan(0);
      for (const p of list) expect(ALL_PERMISSIONS).toContain(p);
    }
  });

  it('only SUPERADMIN holds PERMISSION_FULL; students only play', () => {
    for (const role of ROLE_VALUES) {
      expect(ROLE_DEFAULT_PERMISSIONS[role].includes(PERMISSIONS.FULL)).toBe(role === 'SUPERADMIN');
    }
    expect(hasPermission({ permissions: [...ROLE_DEFAULT_PERMISSIONS.STUDENT] }, PERMISSIONS.ADMIN_USERS)).toBe(false);
    expect(hasPermission({ permissions: [...ROLE_DEFAULT_PERMISSIONS.STUDENT] }, PERMISSIONS.PLAY_GAMES)).toBe(true);
  });
});
