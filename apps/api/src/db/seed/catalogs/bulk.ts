import type pg from 'pg';

/** SQL type of each column for `unnest` (text unless said otherwise). */
export type ColumnTypes = Record<string, 'text' | 'uuid' | 'int' | 'text[]'>;

const CHUNK = 10_000;

/**
 * Insert many rows with one `INSERT … SELECT * FROM unnest(…)` per 10,000 rows: a parameter per
 * column instead of per value, so 150,000 rows take a few statements, not 150,000. Array columns
 * (`text[]`) travel as JSON and are unpacked in SQL, since unnest would flatten a 2-D array.
 */
export async function bulkInsert(
  client: pg.PoolClient,
  table: string,
  columns: ColumnTypes,
  rows: Record<string, unknown>[],
): Promise<number> {
  const names = Object.keys(columns);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const params = names.map((n) =>
      chunk.map((r) => (columns[n] === 'text[]' ? JSON.stringify(r[n] ?? []) : (r[n] ?? null))),
    );
    const unnest = names.map((n, i) => `$${i + 1}::${columns[n] === 'text[]' ? 'text' : columns[n]}[]`).join(', ');
    const select = names
      .map((n) => (columns[n] === 'text[]' ? `ARRAY(SELECT json_array_elements_text(u."${n}"::json))` : `u."${n}"`))
      .join(', ');
    await client.query(
      `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS u(${names.map((n) => `"${n}"`).join(', ')})`,
      params,
    );
  }
  return rows.length;
}
