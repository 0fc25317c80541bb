import {
  ACCOUNT_TRANSITIONS,
  DEFAULT_APP_CONFIGURATION,
  billingsPolicy,
  grantableRoles,
  isPlatformRole,
  organizationsPolicy,
  ROLES,
  TENANCY_RESOURCES,
  type Role,
  type TenancyName,
} from '@habla/shared';
import crypto from 'node:crypto';
import type { PoolClient } from 'pg';
import type { CrudContext, ServerResource, WriteBody, WriteExtras } from '../../crud/contract';
import { AppError, fieldError } from '../../lib/errors';
import { encryptText, isMaskedSsn, maskSsn, normalizeSsn, secretKey } from '../../lib/secrets';
import { assertAcceptablePassword } from '../auth/auth.service';
import { issueResetLink, requestPasswordReset } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { accountRows, accountsScope, adultsScope, studentsScope, workspacesScope } from './scopes';

type Body = WriteBody;
/** The role literal in SQL text (one place names roles: `ROLES`). */
const STUDENT = `'${ROLES.STUDENT}'`;

/**
 * The account a new row belongs to: always the caller's own for account members (whatever the body
 * says); platform staff name it, and it must exist.
 */
async function owningAccount(
  client: PoolClient,
  ctx: CrudContext,
  body: Body,
  required: boolean,
): Promise<string | null> {
  if (ctx.actor.account_id) {
    body.account_id = ctx.actor.account_id;
    return ctx.actor.account_id;
  }
  const given = typeof body.account_id === 'string' ? body.account_id : null;
  if (!given) {
    if (required) throw fieldError('account_id', 'validation.accountRequired');
    return null;
  }
  const res = await client.query('SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL', [given]);
  if (!res.rowCount) throw fieldError('account_id', 'validation.missingReference');
  return given;
}

/** Account members never move a row to another account; platform staff may. */
function keepAccount(ctx: CrudContext, body: Body, before: Body): void {
  if (ctx.actor.account_id || body.account_id === undefined) body.account_id = before.account_id;
}

/** Limits of docs/product.md §2, checked on create with the account row locked (two racing creates cannot both pass).
 * */
async function checkLimit(client: PoolClient, accountId: string, kind: 'students' | 'adults'): Promise<void> {
  const acc = await client.query('SELECT max_students, max_adults FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  const row = acc.rows[0] as { max_students: number; max_adults: number } | undefined;
  if (!row) return;
  const cond = kind === 'students' ? `role = ${STUDENT}` : `role <> ${STUDENT}`;
  const n = await client.query(
    `SELECT count(*)::int AS n FROM users WHERE account_id = $1 AND deleted_at IS NULL AND ${cond}`,
    [accountId],
  );
  const max = kind === 'students' ? row.max_students : row.max_adults;
  if ((n.rows[0] as { n: number }).n >= max) {
    throw new AppError(
      400,
      'LIMIT',
      kind === 'students' ? 'validation.limitStudents' : 'validation.limitAdults',
      { maximum: max },
      {
        [kind === 'students' ? 'account_id' : 'role']:
          kind === 'students' ? 'validation.limitStudents' : 'validation.limitAdults',
      },
    );
  }
}

/** End every live session of these users (disabled, removed, or given a new password by an admin). */
async function endSessions(client: PoolClient, userIds: string[], now: Date): Promise<void> {
  await client.query(
    'UPDATE sessions SET revoked_at = $2, updated_at = $2 WHERE user_id = ANY($1::uuid[]) AND revoked_at IS NULL',
    [userIds, now],
  );
}

/** Username and e-mail are stored lower-case; the SSN encrypted with its last four digits beside it. */
async function personColumns(ctx: CrudContext, body: Body): Promise<WriteExtras> {
  const extras: WriteExtras = {};
  if (typeof body.username === 'string') body.username = body.username.toLowerCase();
  if (typeof body.email === 'string') body.email = body.email.toLowerCase();
  if (body.ssn !== undefined) {
    if (isMaskedSsn(body.ssn)) delete body.ssn;
    else if (body.ssn === null) Object.assign(extras, { ssn: null, ssn_last4: null });
    else {
      const ssn = normalizeSsn(String(body.ssn));
      extras.ssn = encryptText(secretKey(ctx.config), ssn);
      extras.ssn_last4 = ssn.slice(-4);
    }
  }
  if (typeof body.password === 'string') {
    assertAcceptablePassword(body.password, 'password');
    extras.password_hash = await hashPassword(body.password);
  }
  delete body.password;
  return extras;
}

/** On create without a password: an unusable random one; the person sets theirs through an e-mailed link. */
async function initialPassword(extras: WriteExtras): Promise<void> {
  if (!extras.password_hash) extras.password_hash = await hashPassword(crypto.randomBytes(24).toString('base64url'));
}

const presentPerson: NonNullable<ServerResource['present']> = (row, raw) => {
  row.ssn = maskSsn(raw.ssn_last4 as string | null);
};

/** Nobody changes their own role, status or account, nor deletes themselves. */
function guardSelf(ctx: CrudContext, body: Body, before: Body): void {
  if (before.id !== ctx.actor.id) return;
  for (const field of ['role', 'status', 'account_id'] as const) {
    if (body[field] !== undefined && body[field] !== before[field]) throw fieldError(field, 'validation.ownRecord');
  }
}

async function endSessionsIfBlocked(
  client: PoolClient,
  ctx: CrudContext,
  id: string,
  body: Body,
  extras?: WriteExtras,
): Promise<void> {
  if (body.status === 'DISABLED' || extras?.password_hash) await endSessions(client, [id], ctx.now);
}

const users: ServerResource = {
  def: TENANCY_RESOURCES.users,
  table: 'users',
  entity: 'users',
  tenantColumn: 'account_id',
  relations: { account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope } },
  many: {},
  scope: adultsScope,
  present: presentPerson,
  extraSelect: ['ssn_last4'],
  hooks: {
    async beforeCreate(client, ctx, body) {
      const role = body.role as Role;
      if (!grantableRoles(ctx.actor).includes(role)) throw fieldError('role', 'validation.roleNotAllowed');
      if (isPlatformRole(role)) {
        if (ctx.actor.account_id) throw fieldError('role', 'validation.roleNotAllowed');
        body.account_id = null;
      } else {
        const account = await owningAccount(client, ctx, body, true);
        await checkLimit(client, account!, 'adults');
      }
      const invite = typeof body.password !== 'string' && typeof body.email === 'string';
      const extras = await personColumns(ctx, body);
      await initialPassword(extras);
      // No password given: the person sets one through an e-mailed link, once the user exists.
      if (invite) (ctx.afterCommit ??= []).push(() => requestPasswordReset(ctx, { login: String(body.email) }));
      return extras;
    },
    async beforeUpdate(client, ctx, body, before) {
      guardSelf(ctx, body, before);
      keepAccount(ctx, body, before);
      if (body.role !== undefined && body.role !== before.role) {
        const grantable = grantableRoles(ctx.actor);
        if (!grantable.includes(body.role as Role) || !grantable.includes(before.role as Role))
          throw fieldError('role', 'validation.roleNotAllowed');
        if (isPlatformRole(body.role as Role) !== isPlatformRole(before.role as Role))
          throw fieldError('role', 'validation.roleNotAllowed');
      } else if (!grantableRoles(ctx.actor).includes(before.role as Role) && before.id !== ctx.actor.id) {
        // An account admin may not edit a platform user (out of scope anyway) nor a SUPERADMIN unless one.
        throw fieldError('role', 'validation.roleNotAllowed');
      }
      const extras = await personColumns(ctx, body);
      await endSessionsIfBlocked(client, ctx, String(before.id), body, extras);
      return extras;
    },
    async beforeDelete(client, ctx, ids, deleted) {
      if (ids.includes(ctx.actor.id)) throw fieldError('ids', 'validation.ownRecord');
      if (deleted) await endSessions(client, ids, ctx.now);
    },
  },
  actions: {
    /** E-mail each user a link to set a new password (decision 010): the links and their e-mail jobs commit together.
     * */
    async 'send-password-link'({ client, ctx, rows }) {
      const { jobs } = ctx;
      if (!jobs) throw new Error('send-password-link needs a context with the job queue');
      for (const row of rows) {
        const user = {
          id: String(row.id),
          email: String(row.email),
          username: String(row.username),
          language: (row.language as string | null) ?? null,
          first_name: (row.first_name as string | null) ?? null,
        };
        await issueResetLink(client, { config: ctx.config, jobs }, user, ctx.now, ctx.actor.id);
      }
      (ctx.afterCommit ??= []).push(async () => jobs.wake('email.send'));
    },
  },
};

const clients: ServerResource = {
  def: TENANCY_RESOURCES.clients,
  table: 'users',
  entity: 'clients',
  tenantColumn: 'account_id',
  relations: { account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope } },
  many: {},
  scope: studentsScope,
  present: presentPerson,
  extraSelect: ['ssn_last4'],
  hooks: {
    async beforeCreate(client, ctx, body) {
      const account = await owningAccount(client, ctx, body, true);
      await checkLimit(client, account!, 'students');
      const extras = await personColumns(ctx, body);
      await initialPassword(extras);
      extras.role = ROLES.STUDENT;
      if (body.client_status === undefined || body.client_status === null) body.client_status = 'active';
      return extras;
    },
    async beforeUpdate(client, ctx, body, before) {
      guardSelf(ctx, body, before);
      keepAccount(ctx, body, before);
      if (body.account_id !== before.account_id) {
        // A student moving between accounts would leave their workspaces behind: not through this form.
        throw fieldError('account_id', 'validation.notInAccount');
      }
      const extras = await personColumns(ctx, body);
      await endSessionsIfBlocked(client, ctx, String(before.id), body, extras);
      return extras;
    },
    async beforeDelete(client, ctx, ids, deleted) {
      if (deleted) await endSessions(client, ids, ctx.now);
    },
  },
};

const accounts: ServerResource = {
  def: TENANCY_RESOURCES.accounts,
  table: 'accounts',
  entity: 'accounts',
  tenantColumn: 'id',
  relations: {},
  many: {},
  scope: accountsScope,
  hooks: {
    async beforeUpdate(_client, ctx, body, before) {
      const from = before.status as keyof typeof ACCOUNT_TRANSITIONS;
      const to = body.status as string | undefined;
      if (to === undefined || to === from) return;
      const allowed =
        ACCOUNT_TRANSITIONS[from]?.includes(to) || (from === 'CANCELED' && ctx.actor.role === ROLES.SUPERADMIN);
      if (!allowed) throw fieldError('status', 'validation.statusTransition', { from, to });
    },
  },
};

const organizations: ServerResource = {
  def: TENANCY_RESOURCES.organizations,
  table: 'organizations',
  entity: 'organizations',
  tenantColumn: 'account_id',
  relations: { account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope } },
  many: {},
  scope: (u, p) => accountRows(u, p, 't.account_id', organizationsPolicy),
  hooks: {
    async beforeCreate(client, ctx, body) {
      await owningAccount(client, ctx, body, false);
    },
    async beforeUpdate(_client, ctx, body, before) {
      keepAccount(ctx, body, before);
    },
  },
};

const plans: ServerResource = {
  def: TENANCY_RESOURCES.plans,
  table: 'plans',
  entity: 'plans',
  relations: {},
  many: {},
};

const billings: ServerResource = {
  def: TENANCY_RESOURCES.billings,
  table: 'billings',
  entity: 'billings',
  tenantColumn: 'account_id',
  relations: {
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
    plan_id: { targetTable: 'plans', targetTitle: 'code' },
  },
  many: {},
  scope: (u, p) => accountRows(u, p, 't.account_id', billingsPolicy),
  hooks: {
    async beforeCreate(client, ctx, body) {
      await owningAccount(client, ctx, body, true);
    },
    async beforeUpdate(_client, ctx, body, before) {
      keepAccount(ctx, body, before);
    },
  },
};

/**
 * Most workspaces per student: `max_workspace` of the stored app configuration (the MLA row, where
 * the product's workspaces live; decision 012), the seed's default if the row is missing.
 */
async function maxWorkspaces(client: PoolClient): Promise<number> {
  const res = await client.query("SELECT max_workspace FROM app_configuration WHERE module = 'MLA'");
  return (
    (res.rows[0] as { max_workspace: number } | undefined)?.max_workspace ?? DEFAULT_APP_CONFIGURATION.max_workspace
  );
}

/** A workspace's student must be a student the caller sees; its account is the student's. */
async function workspaceRules(client: PoolClient, ctx: CrudContext, body: Body, before?: Body): Promise<WriteExtras> {
  const studentId = (body.student_id ?? before?.student_id) as string;
  const student = await client.query(
    `SELECT account_id FROM users WHERE id = $1 AND role = ${STUDENT} AND deleted_at IS NULL`,
    [studentId],
  );
  const account = (student.rows[0] as { account_id: string } | undefined)?.account_id;
  if (!account) throw fieldError('student_id', 'validation.notStudent');
  if (ctx.actor.account_id && account !== ctx.actor.account_id)
    throw fieldError('student_id', 'validation.missingReference');
  const supervisor = body.supervisor_id === undefined ? before?.supervisor_id : body.supervisor_id;
  if (supervisor) {
    const sup = await client.query(
      `SELECT 1 FROM users WHERE id = $1 AND account_id = $2 AND role <> ${STUDENT} AND deleted_at IS NULL`,
      [supervisor, account],
    );
    if (!sup.rowCount) throw fieldError('supervisor_id', 'validation.notInAccount');
  }
  // Only a new workspace or one moving to another student takes a place (a change of name does not).
  if (!before || (body.student_id !== undefined && body.student_id !== before.student_id)) {
    const max = await maxWorkspaces(client);
    // Serialise workspace creation per student so two requests cannot both take the last place.
    await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [studentId]);
    const n = await client.query(
      'SELECT count(*)::int AS n FROM workspaces WHERE student_id = $1 AND deleted_at IS NULL',
      [studentId],
    );
    if ((n.rows[0] as { n: number }).n >= max)
      throw fieldError('student_id', 'validation.limitWorkspaces', { maximum: max });
  }
  return { account_id: account };
}

const workspaces: ServerResource = {
  def: TENANCY_RESOURCES.workspaces,
  table: 'workspaces',
  entity: 'workspaces',
  tenantColumn: 'account_id',
  relations: {
    student_id: { targetTable: 'users', targetTitle: 'full_name', scope: studentsScope },
    supervisor_id: { targetTable: 'users', targetTitle: 'full_name', scope: adultsScope },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: workspacesScope,
  hooks: {
    async beforeCreate(client, ctx, body) {
      return workspaceRules(client, ctx, body);
    },
    async beforeUpdate(client, ctx, body, before) {
      const extras = await workspaceRules(client, ctx, body, before);
      return extras.account_id === before.account_id ? {} : extras;
    },
    async beforeDelete(client, _ctx, ids, deleted) {
      if (deleted) return;
      // Restoring must respect the per-student limit too.
      const max = await maxWorkspaces(client);
      const over = await client.query(
        `SELECT w.student_id FROM workspaces w WHERE w.id = ANY($1::uuid[])
           AND (SELECT count(*) FROM workspaces x WHERE x.student_id = w.student_id AND (x.deleted_at IS NULL OR x.id = ANY($1::uuid[]))) > $2 LIMIT 1`,
        [ids, max],
      );
      if (over.rowCount) throw fieldError('student_id', 'validation.limitWorkspaces', { maximum: max });
    },
  },
};

export const TENANCY_SERVER: Record<TenancyName, ServerResource> = {
  accounts,
  plans,
  organizations,
  billings,
  users,
  clients,
  workspaces,
};
