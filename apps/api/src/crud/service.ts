import { policyOf, type FieldDef } from '@habla/shared';
import crypto from 'node:crypto';
import type pg from 'pg';
import { poolOf } from '../db/client';
import { conflict, fieldError, forbidden, notFound } from '../lib/errors';
import type {
  CrudContext,
  CrudUser,
  ListParams,
  OwnedResource,
  Row,
  ServerResource,
  WriteBody,
  WriteExtras,
} from './contract';
import { checkFileReference } from './file-refs';
import { countQuery, keysetColumn, pageQuery, rowSelect, type Anchor } from './list-query';
import { manyFields, plainFields, storedFields } from './resource';
import { ident, SqlParams } from './sql';

export type { CrudContext, Row } from './contract';

const COUNT_TTL_MS = 60_000;
const counts = new Map<string, Map<string, { n: number; at: number }>>();

/**
 * Totals are cached per resource and filter for a minute and dropped on every write through this
 * engine, so paging a 150k-row table does not count it on every request. Another API instance's
 * writes show up in the total within the minute.
 */
function cachedCount(table: string, key: string): number | undefined {
  const hit = counts.get(table)?.get(key);
  return hit && Date.now() - hit.at < COUNT_TTL_MS ? hit.n : undefined;
}
export function invalidateCounts(table: string): void {
  counts.delete(table);
  countsInFlight.delete(table);
  anchors.delete(table);
}

/**
 * A total read the way list totals are (cached a minute per table and filter, dropped on writes to
 * the table, shared by requests that miss together): for verbs outside this engine that page over
 * one of its tables, such as the students analytics (docs/decisions/026). `key` names the filter.
 */
export function cachedTotal(ctx: CrudContext, table: string, count: Parameters<typeof sharedCount>[2]) {
  const known = cachedCount(table, count.key);
  return known !== undefined ? Promise.resolve(known) : sharedCount(ctx, table, count);
}

/**
 * Counts being read now, per resource and filter: requests that miss the cache at the same moment
 * (every list request right after the minute runs out, under load) share one count instead of each
 * scanning the table. A write drops them with the cache, so later requests count afresh.
 */
const countsInFlight = new Map<string, Map<string, Promise<number>>>();

function sharedCount(
  ctx: CrudContext,
  table: string,
  count: { text: string; values: unknown[]; key: string },
): Promise<number> {
  let byKey = countsInFlight.get(table);
  const running = byKey?.get(count.key);
  if (running) return running;
  if (!byKey) countsInFlight.set(table, (byKey = new Map()));
  const mine = byKey;
  const n = poolOf(ctx.db)
    .query(count.text, count.values)
    .then((res) => Number((res.rows[0] as { n: number }).n));
  mine.set(count.key, n);
  n.then(
    (total) => {
      // Cached in the same step as the shared count is let go: no moment when a request finds
      // neither. A write while counting dropped `mine`: that total may be stale, so it is not kept.
      if (countsInFlight.get(table) === mine) {
        const cached = counts.get(table) ?? new Map<string, { n: number; at: number }>();
        if (cached.size > 500) cached.clear();
        cached.set(count.key, { n: total, at: Date.now() });
        counts.set(table, cached);
      }
      if (mine.get(count.key) === n) mine.delete(count.key);
    },
    () => {
      if (mine.get(count.key) === n) mine.delete(count.key);
    },
  );
  return n;
}

/**
 * Keyset anchors per resource, list (filter + sort) and page: the sort value and id of the row before
 * the page. A page visited once (or reached with "next") is read with an index range scan afterwards,
 * so deep pages cost what page 1 costs. Dropped on every write, like the totals.
 */
const anchors = new Map<string, Map<string, Map<number, Anchor & { at: number }>>>();
const ANCHOR_LISTS = 200;
const ANCHOR_PAGES = 2_000;

function anchorsOf(table: string, key: string, create: boolean): Map<number, Anchor & { at: number }> | undefined {
  let byList = anchors.get(table);
  if (!byList && create) anchors.set(table, (byList = new Map()));
  let pages = byList?.get(key);
  if (!pages && create && byList) {
    if (byList.size >= ANCHOR_LISTS) byList.clear();
    byList.set(key, (pages = new Map()));
  }
  return pages;
}

function remember(
  pages: Map<number, Anchor & { at: number }>,
  page: number,
  row: Record<string, unknown> | undefined,
  col: string,
): void {
  const value = row?.[col];
  if (!row || (typeof value !== 'string' && typeof value !== 'number')) return;
  if (pages.size >= ANCHOR_PAGES) pages.clear();
  pages.set(page, { value, id: String(row.id), at: Date.now() });
}

/**
 * A second statement to read in the same round trip as a page: `sql(param)` is a query of at most one
 * row whose parameter is `param`, `value` that parameter's value. Its row comes back as JSON, or null
 * when it found none (crud/routes.ts reads the caller's session this way, decision 008).
 */
export type Alongside = { sql: (param: string) => string; value: unknown };

/**
 * Wrap a page: the `alongside` row (as JSON, on the first row only) and the page's rows after it, in
 * the page's order. An empty page still answers one row (page columns null); no row at all means the
 * alongside query found nothing.
 */
function withAlongside(
  q: { text: string; values: unknown[] },
  alongside: Alongside,
): { text: string; values: unknown[] } {
  const param = `$${q.values.length + 1}`;
  return {
    text:
      `WITH __a AS (SELECT to_json(x) AS j FROM (${alongside.sql(param)}) x) ` +
      `SELECT CASE WHEN p.__ord IS NULL OR p.__ord = 1 THEN __a.j END AS __alongside, p.* FROM __a LEFT JOIN LATERAL (${q.text}) p ON true ORDER BY p.__ord`,
    values: [...q.values, alongside.value],
  };
}

type PageRead = { rows: Record<string, unknown>[]; alongside?: Record<string, unknown> | null };

function splitAlongside(raw: Record<string, unknown>[], alongside?: Alongside): PageRead {
  if (!alongside) return { rows: raw };
  if (!raw.length) return { rows: [], alongside: null };
  const first = raw[0]!.__alongside as Record<string, unknown> | null;
  return { rows: raw[0]!.__ord == null ? [] : raw, alongside: first };
}

/** Rows of one page, by keyset when an anchor is known, else by offset (learning the anchors). */
async function pageRows(
  ctx: CrudContext,
  r: ServerResource,
  params: ListParams,
  listKey: string,
  alongside?: Alongside,
  json?: readonly string[],
): Promise<PageRead> {
  const wrap = (q: { text: string; values: unknown[] }) => (alongside ? withAlongside(q, alongside) : q);
  const keyset = keysetColumn(r, params);
  if (!keyset) {
    const q = wrap(pageQuery(r, ctx.actor, params, { ordinal: !!alongside, json }));
    return splitAlongside((await poolOf(ctx.db).query(q.text, q.values)).rows as Record<string, unknown>[], alongside);
  }
  const key = `${listKey}|${keyset.col}|${keyset.dir}`;
  const pages = anchorsOf(r.table, key, true)!;
  const known = params.page > 0 ? pages.get(params.page) : undefined;
  // Another API instance's writes do not reach this cache: anchors expire like the totals.
  const anchor = known && Date.now() - known.at < COUNT_TTL_MS ? known : undefined;
  const page = pageQuery(r, ctx.actor, params, { anchor, lead: true, ordinal: !!alongside, json });
  const q = wrap(page);
  // A page read by keyset (or the first page) is one text per page size: prepared once per connection.
  // A page reached by offset has its own text and is planned for its numbers each time.
  const run = page.reusable
    ? { text: q.text, values: q.values, name: statementName(q.text) }
    : { text: q.text, values: q.values };
  const read = splitAlongside((await poolOf(ctx.db).query(run)).rows as Record<string, unknown>[], alongside);
  let rows = read.rows;
  if (!anchor && params.page > 0) {
    remember(pages, params.page, rows[0], keyset.col);
    rows = rows.slice(1);
  }
  if (rows.length === params.max) remember(pages, params.page + 1, rows[rows.length - 1], keyset.col);
  return { rows, alongside: read.alongside };
}

/** A server-side prepared statement per distinct SQL text: planned once per connection, not per request. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `crud_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // One text per resource, scope shape and page size: a few hundred at most; the bound is a guard.
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
const statementNames = new Map<string, string>();

function iso(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

/** A database row → the API's row: relations as `{ id, label }`, many-links as ids + labels, ISO dates. */
export function toRow(r: ServerResource, raw: Record<string, unknown>): Row {
  const row: Row = { id: String(raw.id) };
  for (const f of plainFields(r)) {
    row[f.name] = raw[f.name] ?? (f.kind === 'enumArray' ? [] : null);
    if (f.kind === 'relation' && f.as) {
      const label = raw[`__label_${f.name}`];
      row[f.as] = raw[f.name]
        ? { id: String(raw[f.name]), label: label == null ? String(raw[f.name]) : String(label) }
        : null;
    }
  }
  for (const f of manyFields(r)) {
    const list = (raw[`__many_${f.name}`] ?? []) as { id: string; label: string }[];
    row[f.name] = list.map((x) => x.id);
    if (f.as) row[f.as] = list;
  }
  for (const k of ['deleted_at', 'created_at', 'updated_at']) row[k] = iso(raw[k]) ?? null;
  for (const k of ['created_by', 'updated_by', 'created_by_name', 'updated_by_name']) row[k] = raw[k] ?? null;
  r.present?.(row, raw);
  return row;
}

/**
 * One page of rows and the total; with `alongside`, that query's row too, read in the page's own
 * statement (null when it found none).
 */
export async function findPage(
  ctx: CrudContext,
  r: ServerResource,
  params: ListParams,
  alongside?: Alongside,
): Promise<{ rows: Row[]; total: number; alongside?: Record<string, unknown> | null }> {
  const { read, total } = await readPage(ctx, r, params, alongside);
  return {
    rows: read.rows.map((raw) => toRow(r, raw)),
    total,
    ...(alongside ? { alongside: read.alongside ?? null } : {}),
  };
}

/** A row as PostgreSQL wrote it (list-query.ts `rowJson`), and whether it is in the trash. */
export type JsonRow = { id: string; json: string; trash: boolean };

/**
 * `findPage` for a resource whose rows PostgreSQL can write (list-query.ts `rowsAsJson`): each row
 * as its JSON text, with the `hidden` fields null.
 */
export async function findPageJson(
  ctx: CrudContext,
  r: ServerResource,
  params: ListParams,
  hidden: readonly string[],
  alongside?: Alongside,
): Promise<{ rows: JsonRow[]; total: number; alongside?: Record<string, unknown> | null }> {
  const { read, total } = await readPage(ctx, r, params, alongside, hidden);
  const rows = read.rows.map((raw) => ({
    id: String(raw.id),
    json: raw.__json as string,
    trash: raw.__trash === true,
  }));
  return { rows, total, ...(alongside ? { alongside: read.alongside ?? null } : {}) };
}

async function readPage(
  ctx: CrudContext,
  r: ServerResource,
  params: ListParams,
  alongside?: Alongside,
  json?: readonly string[],
) {
  const count = countQuery(r, ctx.actor, params);
  // A read-only list's rows change through its feature's verbs, which no engine write reports: counted each time.
  const known = r.def.readOnly ? undefined : cachedCount(r.table, count.key);
  const [read, total] = await Promise.all([
    pageRows(ctx, r, params, count.key, alongside, json),
    known !== undefined ? Promise.resolve(known) : sharedCount(ctx, r.table, count),
  ]);
  return { read, total };
}

async function selectOne(
  db: pg.Pool | pg.PoolClient,
  r: ServerResource,
  user: CrudUser,
  id: string,
  opts: { live?: boolean; lock?: boolean } = {},
) {
  const p = new SqlParams();
  const conds = [`t.id = ${p.add(id)}`];
  if (opts.live) conds.push('t.deleted_at IS NULL');
  const scope = r.scope?.(user, p);
  if (scope) conds.push(scope);
  const { select, joins } = rowSelect(r);
  const text = opts.lock
    ? `SELECT t.* FROM ${ident(r.table)} t WHERE ${conds.join(' AND ')} FOR UPDATE`
    : `SELECT ${select} FROM ${ident(r.table)} t ${joins} WHERE ${conds.join(' AND ')}`;
  const res = await db.query(text, p.values);
  return res.rows[0] as Record<string, unknown> | undefined;
}

/** One row in the caller's scope, soft-deleted ones included (the show page offers restore). */
export async function getRow(ctx: CrudContext, r: ServerResource, id: string): Promise<Row> {
  const raw = await selectOne(poolOf(ctx.db), r, ctx.actor, id);
  if (!raw) throw notFound();
  return toRow(r, raw);
}

const missingReference = (field: string) => fieldError(field, 'validation.missingReference');

/** Relations must point at live rows: a wrong id is the client's mistake (400 naming the field), never a 500. */
async function checkReferences(
  client: pg.PoolClient,
  r: ServerResource,
  body: Record<string, unknown>,
  user: CrudUser,
): Promise<void> {
  for (const f of r.def.fields) {
    const value = body[f.name];
    if (f.kind === 'relation' && typeof value === 'string') {
      const link = r.relations[f.name];
      if (!link) continue;
      // A row outside the caller's scope is as missing as a row that does not exist.
      const p = new SqlParams();
      const conds = [`t.id = ${p.add(value)}`, 't.deleted_at IS NULL'];
      const scope = link.scope?.(user, p);
      if (scope) conds.push(scope);
      const res = await client.query(
        `SELECT 1 FROM ${ident(link.targetTable)} t WHERE ${conds.join(' AND ')}`,
        p.values,
      );
      if (res.rowCount === 0) throw missingReference(f.name);
    }
    if (f.kind === 'relationMany' && Array.isArray(value) && value.length) {
      const m = r.many[f.name];
      if (!m) continue;
      const unique = [...new Set(value as string[])];
      const res = await client.query(
        `SELECT count(*)::int AS n FROM ${ident(m.targetTable)} WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
        [unique],
      );
      if ((res.rows[0] as { n: number }).n !== unique.length) throw missingReference(f.name);
    }
    if (f.kind === 'file' && typeof value === 'string') await checkFileReference(client, f, value, user);
  }
}

/** A value as its column takes it: a JSON document goes to `jsonb` as text (pg would send an array as a PostgreSQL
 * array). */
const columnValue = (f: FieldDef, value: unknown): unknown =>
  f.kind === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : value;

async function writeLinks(
  client: pg.PoolClient,
  r: ServerResource,
  f: FieldDef,
  ownId: string,
  ids: string[],
  ctx: CrudContext,
): Promise<void> {
  const m = r.many[f.name];
  if (!m) return;
  await client.query(
    `DELETE FROM ${ident(m.joinTable)} WHERE ${ident(m.ownKey)} = $1 AND NOT (${ident(m.otherKey)} = ANY($2::uuid[]))`,
    [ownId, ids],
  );
  if (ids.length)
    await client.query(
      `INSERT INTO ${ident(m.joinTable)} (${ident(m.ownKey)}, ${ident(m.otherKey)}, created_at, updated_at, created_by, updated_by) ` +
        `SELECT $1, x, $3, $3, $4, $4 FROM unnest($2::uuid[]) x ON CONFLICT DO NOTHING`,
      [ownId, [...new Set(ids)], ctx.now, ctx.actor.id],
    );
}

async function currentLinks(client: pg.PoolClient, r: ServerResource, f: FieldDef, ownId: string): Promise<string[]> {
  const m = r.many[f.name];
  if (!m) return [];
  const res = await client.query(
    `SELECT ${ident(m.otherKey)} AS id FROM ${ident(m.joinTable)} WHERE ${ident(m.ownKey)} = $1 ORDER BY 1`,
    [ownId],
  );
  return res.rows.map((x: { id: string }) => x.id);
}

/** Values of secret fields never reach the audit log: it records that they changed, not to what. */
function auditSafe(r: ServerResource, changes: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!changes) return changes;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes)) {
    const f = r.def.fields.find((x) => x.name === k);
    out[k] =
      f?.secret || f?.writeOnly
        ? v && typeof v === 'object' && 'from' in v
          ? { from: '[hidden]', to: '[hidden]' }
          : '[hidden]'
        : v;
  }
  return out;
}

/** Audit rows for writes, in the write's transaction; `changes` holds field values, never secrets. */
export async function auditRows(
  client: pg.PoolClient,
  ctx: CrudContext,
  r: ServerResource,
  action: string,
  entries: { id: string; changes: Record<string, unknown> | null }[],
): Promise<void> {
  if (!entries.length) return;
  await client.query(
    `INSERT INTO audit_log (action, entity, entity_id, actor_user_id, account_id, changes, request_id, ip, at, created_at, updated_at, created_by, updated_by)
     SELECT $1, $2, e.id, $3, ${r.tenantColumn ? `COALESCE((SELECT x.${ident(r.tenantColumn)} FROM ${ident(r.table)} x WHERE x.id = e.id::uuid), $4)` : '$4'}, e.changes, $5, $6, $7, $7, $7, $3, $3 FROM unnest($8::text[], $9::jsonb[]) AS e(id, changes)`,
    [
      action,
      r.entity,
      ctx.actor.id,
      ctx.actor.account_id,
      ctx.requestId,
      ctx.ip ?? null,
      ctx.now,
      entries.map((e) => e.id),
      entries.map((e) => (e.changes ? JSON.stringify(auditSafe(r, e.changes)) : null)),
    ],
  );
}

/** Run `work` in one transaction; unique violations become 409 naming the field. */
export async function inTransaction<T>(
  ctx: CrudContext,
  r: ServerResource,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await poolOf(ctx.db).connect();
  try {
    await client.query('BEGIN');
    await r.hooks?.begin?.(client, ctx);
    const result = await work(client);
    await client.query('COMMIT');
    invalidateCounts(r.table);
    for (const job of ctx.afterCommit?.splice(0) ?? [])
      await job().catch((err: unknown) => ctx.log.error({ err }, 'after-commit work failed'));
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    const pgErr = err as { code?: string; constraint?: string };
    if (pgErr.code === '23505') {
      const field = r.def.fields.find((f) => f.unique && pgErr.constraint === `${r.table}_${f.name}_unique_idx`);
      throw conflict(field?.name ?? r.def.titleField);
    }
    if (pgErr.code === '23502') {
      // A NOT NULL column left empty: the client's mistake, named like a missing field.
      throw fieldError((err as { column?: string }).column ?? 'body', 'validation.required');
    }
    if (pgErr.code === '23503') {
      const field = r.def.fields.find((f) => pgErr.constraint?.includes(f.name));
      throw missingReference(field?.name ?? 'body');
    }
    throw err;
  } finally {
    client.release();
  }
}

export async function createRow(ctx: CrudContext, r: ServerResource, input: WriteBody): Promise<Row> {
  if (r.ownedCreate) throw new Error(`${r.entity}: created by its feature's own route only (createOwnedRow)`);
  return insertRow(ctx, r, input, async (client, body) => (await r.hooks?.beforeCreate?.(client, ctx, body)) ?? {});
}

/**
 * Create a row of a resource its feature owns (contract.ts, `OwnedCreate`): the body as any create
 * takes it, plus what the feature computed, which its `ownedCreate` turns into columns.
 */
export async function createOwnedRow<In>(
  ctx: CrudContext,
  r: OwnedResource<In>,
  input: WriteBody,
  owned: In,
): Promise<Row> {
  return insertRow(ctx, r, input, async (client, body) => ({
    ...(await r.hooks?.beforeCreate?.(client, ctx, body)),
    ...(await r.ownedCreate(client, ctx, body, owned)),
  }));
}

async function insertRow(
  ctx: CrudContext,
  r: ServerResource,
  input: WriteBody,
  extrasOf: (client: pg.PoolClient, body: WriteBody) => Promise<WriteExtras>,
): Promise<Row> {
  const body = { ...input };
  // The answer is the row as this create wrote it, read before the commit: work started after the
  // commit (a queued job woken at once) may already be moving it on, e.g. a recording's decoding.
  const raw = await inTransaction(ctx, r, async (client) => {
    const extras = await extrasOf(client, body);
    await checkReferences(client, r, body, ctx.actor);
    const p = new SqlParams();
    // A field the body leaves out takes the column's default (a new user is ACTIVE, speaks English…).
    const fields = storedFields(r).filter((f) => body[f.name] !== undefined && !(f.name in extras));
    const extraCols = Object.keys(extras);
    const cols = [
      ...fields.map((f) => ident(f.name)),
      ...extraCols.map(ident),
      'created_at',
      'updated_at',
      'created_by',
      'updated_by',
    ];
    const vals = [
      ...fields.map((f) => p.add(columnValue(f, body[f.name]) ?? (f.kind === 'enumArray' ? [] : null))),
      ...extraCols.map((c) => p.add(extras[c])),
      p.add(ctx.now),
      p.add(ctx.now),
      p.add(ctx.actor.id),
      p.add(ctx.actor.id),
    ];
    const res = await client.query(
      `INSERT INTO ${ident(r.table)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`,
      p.values,
    );
    const newId = String((res.rows[0] as { id: string }).id);
    for (const f of manyFields(r))
      await writeLinks(client, r, f, newId, (body[f.name] as string[] | undefined) ?? [], ctx);
    const changes = Object.fromEntries(
      r.def.fields.filter((f) => body[f.name] !== undefined && !f.writeOnly).map((f) => [f.name, body[f.name]]),
    );
    await auditRows(client, ctx, r, 'create', [{ id: newId, changes }]);
    await r.hooks?.afterWrite?.(client, ctx, newId, body);
    return selectOne(client, r, ctx.actor, newId);
  });
  if (!raw) throw notFound();
  return toRow(r, raw);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** A JSON document with its keys in order: jsonb gives them back in its own order, which is no change. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;

/** Update a live row in scope with the fields present in `body`; records what changed. */
export async function updateRow(ctx: CrudContext, r: ServerResource, id: string, input: WriteBody): Promise<Row> {
  const body = { ...input };
  await inTransaction(ctx, r, async (client) => {
    const before = await selectOne(client, r, ctx.actor, id, { live: true, lock: true });
    if (!before) throw notFound();
    // The row's own rules (a user more powerful than the caller…), after scope: outside it is 404.
    if (!policyOf(r.def.name).can(ctx.actor, 'update', before as Row)) throw forbidden();
    const extras = (await r.hooks?.beforeUpdate?.(client, ctx, body, before)) ?? {};
    await checkReferences(client, r, body, ctx.actor);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const p = new SqlParams();
    const sets: string[] = [];
    for (const [col, value] of Object.entries(extras)) {
      sets.push(`${ident(col)} = ${p.add(value)}`);
      if (r.def.fields.some((f) => f.name === col)) changes[col] = { from: before[col] ?? null, to: value };
    }
    for (const f of storedFields(r)) {
      if (f.name in extras) continue;
      if (body[f.name] === undefined) continue;
      const next = body[f.name];
      if (
        (f.kind === 'json' ? same(canonical(before[f.name]), canonical(next)) : same(before[f.name], next)) ||
        (f.kind === 'decimal' && next !== null && Number(before[f.name]) === Number(next))
      )
        continue;
      changes[f.name] = { from: iso(before[f.name]) ?? null, to: next };
      sets.push(`${ident(f.name)} = ${p.add(columnValue(f, next))}`);
    }
    for (const f of manyFields(r)) {
      const next = body[f.name] as string[] | undefined;
      if (next === undefined) continue;
      const prev = await currentLinks(client, r, f, id);
      const sorted = [...new Set(next)].sort();
      if (same(prev, sorted)) continue;
      changes[f.name] = { from: prev, to: sorted };
      await writeLinks(client, r, f, id, sorted, ctx);
    }
    if (!Object.keys(changes).length && !sets.length) return;
    sets.push(`updated_at = ${p.add(ctx.now)}`, `updated_by = ${p.add(ctx.actor.id)}`);
    await client.query(`UPDATE ${ident(r.table)} SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
    await auditRows(client, ctx, r, 'update', [{ id, changes }]);
    await r.hooks?.afterWrite?.(client, ctx, id, body, before);
  });
  return getRow(ctx, r, id);
}

/**
 * Soft delete (`deleted`) or restore (`restored`) rows in scope, all or nothing: if any id is missing,
 * outside the caller's scope or already in the wanted state, nothing changes and the answer is 404.
 */
export async function setDeleted(
  ctx: CrudContext,
  r: ServerResource,
  ids: string[],
  deleted: boolean,
): Promise<number> {
  const unique = [...new Set(ids)];
  const policy = policyOf(r.def.name);
  return inTransaction(ctx, r, async (client) => {
    // The rows in scope, locked: each must pass the policy's row rules (403 otherwise); rows outside the
    // scope or already in the wanted state are left to the UPDATE below (404, all or nothing).
    const p0 = new SqlParams();
    const c0 = [`t.id = ANY(${p0.add(unique)}::uuid[])`];
    const s0 = r.scope?.(ctx.actor, p0);
    if (s0) c0.push(s0);
    const seen = await client.query(
      `SELECT t.* FROM ${ident(r.table)} t WHERE ${c0.join(' AND ')} FOR UPDATE`,
      p0.values,
    );
    const action = deleted ? 'delete' : 'restore';
    for (const row of seen.rows as Row[]) {
      // Judged as if in the state the action starts from: the state itself is the UPDATE's business.
      if (!policy.can(ctx.actor, action, { ...row, deleted_at: deleted ? null : (row.deleted_at ?? ctx.now) }))
        throw forbidden();
    }
    // Hooks see only rows the caller may touch; the UPDATE below refuses the rest (404).
    if (r.hooks?.beforeDelete && seen.rowCount === unique.length)
      await r.hooks.beforeDelete(client, ctx, unique, deleted);
    const p = new SqlParams();
    const conds = [
      `t.id = ANY(${p.add(unique)}::uuid[])`,
      deleted ? 't.deleted_at IS NULL' : 't.deleted_at IS NOT NULL',
    ];
    const scope = r.scope?.(ctx.actor, p);
    if (scope) conds.push(scope);
    const res = await client.query(
      `UPDATE ${ident(r.table)} t SET deleted_at = ${deleted ? p.add(ctx.now) : 'NULL'}, updated_at = ${p.add(ctx.now)}, updated_by = ${p.add(ctx.actor.id)} WHERE ${conds.join(' AND ')} RETURNING t.id`,
      p.values,
    );
    if (res.rowCount !== unique.length) throw notFound();
    await auditRows(
      client,
      ctx,
      r,
      deleted ? 'delete' : 'restore',
      res.rows.map((x: { id: string }) => ({ id: x.id, changes: null })),
    );
    return unique.length;
  });
}
