import {
  actionOf,
  billingStatementSchema,
  clientActions,
  okEnvelope,
  PERMISSIONS as P,
  revealedSsnSchema,
  selectorStudentSchema,
  TENANCY_NAMES,
  translate,
  userActions,
  usersPolicy,
  workspaceActions,
  workspaceMemberBodySchema,
  workspaceMemberSchema,
} from '@habla/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runAction } from '../../crud/actions';
import { resourceRoutes } from '../../crud/routes';
import { idParams, pagingQuery } from '../../crud/schemas';
import { getRow, type CrudContext } from '../../crud/service';
import { actorContextOf } from '../../lib/context';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requireAuth, requirePermission, requireRule } from '../../plugins/access';

import { permissionsOfRole } from '../role-permissions/role-permissions.service';
import { TENANCY_SERVER } from './resources';
import { listStatements } from './statements';
import {
  addWorkspaceMember,
  getLiveWorkspace,
  listSelectorStudents,
  listWorkspaceMembers,
  removeWorkspaceMember,
  revealSsn,
} from './tenancy.service';

const memberParams = idParams.extend({ memberId: z.uuid({ error: 'validation.invalid' }) });
const member = workspaceMemberSchema;
const memberBody = workspaceMemberBodySchema;
const statement = billingStatementSchema;
const selectorStudent = selectorStudentSchema;

/** The tenancy resources on the generic engine, plus the actions around them (docs/product.md §7 paths). */
export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The service context, built once per request (lib/context.ts). */
  const ctx = (req: FastifyRequest): CrudContext => actorContextOf(req);
  const say = (req: FastifyRequest, key: string) => translate(requestLanguage(req), key);

  for (const name of TENANCY_NAMES) await app.register(resourceRoutes(TENANCY_SERVER[name]), { prefix: `/${name}` });

  app.get('/workspaces/:id/members', {
    preValidation: requireRule(workspaceActions.readMembers),
    schema: {
      tags: ['workspaces'],
      summary: 'Members of a workspace',
      params: idParams,
      response: { 200: okEnvelope(z.array(member)), ...errorResponses },
    },
    handler: async (req) => {
      const c = ctx(req);
      const ws = await getLiveWorkspace(c, req.params.id);
      return { status: true as const, data: await listWorkspaceMembers(c, ws.id) };
    },
  });

  app.post('/workspaces/:id/members', {
    preValidation: requireRule(workspaceActions.manageMembers),
    schema: {
      tags: ['workspaces'],
      summary: 'Add a member (or change their workspace role)',
      params: idParams,
      body: memberBody,
      response: { 200: okEnvelope(z.array(member)), ...errorResponses },
    },
    handler: async (req) => {
      const c = ctx(req);
      const ws = await getLiveWorkspace(c, req.params.id);
      await addWorkspaceMember(c, ws, req.body);
      return {
        status: true as const,
        data: await listWorkspaceMembers(c, ws.id),
        message: say(req, 'messages.updated'),
      };
    },
  });

  app.delete('/workspaces/:id/members/:memberId', {
    preValidation: requireRule(workspaceActions.manageMembers),
    schema: {
      tags: ['workspaces'],
      summary: 'Remove a member',
      params: memberParams,
      response: { 200: okEnvelope(z.array(member)), ...errorResponses },
    },
    handler: async (req) => {
      const c = ctx(req);
      const ws = await getLiveWorkspace(c, req.params.id);
      await removeWorkspaceMember(c, ws, req.params.memberId);
      return {
        status: true as const,
        data: await listWorkspaceMembers(c, ws.id),
        message: say(req, 'messages.updated'),
      };
    },
  });

  /** The full SSN of a user or client in scope, for callers with PERMISSION_REVEAL_SSN; audited. */
  for (const name of ['users', 'clients'] as const) {
    app.post(`/${name}/:id/reveal-ssn`, {
      preValidation: requireRule(name === 'users' ? userActions.revealSsn : clientActions.revealSsn),
      schema: {
        tags: [name],
        summary: 'Reveal the SSN (audited)',
        params: idParams,
        response: { 200: okEnvelope(revealedSsnSchema), ...errorResponses },
      },
      handler: async (req) => ({
        status: true as const,
        data: { ssn: await revealSsn(ctx(req), name, req.params.id) },
      }),
    });
  }

  /** The older URL of the declared action `send-password-link` (decision 010), kept for clients that still call it. */
  app.post('/users/:id/reset-password', {
    preValidation: requireRule(userActions.resetPassword),
    schema: {
      tags: ['users'],
      summary: 'E-mail the user a link to set a new password (older URL of POST /users/:id/send-password-link)',
      params: idParams,
      response: { 200: okEnvelope(z.object({ sent: z.boolean() })), ...errorResponses },
    },
    handler: async (req) => {
      await runAction(
        ctx(req),
        TENANCY_SERVER.users,
        usersPolicy,
        actionOf(TENANCY_SERVER.users.def, 'send-password-link')!,
        [req.params.id],
      );
      return { status: true as const, data: { sent: true }, message: say(req, 'messages.resetSent') };
    },
  });

  app.get('/users/:id/permissions', {
    preValidation: requireRule(userActions.readPermissions),
    schema: {
      tags: ['users'],
      summary: "The permissions a user's role grants",
      params: idParams,
      response: {
        200: okEnvelope(z.object({ role: z.string(), permissions: z.array(z.string()) })),
        ...errorResponses,
      },
    },
    handler: async (req) => {
      const c = ctx(req);
      const row = await getRow(c, TENANCY_SERVER.users, req.params.id);
      const role = String(row.role);
      return { status: true as const, data: { role, permissions: await permissionsOfRole(c, role) } };
    },
  });

  app.get('/accounts/:id/statements', {
    preValidation: requirePermission(`${P.ADMIN_ACCOUNTS}|${P.ADMIN_USERS}`),
    schema: {
      tags: ['accounts'],
      summary:
        "The account's billing statements, one per completed period, newest first (made by the statements.make job)",
      params: idParams,
      querystring: pagingQuery,
      response: { 200: okEnvelope(z.array(statement)), ...errorResponses },
    },
    handler: async (req) => {
      const c = ctx(req);
      const account = await getRow(c, TENANCY_SERVER.accounts, req.params.id);
      const { rows, total } = await listStatements(c, account.id, req.query);
      return { status: true as const, data: rows, meta: { page: req.query.page, max: req.query.max, total } };
    },
  });

  /** The header's student and workspace selector (seed §4). */
  app.get('/selector', {
    preValidation: requireAuth,
    schema: {
      tags: ['workspaces'],
      summary: 'Students and workspaces for the header selector',
      querystring: z.object({ q: z.string().max(100, { error: 'validation.tooLong' }).optional() }),
      response: { 200: okEnvelope(z.array(selectorStudent)), ...errorResponses },
    },
    handler: async (req) => ({ status: true as const, data: await listSelectorStudents(ctx(req), req.query.q) }),
  });
};
