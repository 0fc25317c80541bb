import { okEnvelope, policyOf, translate } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { actorContextOf } from '../lib/context';
import { AppError, forbidden, notFound } from '../lib/errors';
import { requestLanguage } from '../lib/i18n';
import { errorResponses } from '../lib/responses';
import type { CrudContext, Row, ServerResource, WriteHooks } from './contract';
import { requireAction } from './routes';
import { idParams } from './schemas';
import { auditRows, inTransaction } from './service';
import { ident, SqlParams } from './sql';

/**
 * Ordered children (chapters of a level, activities of a game): a resource whose declaration has
 * `parent: { resource, key, position }` keeps the positions of each parent's live children at
 * 1..n. Create appends at the end of the parent; soft delete closes the gap; restore appends at the
 * end; moving a child to another parent renumbers both; `PUT /<parent>/:id/<children>/order` with
 * the full new order renumbers 1..n. Every write of the child resource first takes a transaction
 * lock on the child table, then locks the parent row(s): the engine locks the child row before its
 * hooks run, so without the table lock a reorder and a delete could wait on each other (deadlock).
 * The database refuses duplicates and gaps at commit (migration 0006), whatever the code does.
 */
export type ChildOrder = {
  parent: ServerResource;
  child: ServerResource;
  /** The parent's column holding how many live children it has (levels.chapters_count). */
  countColumn?: string;
  /** More rules on a reorder, given the locked parent row (a completed game's activities do not move: it throws). */
  beforeReorder?: (client: pg.PoolClient, ctx: CrudContext, parent: Record<string, unknown>) => Promise<void>;
};

const staleOrder = () => new AppError(409, 'CONFLICT', 'errors.staleOrder', {}, { ids: 'errors.staleOrder' });

function declared(child: ServerResource) {
  const p = child.def.parent;
  if (!p) throw new Error(`${child.def.name} declares no parent`);
  return { key: ident(p.key), position: ident(p.position), table: ident(child.table) };
}

/** Lock the parent rows (in id order, so two writers never wait on each other crosswise). */
async function lockParents(client: pg.PoolClient, o: ChildOrder, ids: string[]): Promise<string[]> {
  const res = await client.query(
    `SELECT id FROM ${ident(o.parent.table)} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return res.rows.map((r: { id: string }) => r.id);
}

/** Number the parent's live children 1..n in their current order, leaving out `without`; keeps the parent's count. */
async function renumber(client: pg.PoolClient, o: ChildOrder, parentId: string, without: string[] = []): Promise<void> {
  const c = declared(o.child);
  await client.query(
    `UPDATE ${c.table} x SET ${c.position} = y.n FROM (
       SELECT id, row_number() OVER (ORDER BY ${c.position}, id)::int AS n FROM ${c.table}
        WHERE ${c.key} = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[]))
     ) y WHERE x.id = y.id AND x.${c.position} IS DISTINCT FROM y.n`,
    [parentId, without],
  );
  await setCount(client, o, parentId, without);
}

async function setCount(client: pg.PoolClient, o: ChildOrder, parentId: string, without: string[]): Promise<void> {
  if (!o.countColumn) return;
  const c = declared(o.child);
  await client.query(
    `UPDATE ${ident(o.parent.table)} SET ${ident(o.countColumn)} = (SELECT count(*)::int FROM ${c.table} WHERE ${c.key} = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[]))) WHERE id = $1`,
    [parentId, without],
  );
}

/** `by` more live children under the parent. */
async function bumpCount(client: pg.PoolClient, o: ChildOrder, parentId: string, by = 1): Promise<void> {
  if (o.countColumn)
    await client.query(
      `UPDATE ${ident(o.parent.table)} SET ${ident(o.countColumn)} = ${ident(o.countColumn)} + $2 WHERE id = $1`,
      [parentId, by],
    );
}

async function nextPosition(client: pg.PoolClient, o: ChildOrder, parentId: string): Promise<number> {
  const c = declared(o.child);
  const res = await client.query(
    `SELECT COALESCE(max(${c.position}), 0)::int + 1 AS n FROM ${c.table} WHERE ${c.key} = $1 AND deleted_at IS NULL`,
    [parentId],
  );
  return (res.rows[0] as { n: number }).n;
}

/** The write hooks that keep the order; spread them into the child's server resource. */
export function orderedChildHooks(o: () => ChildOrder): WriteHooks {
  return {
    begin: async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`children:${o().child.table}`]);
    },
    beforeCreate: async (client, _ctx, body) => {
      const order = o();
      const key = order.child.def.parent!.key;
      const parentId = body[key];
      if (typeof parentId !== 'string') return;
      if (!(await lockParents(client, order, [parentId])).length) return; // the reference check answers 400
      const position = await nextPosition(client, order, parentId);
      await bumpCount(client, order, parentId);
      return { [order.child.def.parent!.position]: position };
    },
    beforeUpdate: async (client, _ctx, body, before) => {
      const order = o();
      const key = order.child.def.parent!.key;
      const next = body[key];
      const prev = before[key] as string;
      if (typeof next !== 'string' || next === prev) return;
      if ((await lockParents(client, order, [prev, next])).length < 2) return;
      await renumber(client, order, prev, [String(before.id)]);
      const position = await nextPosition(client, order, next);
      await bumpCount(client, order, next);
      return { [order.child.def.parent!.position]: position };
    },
    beforeDelete: async (client, _ctx, ids, deleted) => {
      const order = o();
      const c = declared(order.child);
      const rows = (
        await client.query(
          `SELECT id, ${c.key} AS parent_id, deleted_at FROM ${c.table} WHERE id = ANY($1::uuid[]) ORDER BY ${c.position}, id`,
          [ids],
        )
      ).rows as {
        id: string;
        parent_id: string;
        deleted_at: Date | null;
      }[];
      const parents = await lockParents(
        client,
        order,
        rows.map((r) => r.parent_id),
      );
      if (deleted) {
        for (const parentId of parents) {
          await renumber(client, order, parentId, ids);
        }
        return;
      }
      // Restored rows come back at the end of their parent, in the order they had: one statement per
      // parent, not per row. Rows already live are left alone (the engine answers 404 and rolls back).
      for (const parentId of parents) {
        const back = rows.filter((r) => r.deleted_at && r.parent_id === parentId).map((r) => r.id);
        if (!back.length) continue;
        const first = await nextPosition(client, order, parentId);
        await client.query(
          `UPDATE ${c.table} x SET ${c.position} = $2 + y.n::int - 1 FROM unnest($1::uuid[]) WITH ORDINALITY AS y(id, n) WHERE x.id = y.id`,
          [back, first],
        );
        await bumpCount(client, order, parentId, back.length);
      }
    },
  };
}

/** Put the parent's live children in the order of `ids` (exactly those children), 1..n, in one transaction. */
export async function reorderChildren(
  ctx: CrudContext,
  o: ChildOrder,
  parentId: string,
  ids: string[],
): Promise<Row[]> {
  const c = declared(o.child);
  const policy = policyOf(o.child.def.name);
  return inTransaction(ctx, o.child, async (client) => {
    const p = new SqlParams();
    const conds = [`t.id = ${p.add(parentId)}`, 't.deleted_at IS NULL'];
    const scope = o.parent.scope?.(ctx.actor, p);
    if (scope) conds.push(scope);
    const parent = await client.query(
      `SELECT t.* FROM ${ident(o.parent.table)} t WHERE ${conds.join(' AND ')} FOR UPDATE`,
      p.values,
    );
    if (!parent.rowCount) throw notFound();
    await o.beforeReorder?.(client, ctx, parent.rows[0] as Record<string, unknown>);
    const live = (
      await client.query(
        `SELECT t.* FROM ${c.table} t WHERE ${c.key} = $1 AND deleted_at IS NULL ORDER BY ${c.position}, id FOR UPDATE`,
        [parentId],
      )
    ).rows as Row[];
    for (const row of live) if (!policy.can(ctx.actor, 'update', row)) throw forbidden();
    const known = new Set(live.map((r) => r.id));
    if (ids.length !== live.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw staleOrder();
    const from = live.map((r) => r.id);
    if (from.every((id, i) => id === ids[i])) return live;
    await client.query(
      `UPDATE ${c.table} x SET ${c.position} = y.n::int, updated_at = $2, updated_by = $3 FROM unnest($1::uuid[]) WITH ORDINALITY AS y(id, n) WHERE x.id = y.id AND x.${c.position} <> y.n`,
      [ids, ctx.now, ctx.actor.id],
    );
    await auditRows(client, ctx, o.parent, 'reorder', [
      { id: parentId, changes: { [o.child.def.name]: { from, to: ids } } },
    ]);
    return ids.map((id, i) => ({ ...live.find((r) => r.id === id)!, [o.child.def.parent!.position]: i + 1 }));
  });
}

const orderBody = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'validation.invalid' }), { error: 'validation.invalid' })
    .max(1000, { error: 'validation.tooMany' }),
});

/**
 * `PUT /<parent>/:id/<children>/order` (register under the parent's prefix): body `{ ids }`, the
 * parent's live children in their new order. The child's `update` rule decides (403); an unknown or
 * deleted parent is 404; a list that is not exactly the live children is 409 (a stale screen).
 */
export function childOrderRoutes(o: () => ChildOrder): FastifyPluginAsyncZod {
  return async (app) => {
    const { child } = o();
    const policy = policyOf(child.def.name);
    app.put(`/:id/${child.def.name}/order`, {
      preValidation: requireAction(policy, 'update'),
      schema: {
        tags: [child.def.name],
        summary: `Put the ${child.def.name} of one parent in a new order`,
        params: idParams,
        body: orderBody,
        response: { 200: okEnvelope(z.array(z.object({ id: z.string(), position: z.number() }))), ...errorResponses },
      },
      handler: async (req) => {
        const rows = await reorderChildren(actorContextOf(req), o(), req.params.id, req.body.ids);
        const pos = child.def.parent!.position;
        return {
          status: true as const,
          data: rows.map((r) => ({ id: r.id, position: Number(r[pos]) })),
          message: translate(requestLanguage(req), 'messages.reordered'),
        };
      },
    });
  };
}
