import {
  okEnvelope,
  singletonInput,
  singletonRowSchema,
  translate,
  type SingletonAction,
  type SingletonDef,
  type SingletonPolicy,
} from '@habla/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../lib/audit';
import { actorContextOf, contextOf, type ActorContext, type ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';
import { errorResponses } from '../lib/responses';
import { requireRule, signedIn } from '../plugins/access';

/**
 * The generic engine's singletons: records with exactly one row per key (the app
 * configuration: one per module). From the shared declaration alone it serves "all rows", "one row"
 * and "replace one row's settings", validated by the declaration, asked of the singleton's policy,
 * and audited with what changed (before → after). Rows are created by the table's migration, never
 * through the API: an unknown key is 404.
 */
export type ServerSingleton = {
  def: SingletonDef;
  /** The table: the key column is its primary key, one column per declared field. */
  table: string;
  /** Audit log entity name (entity_id is the key, e.g. `MLA`). */
  entity: string;
  policy: SingletonPolicy;
};

export type SingletonRow = Record<string, unknown> & { updated_at: string | null; updated_by: string | null };

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

function columns(s: ServerSingleton) {
  return sql.join(
    [s.def.key, ...s.def.fields.map((f) => f.name), 'updated_at', 'updated_by'].map((c) => sql.identifier(c)),
    sql`, `,
  );
}

function present(s: ServerSingleton, raw: Record<string, unknown>): SingletonRow {
  const row: SingletonRow = {
    [s.def.key]: String(raw[s.def.key]),
    updated_at: iso(raw.updated_at),
    updated_by: raw.updated_by == null ? null : String(raw.updated_by),
  };
  for (const f of s.def.fields) row[f.name] = raw[f.name];
  return row;
}

/** Every row of the singleton, in the declaration's key order. */
export async function listSingletonRows(ctx: Pick<ServiceContext, 'db'>, s: ServerSingleton): Promise<SingletonRow[]> {
  const res = await ctx.db.execute(sql`SELECT ${columns(s)} FROM ${sql.identifier(s.table)}`);
  const byKey = new Map((res.rows as Record<string, unknown>[]).map((r) => [String(r[s.def.key]), r]));
  return s.def.keys.flatMap((k) => (byKey.has(k) ? [present(s, byKey.get(k)!)] : []));
}

/** The row of one key; a key the declaration does not list (or a missing row) is 404. */
export async function getSingletonRow(
  ctx: Pick<ServiceContext, 'db'>,
  s: ServerSingleton,
  key: string,
): Promise<SingletonRow> {
  if (!s.def.keys.includes(key)) throw notFound();
  const res = await ctx.db.execute(
    sql`SELECT ${columns(s)} FROM ${sql.identifier(s.table)} WHERE ${sql.identifier(s.def.key)} = ${key}`,
  );
  const raw = res.rows[0] as Record<string, unknown> | undefined;
  if (!raw) throw notFound();
  return present(s, raw);
}

/**
 * Replace the settings of one key (values already validated by `singletonInput`), in one
 * transaction with its audit row: `changes` holds `{ from, to }` of every field that changed; a
 * change to nothing writes nothing.
 */
export async function replaceSingletonRow(
  ctx: ActorContext,
  s: ServerSingleton,
  key: string,
  values: Record<string, unknown>,
): Promise<SingletonRow> {
  if (!s.def.keys.includes(key)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const res = await tx.execute(
      sql`SELECT ${columns(s)} FROM ${sql.identifier(s.table)} WHERE ${sql.identifier(s.def.key)} = ${key} FOR UPDATE`,
    );
    const before = res.rows[0] as Record<string, unknown> | undefined;
    if (!before) throw notFound();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const f of s.def.fields) {
      if (values[f.name] === undefined || values[f.name] === before[f.name]) continue;
      changes[f.name] = { from: before[f.name], to: values[f.name] };
    }
    if (!Object.keys(changes).length) return;
    const sets = Object.keys(changes).map((name) => sql`${sql.identifier(name)} = ${values[name]}`);
    sets.push(sql`updated_at = ${ctx.now}`, sql`updated_by = ${ctx.actor.id}`);
    await tx.execute(
      sql`UPDATE ${sql.identifier(s.table)} SET ${sql.join(sets, sql`, `)} WHERE ${sql.identifier(s.def.key)} = ${key}`,
    );
    await audit(tx, ctx, { action: 'update', entity: s.entity, entityId: key, accountId: null, changes });
  });
  return getSingletonRow(ctx, s, key);
}

/** The guard of a singleton route: signed in, and the singleton's policy allows the action (else 403). */
const requireSingleton = (policy: SingletonPolicy, action: SingletonAction) =>
  requireRule((actor) => policy.can(actor, action));

/**
 * `GET /` (every row), `GET /:key` and `PUT /:key` of one singleton under the current prefix. Each
 * row answered carries `_actions`: what the caller may do to it (the web shows a form or a read-only view).
 */
export function singletonRoutes(s: ServerSingleton): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [s.def.name];
    const row = singletonRowSchema(s.def).extend({
      _actions: z.array(z.enum(['update'])).describe('What the caller may do to this row (the policy)'),
    });
    const params = z.object({ [s.def.key]: z.string().max(20, { error: 'validation.tooLong' }) });
    const keyOf = (req: FastifyRequest) => String((req.params as Record<string, unknown>)[s.def.key]);
    const withActions = (req: FastifyRequest, data: SingletonRow): SingletonRow & { _actions: 'update'[] } => ({
      ...data,
      _actions: s.policy.can(signedIn(req), 'update') ? ['update'] : [],
    });

    app.get('/', {
      preValidation: requireSingleton(s.policy, 'read'),
      schema: {
        tags,
        summary: `Every ${s.def.name} row (one per ${s.def.key})`,
        response: { 200: okEnvelope(z.array(row)), ...errorResponses },
      },
      handler: async (req) => ({
        status: true as const,
        data: (await listSingletonRows(contextOf(req), s)).map((r) => withActions(req, r)),
      }),
    });

    app.get(`/:${s.def.key}`, {
      preValidation: requireSingleton(s.policy, 'read'),
      schema: {
        tags,
        summary: `The ${s.def.name} of one ${s.def.key} (${s.def.keys.join(', ')})`,
        params,
        response: { 200: okEnvelope(row), ...errorResponses },
      },
      handler: async (req) => ({
        status: true as const,
        data: withActions(req, await getSingletonRow(contextOf(req), s, keyOf(req))),
      }),
    });

    app.put(`/:${s.def.key}`, {
      preValidation: requireSingleton(s.policy, 'update'),
      schema: {
        tags,
        summary: `Replace the ${s.def.name} of one ${s.def.key} (audited)`,
        params,
        body: singletonInput(s.def),
        response: { 200: okEnvelope(row), ...errorResponses },
      },
      handler: async (req) => {
        const data = await replaceSingletonRow(actorContextOf(req), s, keyOf(req), req.body as Record<string, unknown>);
        return {
          status: true as const,
          data: withActions(req, data),
          message: translate(requestLanguage(req), 'messages.updated'),
        };
      },
    });
  };
}
