import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_RESOURCES } from '../../test/resources';
import { useTestDatabase } from '../../test/db';

/**
 * Every column a list may be sorted by (`sortable: true`) has an index in the
 * migrated database whose first column is that column, so sorting a large list walks an index
 * instead of sorting the table. A relation is sorted by its record's label, which no index of this
 * table can serve; its own column still needs one (the relation is a filter, and the label is looked
 * up through it). Expression indexes (lower(name) for prefix search) do not count.
 */
const RESOURCES = ENGINE_RESOURCES;

const leading = new Set<string>();

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
});

describe('indexes for sortable columns', () => {
  it('finds the sortable columns of every registered resource (the walk is not empty)', () => {
    const columns = RESOURCES.flatMap((r) => r.def.fields.filter((f) => f.sortable));
    expect(RESOURCES.length).toBeGreaterThanOrEqual(19);
    expect(columns.length).toBeGreaterThan(50);
  });

  it.each(RESOURCES.map((r) => [r.def.name, r] as const))('%s: every sortable column leads an index', (_name, r) => {
    const missing = r.def.fields
      .filter((f) => f.sortable && !leading.has(`${r.table}.${f.name}`))
      .map((f) => `${r.table}.${f.name}`);
    expect(missing).toEqual([]);
  });
});
