import { okEnvelope, PERMISSIONS as P, RELATIONSHIPS_TO_STUDENT, TENANCY_NAMES, translate, WORKSPACE_ROLES } from '@habla/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceRoutes } from '../../crud/routes';
import { getRow, inTransaction, auditRows, type CrudContext } from '../../crud/service';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import { requestLanguage } from '../../lib/i18n';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/responses';
import { decryptText, secretKey } from '../../lib/secrets';
import { requireAuth, requirePermission, signedIn } from '../../plugins/access';
import { requestPasswordReset } from '../auth/password-reset';
import { fieldError, TENANCY_SERVER } from './resources';
import { makeStatements } from './statements';
import { studentsScope, workspacesScope } from './scopes';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const memberParams = z.object({ id: z.uuid({ error: 'validation.invalid' }), memberId: z.uuid({ error: 'validation.invalid' }) });
const member = z.object({
  id: z.string(),
  user_id: z.string(),
  full_name: z.string(),
  username: z.string(),
  role: z.string(),
  workspace_role: z.string(),
  relationship_to_student: z.string().nullable(),
});
const memberBody = z.strictObject({
  user_id: z.uuid({ error: 'validation.invalid' }),
  workspace_role: z.enum(WORKSPACE_ROLES, { error: 'validation.choice' }),
  relationship_to_student: z.enum(RELATIONSHIPS_TO_STUDENT, { error: 'validation.choice' }).nullable().optional(),
});

/** The tenancy resources on the generic engine, plus the actions around them (PRODUCT.md §7 paths). */
export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (req: FastifyRequest): CrudContext => ({ pool: poolOf(app.db), user: signedIn(req), now: app.now(), req });
  const say = (req: FastifyRequest, key: string) => translate(requestLanguage(req), key);

  for (const name of TENANCY_NAMES) await app.register(resourceRoutes(TENANCY_SERVER[name]), { prefix: `/${name}` });

  /** One workspace in the caller's scope, or 404. */
  async function workspaceInScope(c: CrudContext, id: string): Promise<{ id: string; account_id: string }> {
    const p = new SqlParams();
    const conds = [`t.id = ${p.add(id)}`, 't.deleted_at IS NULL'];
    const scope = workspacesScope(c.user, p);
    if (scope) conds.push(scope);
    const res = await c.pool.query(`SELECT t.id, t.account_id FROM workspaces t WHERE ${conds.join(' AND ')}`, p.values);
    const row = res.rows[0] as { id: string; account_id: string } | undefined;
    if (!row) throw notFound();
    return row;
  }

  async function members(c: CrudContext, workspaceId: string) {
    const res = await c.pool.query(
      `SELECT m.id, m.user_id, u.full_name, u.username, u.role, m.workspace_role, m.relationship_to_student
         FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 ORDER BY u.full_name, m.id`,
      [workspaceId],
    );
    return res.rows as z.infer<typeof member>[];
  }

  app.get('/workspaces/:id/members', {
    preValidation: requireAuth,
    schema: { tags: ['workspaces'], summary: 'Members of a workspace', params: idParams, response: { 200: okEnvelope(z.array(member)), ...errorResponses } },
    handler: async (req) => {
      const c = ctx(req);
      const ws = await workspaceInScope(c, req.params.id);
      return { status: true as const, data: await members(c, ws.id) };
    },
  });

  app.post('/workspaces/:id/members', {
    preValidation: requirePermission(P.ADMIN_WORKSPACES),
    schema: { tags: ['workspaces'], summary: 'Add a member (or change their workspace role)', params: idParams, body: memberBody, response: { 200: okEnvelope(z.array(member)), ...errorResponses } },
    handler: async (req) => {
      const c = ctx(req);
      const ws = await workspaceInScope(c, req.params.id);
      await inTransaction(c, TENANCY_SERVER.workspaces, async (client) => {
        // Members are adults of the workspace's own account (a parent, a therapist, a supervisor).
        const who = await client.query(`SELECT 1 FROM users WHERE id = $1 AND account_id = $2 AND role <> 'STUDENT' AND deleted_at IS NULL`, [req.body.user_id, ws.account_id]);
        if (!who.rowCount) throw fieldError('user_id', 'validation.notInAccount');
        await client.query(
          `INSERT INTO workspace_members (workspace_id, user_id, workspace_role, relationship_to_student, created_at, updated_at, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $5, $6, $6)
           ON CONFLICT (workspace_id, user_id) DO UPDATE SET workspace_role = EXCLUDED.workspace_role, relationship_to_student = EXCLUDED.relationship_to_student, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
          [ws.id, req.body.user_id, req.body.workspace_role, req.body.relationship_to_student ?? null, c.now, c.user.id],
        );
        await auditRows(client, c, TENANCY_SERVER.workspaces, 'member.add', [{ id: ws.id, changes: { member: req.body.user_id, workspace_role: req.body.workspace_role, relationship_to_student: req.body.relationship_to_student ?? null } }]);
      });
      return { status: true as const, data: await members(c, ws.id), message: say(req, 'messages.updated') };
    },
  });

  app.delete('/workspaces/:id/members/:memberId', {
    preValidation: requirePermission(P.ADMIN_WORKSPACES),
    schema: { tags: ['workspaces'], summary: 'Remove a member', params: memberParams, response: { 200: okEnvelope(z.array(member)), ...errorResponses } },
    handler: async (req) => {
      const c = ctx(req);
      const ws = await workspaceInScope(c, req.params.id);
      await inTransaction(c, TENANCY_SERVER.workspaces, async (client) => {
        const res = await client.query('DELETE FROM workspace_members WHERE id = $1 AND workspace_id = $2 RETURNING user_id', [req.params.memberId, ws.id]);
        if (!res.rowCount) throw notFound();
        await auditRows(client, c, TENANCY_SERVER.workspaces, 'member.remove', [{ id: ws.id, changes: { member: (res.rows[0] as { user_id: string }).user_id } }]);
      });
      return { status: true as const, data: await members(c, ws.id), message: say(req, 'messages.updated') };
    },
  });

  /** The full SSN of a user or client in scope, for callers with PERMISSION_REVEAL_SSN; audited. */
  for (const name of ['users', 'clients'] as const) {
    app.post(`/${name}/:id/reveal-ssn`, {
      preValidation: requirePermission(P.REVEAL_SSN),
      schema: { tags: [name], summary: 'Reveal the SSN (audited)', params: idParams, response: { 200: okEnvelope(z.object({ ssn: z.string().nullable() })), ...errorResponses } },
      handler: async (req) => {
        const c = ctx(req);
        const r = TENANCY_SERVER[name];
        await getRow(c, r, req.params.id);
        const res = await c.pool.query('SELECT ssn FROM users WHERE id = $1', [req.params.id]);
        const stored = (res.rows[0] as { ssn: string | null } | undefined)?.ssn ?? null;
        const ssn = stored ? decryptText(secretKey(app.config), stored) : null;
        await inTransaction(c, r, (client) => auditRows(client, c, r, 'ssn.reveal', [{ id: req.params.id, changes: null }]));
        return { status: true as const, data: { ssn } };
      },
    });
  }

  app.post('/users/:id/reset-password', {
    preValidation: requirePermission(P.ADMIN_USERS),
    schema: { tags: ['users'], summary: 'E-mail the user a link to set a new password', params: idParams, response: { 200: okEnvelope(z.object({ sent: z.boolean() })), ...errorResponses } },
    handler: async (req) => {
      const c = ctx(req);
      const row = await getRow(c, TENANCY_SERVER.users, req.params.id);
      if (!row.email) throw fieldError('email', 'validation.required');
      await requestPasswordReset(req, { login: String(row.email) });
      await inTransaction(c, TENANCY_SERVER.users, (client) => auditRows(client, c, TENANCY_SERVER.users, 'password.reset_sent', [{ id: row.id, changes: null }]));
      return { status: true as const, data: { sent: true }, message: say(req, 'messages.resetSent') };
    },
  });

  app.get('/users/:id/permissions', {
    preValidation: requirePermission(P.ADMIN_USERS),
    schema: { tags: ['users'], summary: "The permissions a user's role grants", params: idParams, response: { 200: okEnvelope(z.object({ role: z.string(), permissions: z.array(z.string()) })), ...errorResponses } },
    handler: async (req) => {
      const c = ctx(req);
      const row = await getRow(c, TENANCY_SERVER.users, req.params.id);
      const res = await c.pool.query('SELECT permission FROM role_permissions WHERE role = $1 ORDER BY permission', [row.role]);
      return { status: true as const, data: { role: String(row.role), permissions: res.rows.map((x: { permission: string }) => x.permission) } };
    },
  });

  const statement = z.object({ id: z.string(), billing_id: z.string(), product: z.string(), period_start: z.string(), period_end: z.string(), amount: z.string() });
  app.get('/accounts/:id/statements', {
    preValidation: requirePermission(`${P.ADMIN_ACCOUNTS}|${P.ADMIN_USERS}`),
    schema: {
      tags: ['accounts'],
      summary: "The account's billing statements, one per completed period, newest first",
      params: idParams,
      querystring: z.object({
        page: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0, { error: 'validation.range' }).max(100_000, { error: 'validation.range' }).default(0),
        max: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(1, { error: 'validation.range' }).default(25).transform((n) => Math.min(n, 100)),
      }),
      response: { 200: okEnvelope(z.array(statement)), ...errorResponses },
    },
    handler: async (req) => {
      const c = ctx(req);
      const account = await getRow(c, TENANCY_SERVER.accounts, req.params.id);
      const now = app.now();
      await makeStatements(c.pool, account.id, now.toISOString().slice(0, 10), now);
      const [rows, total] = await Promise.all([
        c.pool.query(
          `SELECT s.id, s.billing_id, b.product, s.period_start, s.period_end, s.amount FROM billing_statements s JOIN billings b ON b.id = s.billing_id
            WHERE s.account_id = $1 ORDER BY s.period_start DESC, s.id DESC LIMIT $2 OFFSET $3`,
          [account.id, req.query.max, req.query.page * req.query.max],
        ),
        c.pool.query('SELECT count(*)::int AS n FROM billing_statements WHERE account_id = $1', [account.id]),
      ]);
      return { status: true as const, data: rows.rows as z.infer<typeof statement>[], meta: { page: req.query.page, max: req.query.max, total: (total.rows[0] as { n: number }).n } };
    },
  });

  /**
   * The header's student and workspace selector (seed §4): the students the caller may see, each with
   * the workspaces the caller may see. A student sees themself.
   */
  app.get('/selector', {
    preValidation: requireAuth,
    schema: {
      tags: ['workspaces'],
      summary: 'Students and workspaces for the header selector',
      querystring: z.object({ q: z.string().max(100, { error: 'validation.tooLong' }).optional() }),
      response: {
        200: okEnvelope(z.array(z.object({ student_id: z.string(), name: z.string(), workspaces: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })) }))),
        ...errorResponses,
      },
    },
    handler: async (req) => {
      const c = ctx(req);
      const p = new SqlParams();
      const students = studentsScope(c.user, p);
      const wsScope = workspacesScope(c.user, p, 'w') ?? 'true';
      const search = req.query.q?.trim() ? `AND t.full_name ILIKE ${p.add(`%${req.query.q.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}` : '';
      const res = await c.pool.query(
        `SELECT t.id AS student_id, t.full_name AS name,
                COALESCE((SELECT json_agg(json_build_object('id', w.id, 'name', w.name, 'type', w.type) ORDER BY w.name)
                            FROM workspaces w WHERE w.student_id = t.id AND w.deleted_at IS NULL AND ${wsScope}), '[]'::json) AS workspaces
           FROM users t WHERE t.deleted_at IS NULL AND ${students} ${search} ORDER BY t.full_name, t.id LIMIT 200`,
        p.values,
      );
      return { status: true as const, data: res.rows as never };
    },
  });

};
