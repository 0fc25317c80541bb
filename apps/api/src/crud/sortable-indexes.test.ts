import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_RESOURCES, READ_ONLY_RESOURCES } from '../../test/resources';
import { useTestDatabase } from '../../test/db';

/**
 * Every column a list may be sorted by (`sortable: true`) has an index in the
 * migrated database whose first column is that column, so sorting a large list walks an index
 * instead of sorting the table. A relation is sorted by its record's label, which no index of this
 * table can serve; its own column still needs one (the relation is a filter, and the label is looked
 * up through it). Expression indexes (lower(name) for prefix search) do not count. A read-only list's view
 * (decision 025) is sorted through the tables it reads: its column of a table's own name needs that index.
 */
const RESOURCES = [...ENGINE_RESOURCES, ...READ_ONLY_RESOURCES];

const leading = new Set<string>();
/** `view.column` → the `table.column`s of the same name the view reads. */
const through = new Map<string, string[]>();

beforeAll(async () => {
  const { pool } = await useTestDatabase();
  const res = await pool.query<{ tbl: string; col: string }>(
    `SELECT c.relname AS tbl, a.attname AS col
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]`,
  );
  for (const r of res.rows) leading.add(`${r.tbl}.${r.col}`);
  const views = await pool.query<{ view_name: string; table_name: string; column_name: string }>(
    `SELECT view_name, table_name, column_name FROM information_schema.view_column_usage WHERE view_schema = 'public'`,
  );
  for (const v of views.rows) {
    const key = `${v.view_name}.${v.column_name}`;
    through.set(key, [...(through.get(key) ?? []), `${v.table_name}.${v.column_name}`]);
  }
});
const indexed = (table: string, col: string) =>
  leading.has(`${table}.${col}`) || (through.get(`${table}.${col}`) ?? []).some((c) => leading.has(c));

describe('indexes for sortable columns', () => {
  it('finds the sortable columns of every registered resource (the walk is not empty)', () => {
    const columns = RESOURCES.flatMap((r) => r.def.fields.filter((f) => f.sortable));
    expect(RESOURCES.length).toBeGreaterThanOrEqual(19);
    expect(columns.length).toBeGreaterThan(50);
  });

  it.each(RESOURCES.map((r) => [r.def.name, r] as const))('%s: every sortable column leads an index', (_name, r) => {
    const missing = r.def.fields
      .filter((f) => f.sortable && !indexed(r.table, f.name))
      .map((f) => `${r.table}.${f.name}`);
    expect(missing).toEqual([]);
  });
});
