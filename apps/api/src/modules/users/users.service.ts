import { ROLES, type Language, type MembershipType, type Role } from '@habla/shared';
import { eq, or, sql } from 'drizzle-orm';
import { invalidateCounts } from '../../crud/service';
import type { DbOrTx } from '../../db/client';
import { accounts, organizations, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';

/** Free-trial limits per membership type: a family needs few seats, a center many. */
const TRIAL_LIMITS: Record<MembershipType, { max_students: number; max_adults: number }> = {
  parent: { max_students: 3, max_adults: 4 },
  therapist: { max_students: 10, max_adults: 2 },
  school: { max_students: 50, max_adults: 20 },
  therapist_center: { max_students: 50, max_adults: 20 },
};

export type NewAccount = {
  name: string;
  membership_type: MembershipType;
  type?: 'natural_person' | 'legal_person';
  status?: string;
  membership_length?: string;
  actorId?: string | null;
  now: Date;
};

/** Create an account (and, for a legal person, its organization row). */
export async function createAccount(db: DbOrTx, input: NewAccount): Promise<string> {
  const legal =
    input.type ??
    (input.membership_type === 'school' || input.membership_type === 'therapist_center'
      ? 'legal_person'
      : 'natural_person');
  const stamp = {
    created_at: input.now,
    updated_at: input.now,
    created_by: input.actorId ?? null,
    updated_by: input.actorId ?? null,
  };
  const [account] = await db
    .insert(accounts)
    .values({
      name: input.name,
      status: input.status ?? 'ACTIVE',
      type: legal,
      membership_type: input.membership_type,
      membership_length: input.membership_length ?? 'free_trial',
      start_date: input.now.toISOString().slice(0, 10),
      ...TRIAL_LIMITS[input.membership_type],
      ...stamp,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account insert returned nothing');
  if (legal === 'legal_person') {
    const entityType =
      input.membership_type === 'school'
        ? 'school'
        : input.membership_type === 'therapist_center'
          ? 'therapist_center'
          : 'other';
    await db
      .insert(organizations)
      .values({ name: input.name, account_id: account.id, entity_type: entityType, ...stamp });
  }
  return account.id;
}

export type NewUser = {
  email: string | null;
  username: string;
  password: string;
  role: Role;
  account_id: string | null;
  first_name: string;
  last_name: string;
  language?: Language;
  status?: 'ACTIVE' | 'DISABLED';
  relationship_to_student?: string | null;
  occupation?: string | null;
  actorId?: string | null;
  now: Date;
};

/** Create a user and its profile; the password is hashed here and nowhere else. */
export async function createUser(db: DbOrTx, input: NewUser): Promise<string> {
  const password_hash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email?.toLowerCase() ?? null,
      username: input.username.toLowerCase(),
      password_hash,
      role: input.role,
      status: input.status ?? 'ACTIVE',
      account_id: input.account_id,
      language: input.language ?? 'en',
      first_name: input.first_name,
      last_name: input.last_name,
      relationship_to_student: input.relationship_to_student ?? null,
      occupation: input.occupation ?? null,
      client_status: input.role === ROLES.STUDENT ? 'active' : null,
      created_at: input.now,
      updated_at: input.now,
      created_by: input.actorId ?? null,
      updated_by: input.actorId ?? null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  // The users' cached totals (the lists', the students analytics') count the new user from now on.
  invalidateCounts('users');
  return user.id;
}

/**
 * The platform's owner (the CLI's `create-superadmin`): a SUPERADMIN user, audited under the
 * context's request id (`cli:create-superadmin:…`), in one transaction. 409 naming a taken field.
 */
export async function createSuperadminUser(
  ctx: ServiceContext,
  input: { email: string; username: string; password: string },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const taken = await takenField(tx, input.email, input.username);
    if (taken) throw conflict(taken);
    const id = await createUser(tx, {
      ...input,
      role: ROLES.SUPERADMIN,
      account_id: null,
      first_name: 'Platform',
      last_name: 'Owner',
      actorId: ctx.actor?.id ?? null,
      now: ctx.now,
    });
    await audit(tx, ctx, {
      action: 'create',
      entity: 'users',
      entityId: id,
      changes: { email: input.email, username: input.username, role: ROLES.SUPERADMIN },
    });
    return id;
  });
}

/** Which of e-mail / username is already taken (case-insensitive), e-mail first. */
export async function takenField(
  db: DbOrTx,
  email: string | null,
  username: string,
): Promise<'email' | 'username' | undefined> {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(
        email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : sql`false`,
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    );
  if (email && rows.some((r) => r.email?.toLowerCase() === email.toLowerCase())) return 'email';
  if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) return 'username';
  return undefined;
}

/** Find a user by e-mail or username, case-insensitively. */
export function loginCondition(login: string) {
  const key = login.trim().toLowerCase();
  return or(eq(sql`lower(${users.email})`, key), eq(sql`lower(${users.username})`, key));
}
