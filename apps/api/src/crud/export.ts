import type { FieldDef } from '@habla/shared';
import pg from 'pg';
import type { CrudUser, ListParams, RawRow, Row, ServerResource } from './contract';
import { orderClause, rowSelect, whereClause } from './list-query';
import { fieldByName } from './resource';
import { toRow } from './service';
import { ident, SqlParams } from './sql';

/** Rows per FETCH: ~100 KB of CSV, a few milliseconds of work on the event loop between two reads. */
export const EXPORT_BATCH = 1_000;
/** An export stops after this many rows (a narrower filter gets the rest). */
export const EXPORT_MAX_ROWS = 200_000;
/** A download whose client stops reading ends after this long without a FETCH (its slot is then free). */
const EXPORT_IDLE_MS = 60_000;

/** How export connections show in pg_stat_activity. */
export const EXPORT_APPLICATION_NAME = 'habla export';

export type ExportCursor = {
  /** The next batch of rows; empty once the list is exhausted. */
  next: () => Promise<RawRow[]>;
  /** End the transaction and the connection (idempotent; safe while a FETCH is running). */
  close: () => Promise<void>;
};

/** A JSON field's cell: the document as compact JSON (a list would otherwise be joined like an enum list). */
const compactJson = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** How to read one export column from the API's row: relations by their label, many-links by their labels. */
function rowValue(r: ServerResource, name: string): (row: Row) => unknown {
  const f = fieldByName(r, name);
  const as = f && (f.kind === 'relation' || f.kind === 'relationMany') ? f.as : undefined;
  if (f?.kind === 'json') return (row) => compactJson(row[name]);
  if (!as) return (row) => row[name];
  return (row) => {
    const v = row[as] as { label: string } | { label: string }[] | null;
    return Array.isArray(v) ? v.map((x) => x.label) : (v?.label ?? null);
  };
}

/**
 * One column of a narrow export SELECT (alias `t`; `key` names its output) and how to read it:
 * the same value the API's row gives (rowValue), without reading the rest of the row.
 */
function narrowColumn(
  r: ServerResource,
  f: FieldDef,
  key: string,
  cols: string[],
  joins: string[],
): (raw: RawRow) => unknown {
  if (f.writeOnly) return () => null;
  if (f.kind === 'relation') {
    const link = r.relations[f.name];
    cols.push(`t.${ident(f.name)}::text AS ${key}`);
    if (!f.as) return (raw) => raw[key] ?? null;
    if (!link) return (raw) => raw[key] ?? null;
    joins.push(`LEFT JOIN ${ident(link.targetTable)} ${key}_t ON ${key}_t.id = t.${ident(f.name)}`);
    cols.push(`${key}_t.${ident(link.targetTitle)}::text AS ${key}_label`);
    return (raw) => (raw[key] == null ? null : (raw[`${key}_label`] ?? raw[key]));
  }
  if (f.kind === 'relationMany') {
    const m = r.many[f.name];
    if (!m) return () => [];
    const value = f.as ? `x.${ident(m.targetTitle)}` : 'x.id';
    cols.push(
      `COALESCE((SELECT json_agg(${value} ORDER BY x.${ident(m.targetTitle)}) FROM ${ident(m.joinTable)} j JOIN ${ident(m.targetTable)} x ON x.id = j.${ident(m.otherKey)} ` +
        `WHERE j.${ident(m.ownKey)} = t.id AND x.deleted_at IS NULL), '[]'::json) AS ${key}`,
    );
    return (raw) => raw[key];
  }
  cols.push(`t.${ident(f.name)} AS ${key}`);
  if (f.kind === 'json') return (raw) => compactJson(raw[key]);
  return (raw) => raw[key] ?? (f.kind === 'enumArray' ? [] : null);
}

export type ExportPlan = {
  query: { text: string; values: unknown[] };
  /** The CSV cells of one row of the query, in the order of the columns asked. */
  cells: (raw: RawRow) => unknown[];
};

/**
 * The SELECT of a whole export and how to read its rows: the list's filter, scope and order, every
 * row in one query. It selects only the exported columns, so a 150k-row file costs PostgreSQL and
 * the event loop half as much; a resource that reshapes its rows before they leave the API
 * (`present`, e.g. a masked SSN) is read as whole rows through the same `toRow` as its list.
 * A search without a chosen column is ordered by the resource's default sort (the list orders it
 * by relevance, page by page).
 */
export function exportPlan(
  r: ServerResource,
  user: CrudUser,
  params: ListParams,
  columns: string[],
  maxRows = EXPORT_MAX_ROWS,
): ExportPlan {
  const p = new SqlParams();
  const where = whereClause(r, user, params, p);
  const order = orderClause(r, params, p);
  const tail = `WHERE ${where} ORDER BY ${order} LIMIT ${p.add(maxRows)}`;
  if (r.present || r.extraSelect?.length) {
    const { select, joins } = rowSelect(r);
    const values = columns.map((n) => rowValue(r, n));
    return {
      query: { text: `SELECT ${select} FROM ${ident(r.table)} t ${joins} ${tail}`, values: p.values },
      cells: (raw) => {
        const row = toRow(r, raw);
        return values.map((value) => value(row));
      },
    };
  }
  const cols: string[] = [];
  const joins: string[] = [];
  const readers = columns.map((name, i) => {
    const f = fieldByName(r, name);
    return f ? narrowColumn(r, f, `c${i}`, cols, joins) : () => null;
  });
  return {
    query: {
      text: `SELECT ${cols.length ? cols.join(', ') : 't.id'} FROM ${ident(r.table)} t ${joins.join(' ')} ${tail}`,
      values: p.values,
    },
    cells: (raw) => readers.map((read) => read(raw)),
  };
}

/**
 * Open a server-side cursor over an export on a connection of its own (not one of the pool's, so a
 * slow download never takes a connection from interactive requests; the export slots bound how
 * many exist). One plan streams every row, without deep OFFSETs or a query per page; the READ ONLY
 * REPEATABLE READ transaction gives the whole file one consistent snapshot.
 */
export async function openExportCursor(
  pool: pg.Pool,
  query: { text: string; values: unknown[] },
  batch = EXPORT_BATCH,
): Promise<ExportCursor> {
  const client = new pg.Client({ ...pool.options, application_name: EXPORT_APPLICATION_NAME });
  // A connection PostgreSQL ends (idle timeout, restart) must fail the export, not the process.
  client.on('error', () => undefined);
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    })());
  try {
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${EXPORT_IDLE_MS}`);
    await client.query(`SET LOCAL statement_timeout = ${EXPORT_IDLE_MS}`);
    await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${query.text}`, query.values);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    next: async () =>
      closing ? [] : ((await client.query(`FETCH FORWARD ${batch} FROM export_rows`)).rows as RawRow[]),
    close,
  };
}
