import {
  type ActionDef,
  bulkBody,
  okEnvelope,
  type Policy,
  RESERVED_ACTION_NAMES,
  resourceRowSchema,
  translate,
} from '@habla/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';
import { errorResponses } from '../lib/responses';
import { requireRule } from '../plugins/access';
import type { CrudContext, Row, ServerResource } from './contract';
import { rowSelect } from './list-query';
import { idParams } from './schemas';
import { auditRows, inTransaction, toRow } from './service';
import { ident, SqlParams } from './sql';

/**
 * Declared actions (decision 010): for each `def.actions` entry, `POST /:id/<name>` (single) and
 * `POST /<name>` with `{ ids }` (bulk), answered by the server resource's handler.
 *
 * Order of refusals, the same for both forms:
 * - the policy's permission rule, before anything is read: 403;
 * - an empty `ids`: 400 with the seed's "Please, select items to proccede."; a bad id: 400 naming `ids`;
 * - any id missing, outside the caller's scope or in the trash: 404 (as a missing row);
 * - any row the policy's row rule refuses (a user the caller may not manage): 403;
 * - any row whose state the action does not apply to (`when`): 409 naming the first one;
 * then the handler runs on all rows at once, in the same transaction as their locks and audit rows:
 * all or nothing.
 */

/** A refused state: 409 with the record's name, so the person knows which one of a selection. */
const notApplicable = (name: string) =>
  new AppError(
    409,
    'ACTION_NOT_APPLICABLE',
    'errors.actionNotApplicable',
    { name },
    { ids: 'errors.actionNotApplicable' },
  );

/** The rows `ids` in the caller's scope, live, locked for the transaction (ids not found are simply absent). */
async function lockRows(
  client: pg.PoolClient,
  ctx: CrudContext,
  r: ServerResource,
  ids: string[],
): Promise<Record<string, unknown>[]> {
  const p = new SqlParams();
  const conds = [`t.id = ANY(${p.add(ids)}::uuid[])`, 't.deleted_at IS NULL'];
  const scope = r.scope?.(ctx.actor, p);
  if (scope) conds.push(scope);
  const res = await client.query(
    `SELECT t.* FROM ${ident(r.table)} t WHERE ${conds.join(' AND ')} ORDER BY t.id FOR UPDATE`,
    p.values,
  );
  return res.rows as Record<string, unknown>[];
}

/** The rows as the API shows them (relations' labels and all), in the order of `ids`. */
async function readRows(client: pg.PoolClient, r: ServerResource, ids: string[]): Promise<Row[]> {
  const { select, joins } = rowSelect(r);
  const res = await client.query(`SELECT ${select} FROM ${ident(r.table)} t ${joins} WHERE t.id = ANY($1::uuid[])`, [
    ids,
  ]);
  const byId = new Map((res.rows as Record<string, unknown>[]).map((raw) => [String(raw.id), toRow(r, raw)]));
  return ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
}

/**
 * Run the declared action `action` of `r` on `ids` as the caller of `ctx`, all or nothing; the rows
 * as they are afterwards. Custom routes that keep an older URL call this too.
 */
export async function runAction(
  ctx: CrudContext,
  r: ServerResource,
  policy: Policy,
  action: ActionDef,
  ids: string[],
): Promise<Row[]> {
  const handler = r.actions?.[action.name];
  if (!handler) throw new Error(`no handler for action "${action.name}" of ${r.def.name}`);
  const unique = [...new Set(ids)];
  return inTransaction(ctx, r, async (client) => {
    const rows = await lockRows(client, ctx, r, unique);
    if (rows.length !== unique.length) throw notFound();
    const refused = rows.map((row) => ({ row, why: policy.refusal(ctx.actor, action.name, row as Row) }));
    if (refused.some((x) => x.why === 'forbidden')) throw forbidden();
    const stuck = refused.find((x) => x.why === 'state');
    if (stuck) throw notApplicable(String(stuck.row[r.def.titleField] ?? stuck.row.id));
    const result = await handler({ client, ctx, rows });
    const changes = (result && result.changes) || {};
    await auditRows(
      client,
      ctx,
      r,
      action.name,
      unique.map((id) => ({ id, changes: changes[id] ?? null })),
    );
    return readRows(client, r, (result && result.answer) || unique);
  });
}

/** Check the declarations once, at start-up: a handler and a policy rule for each, no reserved names. */
export function checkActions(r: ServerResource, policy: Policy): readonly ActionDef[] {
  const declared = r.def.actions ?? [];
  for (const a of declared) {
    if (!/^[a-z][a-z0-9-]*$/.test(a.name) || (RESERVED_ACTION_NAMES as readonly string[]).includes(a.name))
      throw new Error(`${r.def.name}: "${a.name}" cannot name an action`);
    if (!r.actions?.[a.name])
      throw new Error(`${r.def.name}: action "${a.name}" is declared without a handler in its server resource`);
    if (!policy.actions.includes(a.name))
      throw new Error(`${r.def.name}: action "${a.name}" has no rule in the ${r.def.name} policy`);
    if (!a.single && !a.bulk) throw new Error(`${r.def.name}: action "${a.name}" is neither single nor bulk`);
  }
  for (const name of Object.keys(r.actions ?? {}))
    if (!declared.some((a) => a.name === name))
      throw new Error(`${r.def.name}: handler "${name}" has no declared action`);
  return declared;
}

/** The answer's message: `actions.<resource>.<name>.done` for one row, `doneMany` for several. */
function doneMessage(req: FastifyRequest, r: ServerResource, action: ActionDef, count: number): string {
  return translate(requestLanguage(req), `actions.${r.def.name}.${action.name}.${count === 1 ? 'done' : 'doneMany'}`, {
    count,
  });
}

/**
 * Register the routes of every declared action of `r` (under the resource's prefix); `present` is
 * how routes.ts lets a row leave the engine (hidden fields emptied, `_actions`).
 */
export function actionRoutes(
  r: ServerResource,
  policy: Policy,
  ctxOf: (req: FastifyRequest) => CrudContext,
  present: (req: FastifyRequest, row: Row) => Row,
): FastifyPluginAsyncZod {
  const declared = checkActions(r, policy);
  return async (app) => {
    const tags = [r.def.name];
    const rows = okEnvelope(z.array(resourceRowSchema(r.def, policy.hideable)));
    for (const action of declared) {
      // The collection-level rule (no row): a caller without the permission never reaches the rows.
      const guard = requireRule((actor) => policy.can(actor, action.name));
      const run = async (req: FastifyRequest, ids: string[]) => {
        const data = (await runAction(ctxOf(req), r, policy, action, ids)).map((row) => present(req, row));
        return { status: true as const, data, message: doneMessage(req, r, action, data.length) };
      };
      if (action.single)
        app.post(`/:id/${action.name}`, {
          preValidation: guard,
          schema: {
            tags,
            summary: `${action.name} on one of ${r.def.name}`,
            params: idParams,
            response: { 200: rows, ...errorResponses },
          },
          handler: async (req) => run(req, [req.params.id]),
        });
      if (action.bulk)
        app.post(`/${action.name}`, {
          preValidation: guard,
          schema: {
            tags,
            summary: `${action.name} on several of ${r.def.name} (all or nothing)`,
            body: bulkBody,
            response: { 200: rows, ...errorResponses },
          },
          handler: async (req) => run(req, req.body.ids),
        });
    }
  };
}
