import { ROLE_DEFAULT_PERMISSIONS, type Role } from '@habla/shared/roles';
import type { SessionUser } from '@habla/shared/schemas/auth';

/** A stored user of a role with that role's default permissions (docs/product.md §3). */
export function makeUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `${role.toLowerCase()}-id`,
    email: `${role.toLowerCase()}@example.com`,
    username: role.toLowerCase(),
    first_name: 'Ana',
    last_name: 'Pérez',
    role,
    account_id: null,
    language: 'en',
    permissions: [...ROLE_DEFAULT_PERMISSIONS[role]],
    view_options: [],
    ...overrides,
  };
}
