import { ALL_PERMISSIONS, LANGUAGES, okEnvelope, PERMISSIONS as P, ROLE_VALUES, translate } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SqlParams } from '../../crud/sql';
import { poolOf } from '../../db/client';
import { audit, auditWith, transaction } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import { requireAuth, requirePermission, signedIn } from '../../plugins/access';
import { fieldError } from './resources';
import { seesAllAccounts } from './scopes';

const sessionRow = z.object({ id: z.string(), current: z.boolean(), ip: z.string().nullable(), user_agent: z.string().nullable(), created_at: z.string(), last_seen_at: z.string() });
const profileBody = z.strictObject({
  first_name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }).optional(),
  last_name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }).optional(),
  language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
  notify_by_email: z.boolean({ error: 'validation.invalid' }).optional(),
  phone: z.string().trim().max(40, { error: 'validation.tooLong' }).nullable().optional(),
  job_title: z.string().trim().max(100, { error: 'validation.tooLong' }).nullable().optional(),
});
const auditQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0, { error: 'validation.range' }).max(100_000, { error: 'validation.range' }).default(0),
  max: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(1, { error: 'validation.range' }).default(25).transform((n) => Math.min(n, 100)),
  entity: z.string().max(60, { error: 'validation.tooLong' }).optional(),
  action: z.string().max(60, { error: 'validation.tooLong' }).optional(),
  actor: z.string().max(60, { error: 'validation.tooLong' }).optional(),
  entity_id: z.string().max(60, { error: 'validation.tooLong' }).optional(),
  from: z.iso.date({ error: 'validation.date' }).optional(),
  to: z.iso.date({ error: 'validation.date' }).optional(),
});
const auditRow = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  actor: z.string().nullable(),
  account_id: z.string().nullable(),
  account: z.string().nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  changes: z.unknown(),
});

/**
 * The signed-in user's own profile and sessions (General Profile), role permission edits (SUPERADMIN)
 * and the audit log (read only: the API has no route that changes or removes its rows).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const pool = () => poolOf(app.db);

  const profileRow = z.object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    role: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    language: z.string(),
    notify_by_email: z.boolean(),
    phone: z.string().nullable(),
    job_title: z.string().nullable(),
    account: z.string().nullable(),
  });
  app.get('/auth/profile', {
    preValidation: requireAuth,
    schema: { tags: ['auth'], summary: 'Your own profile', response: { 200: okEnvelope(profileRow), ...errorResponses } },
    handler: async (req) => {
      const me = signedIn(req);
      const res = await pool().query(
        `SELECT u.id, u.username, u.email, u.role, u.first_name, u.last_name, u.language, u.notify_by_email, u.phone, u.job_title, a.name AS account
           FROM users u LEFT JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
        [me.id],
      );
      return { status: true as const, data: res.rows[0] as z.infer<typeof profileRow> };
    },
  });

  app.patch('/auth/profile', {
    preValidation: requireAuth,
    schema: { tags: ['auth'], summary: 'Change your own profile (names, language, notifications)', body: profileBody, response: { 200: okEnvelope(z.object({ id: z.string() })), ...errorResponses } },
    handler: async (req) => {
      const me = signedIn(req);
      const now = app.now();
      const entries = Object.entries(req.body).filter(([, v]) => v !== undefined);
      if (entries.length) {
        const p = new SqlParams();
        const sets = entries.map(([k, v]) => `${k} = ${p.add(v)}`);
        await transaction(pool(), async (client) => {
          await client.query(`UPDATE users SET ${sets.join(', ')}, updated_at = ${p.add(now)}, updated_by = ${p.add(me.id)} WHERE id = ${p.add(me.id)}`, p.values);
          await auditWith(client, req, now, { action: 'profile.update', entity: 'users', entityId: me.id, changes: Object.fromEntries(entries) });
        });
      }
      return { status: true as const, data: { id: me.id }, message: translate(requestLanguage(req), 'messages.updated') };
    },
  });

  app.get('/auth/sessions', {
    preValidation: requireAuth,
    schema: { tags: ['auth'], summary: 'Your signed-in sessions', response: { 200: okEnvelope(z.array(sessionRow)), ...errorResponses } },
    handler: async (req) => {
      const me = signedIn(req);
      const idle = new Date(app.now().getTime() - app.config.sessionIdleMinutes * 60_000);
      const res = await pool().query(
        `SELECT id, id = $2 AS current, ip, user_agent, to_json(created_at) #>> '{}' AS created_at, to_json(last_seen_at) #>> '{}' AS last_seen_at
           FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $3 AND last_seen_at > $4 ORDER BY (id = $2) DESC, last_seen_at DESC LIMIT 50`,
        [me.id, req.sessionId, app.now(), idle],
      );
      return { status: true as const, data: res.rows as z.infer<typeof sessionRow>[] };
    },
  });

  app.post('/auth/sessions/sign-out-others', {
    preValidation: requireAuth,
    schema: { tags: ['auth'], summary: 'Sign out everywhere else', response: { 200: okEnvelope(z.object({ count: z.number() })), ...errorResponses } },
    handler: async (req) => {
      const me = signedIn(req);
      const now = app.now();
      const res = await pool().query('UPDATE sessions SET revoked_at = $3, updated_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [me.id, req.sessionId, now]);
      await audit(app.db, req, now, { action: 'sessions.sign_out_others', entity: 'users', entityId: me.id, changes: { count: res.rowCount ?? 0 } });
      return { status: true as const, data: { count: res.rowCount ?? 0 }, message: translate(requestLanguage(req), 'messages.signedOutOthers', { count: res.rowCount ?? 0 }) };
    },
  });

  app.put('/role-permissions/:role', {
    preValidation: requirePermission(P.FULL),
    schema: {
      tags: ['role-permissions'],
      summary: "Replace a role's permissions (applies to every user of the role on their next request)",
      params: z.object({ role: z.enum(ROLE_VALUES, { error: 'validation.choice' }) }),
      body: z.strictObject({ permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]], { error: 'validation.choice' }), { error: 'validation.invalid' }).max(200, { error: 'validation.tooMany' }) }),
      response: { 200: okEnvelope(z.object({ role: z.string(), permissions: z.array(z.string()) })), ...errorResponses },
    },
    handler: async (req) => {
      const me = signedIn(req);
      const role = req.params.role;
      // Nobody edits their own role; PERMISSION_FULL stays with SUPERADMIN.
      if (role === me.role) throw fieldError('role', 'validation.ownRecord');
      if (req.body.permissions.includes(P.FULL) && me.role !== 'SUPERADMIN') throw fieldError('permissions', 'validation.roleNotAllowed');
      const next = [...new Set(req.body.permissions)].sort();
      const now = app.now();
      await transaction(pool(), async (client) => {
        const res = (await client.query('SELECT permission FROM role_permissions WHERE role = $1 ORDER BY permission FOR UPDATE', [role])) as { rows: { permission: string }[] };
        const before = res.rows.map((r) => r.permission);
        await client.query('DELETE FROM role_permissions WHERE role = $1 AND NOT (permission = ANY($2::text[]))', [role, next]);
        await client.query(
          `INSERT INTO role_permissions (role, permission, created_at, updated_at, created_by, updated_by) SELECT $1, x, $3, $3, $4, $4 FROM unnest($2::text[]) x ON CONFLICT DO NOTHING`,
          [role, next, now, me.id],
        );
        const added = next.filter((x) => !before.includes(x));
        const removed = before.filter((x) => !next.includes(x));
        if (added.length || removed.length) await auditWith(client, req, now, { action: 'role_permissions.update', entity: 'role_permissions', entityId: role, changes: { added, removed } });
      });
      return { status: true as const, data: { role, permissions: next }, message: translate(requestLanguage(req), 'messages.updated') };
    },
  });

  app.get('/audit-log', {
    preValidation: requirePermission(`${P.ADMIN_USERS}|${P.ADMIN_ACCOUNTS}`),
    schema: { tags: ['audit-log'], summary: 'Who did what to which record, newest first (read only)', querystring: auditQuery, response: { 200: okEnvelope(z.array(auditRow)), ...errorResponses } },
    handler: async (req) => {
      const me = signedIn(req);
      const q = req.query;
      if (q.from && q.to && q.from > q.to) throw badRequest('validation.range', { field: 'from' });
      const p = new SqlParams();
      const conds: string[] = [];
      if (!seesAllAccounts(me)) {
        if (!me.account_id) throw notFound();
        conds.push(`a.account_id = ${p.add(me.account_id)}`);
      }
      if (q.entity) conds.push(`a.entity = ${p.add(q.entity)}`);
      if (q.action) conds.push(`a.action = ${p.add(q.action)}`);
      if (q.entity_id) conds.push(`a.entity_id = ${p.add(q.entity_id)}`);
      if (q.actor) conds.push(`a.actor_user_id IN (SELECT id FROM users WHERE lower(username) = lower(${p.add(q.actor)}))`);
      if (q.from) conds.push(`a.at >= ${p.add(q.from)}::date`);
      if (q.to) conds.push(`a.at < ${p.add(q.to)}::date + 1`);
      const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
      const countValues = [...p.values];
      const rows = await pool().query(
        `SELECT a.id, to_json(a.at) #>> '{}' AS at, a.action, a.entity, a.entity_id, a.actor_user_id, u.username AS actor, a.account_id, ac.name AS account, a.request_id, a.ip, a.changes
           FROM (SELECT * FROM audit_log a ${where} ORDER BY a.at DESC, a.id DESC LIMIT ${p.add(q.max)} OFFSET ${p.add(q.page * q.max)}) a
           LEFT JOIN users u ON u.id = a.actor_user_id LEFT JOIN accounts ac ON ac.id = a.account_id ORDER BY a.at DESC, a.id DESC`,
        p.values,
      );
      const total = await pool().query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log a ${where} LIMIT 10001) x`, countValues);
      return { status: true as const, data: rows.rows as z.infer<typeof auditRow>[], meta: { page: q.page, max: q.max, total: (total.rows[0] as { n: number }).n } };
    },
  });
};
