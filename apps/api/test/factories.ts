import { isPlatformRole, type Role } from '@habla/shared';
import crypto from 'node:crypto';
import type { App } from '../src/app';
import type { DbOrTx } from '../src/db/client';
import { createAccount, createUser } from '../src/modules/users/users.service';

export const TEST_PASSWORD = 'Correct-Horse-Battery-42';

export type BuiltUser = {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  accountId: string | null;
};

const unique = () => crypto.randomBytes(4).toString('hex');

/** A user of `role`; account roles get a fresh ACTIVE account unless `accountId` is given. */
export async function buildUser(
  db: DbOrTx,
  opts: {
    role?: Role;
    accountId?: string | null;
    accountStatus?: string;
    status?: 'ACTIVE' | 'DISABLED';
    username?: string;
    email?: string;
    password?: string;
    language?: 'en' | 'es';
    now?: Date;
  } = {},
): Promise<BuiltUser> {
  const role = opts.role ?? 'THERAPIST';
  const now = opts.now ?? new Date();
  const username = opts.username ?? `${role.toLowerCase()}_${unique()}`;
  const email = opts.email ?? `${username}@example.test`;
  const password = opts.password ?? TEST_PASSWORD;
  let accountId = opts.accountId ?? null;
  if (!isPlatformRole(role) && opts.accountId === undefined) {
    accountId = await createAccount(db, {
      name: `Account ${unique()}`,
      membership_type: 'therapist_center',
      status: opts.accountStatus,
      now,
    });
  }
  const id = await createUser(db, {
    email,
    username,
    password,
    role,
    account_id: accountId,
    first_name: 'Test',
    last_name: role.charAt(0) + role.slice(1).toLowerCase(),
    status: opts.status,
    language: opts.language,
    now,
  });
  return { id, username, email, password, role, accountId };
}

/** Sign in through the API; returns the token and ready-made headers. */
export async function login(
  app: App,
  loginName: string,
  password: string,
): Promise<{ token: string; headers: { authorization: string } }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password } });
  if (res.statusCode !== 200) throw new Error(`login failed (${res.statusCode}): ${res.body}`);
  const token = (res.json() as { token: string }).token;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A new user of `role`, signed in. */
export async function loginAs(app: App, role: Role, opts: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(app.db, { ...opts, role });
  return { user, ...(await login(app, user.username, user.password)) };
}
