import { ROW_TIMES, type FieldDef } from '@habla/shared';
import type { CrudUser, ListParams, ServerResource } from './contract';
import { fieldByName, manyFields, plainFields } from './resource';
import { ident, likeEscape, SqlParams } from './sql';

export type { ListParams } from './contract';

/** WHERE clause (alias `t`) for scope, trash, search and filters; shared by the page, the count and the export. */
export function whereClause(
  r: ServerResource,
  user: CrudUser,
  params: ListParams,
  p: SqlParams,
  opts: { searchAsFilter?: boolean } = {},
): string {
  const parts = [params.trash ? 't.deleted_at IS NOT NULL' : 't.deleted_at IS NULL'];
  const scope = r.scope?.(user, p);
  if (scope) parts.push(scope);
  const q = params.q?.trim();
  if (q) {
    const pattern = p.add(`%${likeEscape(q)}%`);
    const columns = params.in && r.def.searchable.includes(params.in) ? [params.in] : r.def.searchable;
    // `searchAsFilter`: the same test, written so no trigram index can answer it (see searchIds).
    const column = (c: string) => (opts.searchAsFilter ? `(t.${ident(c)} || '')` : `t.${ident(c)}`);
    parts.push(`(${columns.map((c) => `${column(c)} ILIKE ${pattern}`).join(' OR ')})`);
  }
  for (const [name, value] of Object.entries(params.filters)) {
    const f = fieldByName(r, name);
    if (!f?.filterable) continue;
    parts.push(
      f.kind === 'enumArray' ? `${p.add(value)} = ANY(t.${ident(name)})` : `t.${ident(name)} = ${p.add(value)}`,
    );
  }
  return parts.join(' AND ');
}

/** Sort expression of a field: relations sort by the related record's label, not by its id. */
function sortExpr(r: ServerResource, f: FieldDef): string {
  const link = r.relations[f.name];
  if (f.kind === 'relation' && link)
    return `(SELECT x.${ident(link.targetTitle)} FROM ${ident(link.targetTable)} x WHERE x.id = t.${ident(f.name)})`;
  return `t.${ident(f.name)}`;
}

/**
 * ORDER BY of a page. An explicit column sorts by it with the id as tie-breaker (matching the
 * `(col, id)` partial indexes, so deep pages walk an index); else the resource's default sort.
 * (A search without a column orders by relevance: see searchIds.)
 */
export function orderClause(r: ServerResource, params: ListParams, _p?: SqlParams): string {
  const f = params.col ? fieldByName(r, params.col) : undefined;
  if (f?.sortable) {
    const dir = params.order === 'desc' ? 'DESC' : 'ASC';
    return `${sortExpr(r, f)} ${dir}, t.id ${dir}`;
  }
  const d = r.def.defaultSort;
  const df = fieldByName(r, d.col);
  const dir = d.order === 'desc' ? 'DESC' : 'ASC';
  if (df) return `${sortExpr(r, df)} ${dir}, t.id ${dir}`;
  // Newest or latest changed first: a bookkeeping column every row has, with its `(col, id)` index.
  return (ROW_TIMES as readonly string[]).includes(d.col) ? `t.${ident(d.col)} ${dir}, t.id ${dir}` : `t.id ${dir}`;
}

/** The relations a row shows with their label: each joined once, as `r0`, `r1`, … in field order. */
function labelledRelations(r: ServerResource) {
  return plainFields(r)
    .filter((f) => f.kind === 'relation')
    .flatMap((f, i) => {
      const link = r.relations[f.name];
      return link ? [{ f, link, alias: `r${i}` }] : [];
    });
}

/** A many-link's related records as `[{ id, label }]`, by label (then id, so two calls agree). */
function manyList(m: ServerResource['many'][string]): string {
  return (
    `COALESCE((SELECT json_agg(json_build_object('id', x.id, 'label', x.${ident(m.targetTitle)}) ORDER BY x.${ident(m.targetTitle)}, x.id) ` +
    `FROM ${ident(m.joinTable)} j JOIN ${ident(m.targetTable)} x ON x.id = j.${ident(m.otherKey)} ` +
    `WHERE j.${ident(m.ownKey)} = t.id AND x.deleted_at IS NULL), '[]'::json)`
  );
}

const AUTHOR_JOINS = ['LEFT JOIN users cu ON cu.id = t.created_by', 'LEFT JOIN users uu ON uu.id = t.updated_by'];
/** Timestamps leave PostgreSQL as ISO 8601 text: no Date parsing and re-formatting per row in Node. */
const isoText = (c: string) => `to_json(t.${c}) #>> '{}'`;
/** Every row's bookkeeping: when it was deleted, made and changed, and by whom (with AUTHOR_JOINS). */
const BOOKKEEPING = [
  `${isoText('deleted_at')} AS deleted_at`,
  `${isoText('created_at')} AS created_at`,
  `${isoText('updated_at')} AS updated_at`,
  't.created_by AS created_by',
  't.updated_by AS updated_by',
  'cu.username AS created_by_name',
  'uu.username AS updated_by_name',
];

/** Columns of a full row (alias `t`): declared fields, loaded relations, bookkeeping, author names. */
export function rowSelect(r: ServerResource): { select: string; joins: string } {
  const cols = [
    't.id',
    ...plainFields(r).map((f) =>
      f.kind === 'datetime' ? `${isoText(ident(f.name))} AS ${ident(f.name)}` : `t.${ident(f.name)}`,
    ),
    ...(r.extraSelect ?? []).map((c) => `t.${ident(c)}`),
  ];
  const joins: string[] = [];
  for (const { f, link, alias } of labelledRelations(r)) {
    joins.push(`LEFT JOIN ${ident(link.targetTable)} ${alias} ON ${alias}.id = t.${ident(f.name)}`);
    cols.push(`${alias}.${ident(link.targetTitle)} AS ${ident(`__label_${f.name}`)}`);
  }
  for (const f of manyFields(r)) {
    const m = r.many[f.name];
    if (m) cols.push(`${manyList(m)} AS ${ident(`__many_${f.name}`)}`);
  }
  cols.push(...BOOKKEEPING);
  joins.push(...AUTHOR_JOINS);
  return { select: cols.join(', '), joins: joins.join(' ') };
}

/**
 * Whether PostgreSQL can write a resource's API rows itself (`rowJson`): every row shape the engine
 * builds in `toRow` (service.ts), unless the resource reshapes its rows in Node (`present`).
 */
export const rowsAsJson = (r: ServerResource): boolean => !r.present && !r.extraSelect?.length;

/**
 * One API row as JSON text, written by PostgreSQL (alias `t`, with `rowJson(...).joins`): the same
 * object `toRow` builds in Node, with the `hidden` fields null as `presentRow` leaves them, so a list
 * page goes from the database to the answer without being parsed and re-serialised row by row
 * (decision 008). Values Node would have received as strings (decimals, and dates by db/client.ts's
 * parser) stay strings; an empty enum list is `[]`. crud/row-json.test.ts and list-session.test.ts hold every
 * resource's
 * list rows equal to its show rows, which are built in Node.
 */
export function rowJson(r: ServerResource, hidden: readonly string[]): { select: string; joins: string } {
  const cols = ['t.id AS id'];
  const joins: string[] = [];
  const as = (f: FieldDef, expr: string) => `${hidden.includes(f.name) ? 'NULL' : expr} AS ${ident(f.name)}`;
  const labels = new Map(labelledRelations(r).map((x) => [x.f.name, x]));
  for (const f of plainFields(r)) {
    const col = `t.${ident(f.name)}`;
    cols.push(
      as(
        f,
        f.kind === 'decimal'
          ? `${col}::text`
          : f.kind === 'enumArray'
            ? `COALESCE(to_json(${col}), '[]'::json)`
            : f.kind === 'datetime'
              ? isoText(ident(f.name))
              : col,
      ),
    );
    const l = labels.get(f.name);
    if (f.kind === 'relation' && f.as) {
      const label = l ? `COALESCE(${l.alias}.${ident(l.link.targetTitle)}::text, ${col}::text)` : `${col}::text`;
      cols.push(
        `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object('id', ${col}, 'label', ${label}) END AS ${ident(f.as)}`,
      );
    }
    if (l) joins.push(`LEFT JOIN ${ident(l.link.targetTable)} ${l.alias} ON ${l.alias}.id = ${col}`);
  }
  // Each many-link's list is read once, in the row's own subquery, for its ids and its labels.
  const lists: string[] = [];
  manyFields(r).forEach((f, i) => {
    const m = r.many[f.name];
    if (!m) return;
    const alias = `m${i}`;
    lists.push(`(SELECT ${manyList(m)} AS list) ${alias}`);
    cols.push(as(f, `(SELECT COALESCE(json_agg(e->'id'), '[]'::json) FROM json_array_elements(${alias}.list) e)`));
    if (f.as) cols.push(`${alias}.list AS ${ident(f.as)}`);
  });
  cols.push(...BOOKKEEPING);
  joins.push(...AUTHOR_JOINS);
  // `__r`, not a short alias: a bare name is a column first, and a wrapping statement may have one.
  const from = lists.length ? ` FROM ${lists.join(', ')}` : '';
  return {
    select: `(SELECT to_json(__r) FROM (SELECT ${cols.join(', ')}${from}) __r)::text AS __json`,
    joins: joins.join(' '),
  };
}

/**
 * One page: the ids are chosen first by an index-only walk (a "deferred join"), then only those
 * rows are read and decorated. Deep offsets then cost an index scan of ids, not of whole rows.
 */
/** A page's starting point for keyset paging: the sort value and id of the row just before it. */
export type Anchor = { value: string | number; id: string };

/**
 * The column a list is sorted by, when keyset paging can use it: a plain NOT NULL column (row
 * comparison skips NULLs) with its `(col, id)` index; not relevance or relation-label orders.
 */
export function keysetColumn(r: ServerResource, params: ListParams): { col: string; dir: 'asc' | 'desc' } | null {
  if (params.q?.trim() && !params.col) return null;
  const col = params.col ?? r.def.defaultSort.col;
  const f = fieldByName(r, col);
  if (!f?.sortable || !f.required || f.kind === 'relation') return null;
  return { col, dir: (params.col ? params.order : r.def.defaultSort.order) === 'desc' ? 'desc' : 'asc' };
}

/**
 * One page. With an anchor the page starts right after it (keyset: an index range scan however deep
 * the page); without one, `lead` asks for one extra row before the page (its anchor, kept by the
 * caller for the next visit).
 */
export function pageQuery(
  r: ServerResource,
  user: CrudUser,
  params: ListParams,
  opts: { anchor?: Anchor; lead?: boolean; ordinal?: boolean; json?: readonly string[] } = {},
): { text: string; values: unknown[]; reusable?: boolean } {
  const p = new SqlParams();
  let where = whereClause(r, user, params, p);
  // As JSON: each row's text, with its id, whether it is in the trash and the keyset column (anchors).
  const key = keysetColumn(r, params);
  const { select: columns, joins } = opts.json
    ? (({ select, joins }) => ({
        select: `${select}, t.id, t.deleted_at IS NOT NULL AS __trash${key ? `, t.${ident(key.col)}` : ''}`,
        joins,
      }))(rowJson(r, opts.json))
    : rowSelect(r);
  // `__ord`: each row's place in the page, for a statement that wraps the page (service.ts).
  const select = (order: string) =>
    opts.ordinal ? `${columns}, row_number() OVER (ORDER BY ${order}) AS __ord` : columns;
  const q = params.q?.trim();
  if (q && !params.col) {
    const inner = searchIds(
      r,
      { where, asFilter: whereClause(r, user, params, p, { searchAsFilter: true }) },
      q,
      params,
      p,
    );
    const order = 'k.g, k.s, k.id';
    return {
      text: `SELECT ${select(order)} FROM (${inner}) k JOIN ${ident(r.table)} t ON t.id = k.id ${joins} ORDER BY ${order}`,
      values: p.values,
      reusable: false,
    };
  }
  const keyset = opts.anchor ? keysetColumn(r, params) : null;
  if (keyset && opts.anchor)
    where += ` AND (t.${ident(keyset.col)}, t.id) ${keyset.dir === 'desc' ? '<' : '>'} (${p.add(opts.anchor.value)}, ${p.add(opts.anchor.id)}::uuid)`;
  const order = orderClause(r, params, p);
  const lead = !keyset && opts.lead && params.page > 0 ? 1 : 0;
  // LIMIT and OFFSET are written as numbers, not parameters: a named statement's generic plan knows
  // them then (a parameter makes PostgreSQL assume a tenth of the table and sort it, or plan anew on
  // every call). Both are integers checked by the query schema; the keyset page's text stays one per
  // page size, so a connection keeps few statements.
  const limit = String(Math.trunc(params.max + lead));
  const offset = String(Math.trunc(keyset ? 0 : params.page * params.max - lead));
  if (key && offset === '0') {
    // A first page or a keyset page: one walk of the `(col, id)` index reads the rows themselves and
    // stops at the limit (the row's JSON and many-links are subqueries, computed for those rows only).
    const page = `SELECT ${columns} FROM ${ident(r.table)} t ${joins} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`;
    const dir = key.dir === 'desc' ? 'DESC' : 'ASC';
    const text = opts.ordinal
      ? `SELECT q.*, row_number() OVER (ORDER BY q.${ident(key.col)} ${dir}, q.id ${dir}) AS __ord FROM (${page}) q`
      : page;
    return { text, values: p.values, reusable: true };
  }
  const text =
    `SELECT ${select(order)} FROM (SELECT t.id FROM ${ident(r.table)} t WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) k ` +
    `JOIN ${ident(r.table)} t ON t.id = k.id ${joins} ORDER BY ${order}`;
  return { text, values: p.values, reusable: offset === '0' };
}

/**
 * The smallest text greater than every text that starts with `prefix`, in code-point order (which
 * is the byte order of UTF-8 under COLLATE "C"): the last code point plus one, skipping the
 * surrogate range; a last code point that has no successor (U+10FFFF) is dropped and the one before
 * it is raised. Null when no bound exists (every code point is U+10FFFF, or the prefix is empty).
 * Counting in UTF-16 units instead would turn U+FFFF into U+0000, which PostgreSQL refuses.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix].map((c) => c.codePointAt(0) ?? 0);
  while (points.length) {
    const last = (points.pop() ?? 0) + 1;
    if (last > 0x10ffff) continue;
    points.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
    return String.fromCodePoint(...points);
  }
  return null;
}

/**
 * Ids of one page of a search, by relevance: titles that start with the text first (exact match
 * leading), in a case-insensitive range of the `lower(title) COLLATE "C"` index; then the other
 * matches alphabetically. Each half reads at most the rows up to the page, in index order, so a
 * common fragment ("ter", 7,800 matches) costs a short index walk instead of sorting every match;
 * a rare one ("zebr") goes through the trigram index. In the first half the search test is a filter
 * only: every title in the prefix range passes it, but PostgreSQL, taking the two for independent,
 * would AND the trigram index's thousands of matches into a bitmap (2 ms for "ter") instead of walking
 * the range's few hundred entries in order.
 */
function searchIds(
  r: ServerResource,
  where: { where: string; asFilter: string },
  q: string,
  params: ListParams,
  p: SqlParams,
): string {
  const title = ident(
    params.in && r.def.searchable.includes(params.in) ? params.in : (r.def.searchable[0] ?? r.def.titleField),
  );
  const low = `(lower(t.${title}) COLLATE "C")`;
  const from = q.toLowerCase();
  const to = prefixUpperBound(from);
  const prefix = to === null ? `${low} >= ${p.add(from)}` : `${low} >= ${p.add(from)} AND ${low} < ${p.add(to)}`;
  const upTo = p.add(params.page * params.max + params.max);
  const table = ident(r.table);
  return (
    `SELECT id, g, s FROM ((SELECT t.id, 0 AS g, ${low} AS s FROM ${table} t WHERE ${where.asFilter} AND ${prefix} ORDER BY ${low}, t.id LIMIT ${upTo}) ` +
    `UNION ALL (SELECT t.id, 1 AS g, t.${title} COLLATE "C" AS s FROM ${table} t WHERE ${where.where} AND NOT (${prefix}) ORDER BY t.${title}, t.id LIMIT ${upTo})) u ` +
    `ORDER BY g, s, id LIMIT ${p.add(params.max)} OFFSET ${p.add(params.page * params.max)}`
  );
}

export function countQuery(
  r: ServerResource,
  user: CrudUser,
  params: ListParams,
): { text: string; values: unknown[]; key: string } {
  const p = new SqlParams();
  const where = whereClause(r, user, params, p);
  return {
    text: `SELECT count(*)::int AS n FROM ${ident(r.table)} t WHERE ${where}`,
    values: p.values,
    key: `${where}|${JSON.stringify(p.values)}`,
  };
}
