import { getTableName, is } from 'drizzle-orm';
import {
  boolean,
  getTableConfig,
  integer,
  jsonb,
  numeric,
  pgTable,
  PgTable,
  text,
  uuid,
  type PgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/db';
import * as schema from './index';

/**
 * The Drizzle definitions tell the truth about the migrated database (docs/decisions/024-typed-tables.md):
 * every table of the `public` schema has a definition of that name in `db/schema`, and no definition
 * names a table the migrations do not make; each column exists on both sides with the same type,
 * the same NOT NULL, the same presence of a database default and the same generation. The
 * migrator's own bookkeeping (`__drizzle_migrations`) lives in its schema `drizzle`, outside `public`.
 */

/** A column as information_schema.columns describes it. */
type DbColumn = {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_generated: 'ALWAYS' | 'NEVER';
  is_identity: 'YES' | 'NO';
  data_type: string;
  udt_name: string;
  numeric_precision: number | null;
  numeric_scale: number | null;
  character_maximum_length: number | null;
  datetime_precision: number | null;
};

/** information_schema's element type names of arrays (`_int4`) as a column type reads. */
const UDT: Record<string, string> = {
  bool: 'boolean',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  float4: 'real',
  float8: 'double precision',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  varchar: 'varchar',
};

/** A column's type as PostgreSQL states it, with the parameters Drizzle states too (numeric's precision, varchar's
 * length). */
function databaseType(c: DbColumn): string {
  if (c.data_type === 'ARRAY') {
    const element = c.udt_name.slice(1);
    return `${UDT[element] ?? element}[]`;
  }
  if (c.data_type === 'USER-DEFINED') return c.udt_name;
  if (c.data_type === 'numeric' && c.numeric_precision !== null)
    return `numeric(${c.numeric_precision}, ${c.numeric_scale ?? 0})`;
  if (c.data_type === 'character varying')
    return c.character_maximum_length === null ? 'varchar' : `varchar(${c.character_maximum_length})`;
  if (c.data_type.startsWith('timestamp') && c.datetime_precision !== null && c.datetime_precision !== 6)
    return c.data_type.replace('timestamp', `timestamp(${c.datetime_precision})`);
  return c.data_type;
}

/** A type name without spaces or case, so `numeric(5, 1)` meets `numeric(5,1)`; a bare `timestamp` is one without time
 * zone. */
function canonicalType(type: string): string {
  const t = type.toLowerCase().replaceAll(' ', '');
  return t.startsWith('timestamp') && !t.endsWith('withtimezone') && !t.endsWith('withouttimezone')
    ? `${t}withouttimezone`
    : t;
}

/**
 * Whether a Drizzle column gives the database a default: `.default()`, `.defaultNow()`,
 * `.defaultRandom()`, an identity. A `$defaultFn` is filled in by Drizzle, not by the database: it
 * counts as none (a hand-written INSERT without the column would fail).
 */
const drizzleDefault = (col: PgColumn): boolean =>
  col.default !== undefined || Boolean((col as { generatedIdentity?: unknown }).generatedIdentity);

/** Every difference between the Drizzle tables and the database's columns, one readable line each. */
function tableProblems(tables: readonly PgTable[], columns: readonly DbColumn[]): string[] {
  const problems: string[] = [];
  const inDatabase = new Map<string, Map<string, DbColumn>>();
  for (const c of columns) {
    const table = inDatabase.get(c.table_name) ?? new Map<string, DbColumn>();
    table.set(c.column_name, c);
    inDatabase.set(c.table_name, table);
  }
  const defined = new Map<string, PgTable>();
  for (const t of tables) {
    const config = getTableConfig(t);
    if (config.schema !== undefined && config.schema !== 'public')
      problems.push(`${config.schema}.${config.name}: Drizzle puts it outside the public schema`);
    if (defined.has(config.name)) problems.push(`${config.name}: two Drizzle tables have this name`);
    defined.set(config.name, t);
  }
  for (const name of inDatabase.keys())
    if (!defined.has(name)) problems.push(`${name}: in the database, no Drizzle table of that name in db/schema`);
  for (const [name, table] of defined) {
    const dbColumns = inDatabase.get(name);
    if (!dbColumns) {
      problems.push(`${name}: a Drizzle table the database does not have`);
      continue;
    }
    const seen = new Set<string>();
    for (const col of getTableConfig(table).columns) {
      seen.add(col.name);
      const at = `${name}.${col.name}`;
      const db = dbColumns.get(col.name);
      if (!db) {
        problems.push(`${at}: in Drizzle, not in the database`);
        continue;
      }
      const dbNotNull = db.is_nullable === 'NO';
      if (col.notNull !== dbNotNull)
        problems.push(
          `${at}: ${dbNotNull ? 'NOT NULL' : 'nullable'} in the database, ${col.notNull ? 'NOT NULL' : 'nullable'} in Drizzle`,
        );
      const generated = db.is_generated === 'ALWAYS';
      if (generated !== (col.generated !== undefined))
        problems.push(
          `${at}: ${generated ? 'generated' : 'not generated'} in the database, ${col.generated ? 'generated' : 'not generated'} in Drizzle`,
        );
      else if (!generated) {
        const dbDefault = db.column_default !== null || db.is_identity === 'YES';
        if (dbDefault !== drizzleDefault(col))
          problems.push(
            `${at}: ${dbDefault ? `default ${db.column_default ?? 'identity'}` : 'no default'} in the database, ${drizzleDefault(col) ? 'a default' : 'no default'} in Drizzle`,
          );
      }
      const want = databaseType(db);
      const got = col.getSQLType();
      if (canonicalType(want) !== canonicalType(got))
        problems.push(`${at}: ${want} in the database, ${got} in Drizzle`);
    }
    for (const column of dbColumns.keys())
      if (!seen.has(column)) problems.push(`${name}.${column}: in the database, not in Drizzle`);
  }
  return problems.sort();
}

const drizzleTables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
let columns: DbColumn[] = [];

beforeAll(async () => {
  const { pool } = await useTestDatabase();
  const res = await pool.query<DbColumn>(
    `SELECT c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_generated, c.is_identity, c.data_type, c.udt_name,
            c.numeric_precision, c.numeric_scale, c.character_maximum_length, c.datetime_precision
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = 'public'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  columns = res.rows;
});

describe('the Drizzle schema and the migrated database', () => {
  it('reads a real database and a real schema (the comparison is not empty)', () => {
    const tables = new Set(columns.map((c) => c.table_name));
    expect(tables.size).toBeGreaterThanOrEqual(48);
    for (const name of [
      'accounts',
      'dictionary',
      'levels',
      'games',
      'assignments',
      'game_tries',
      'recordings',
      'utterances',
      'assessments',
    ])
      expect(tables).toContain(name);
    expect(tables).not.toContain('__drizzle_migrations');
    expect(drizzleTables.map((t) => getTableName(t))).toEqual(
      expect.arrayContaining(['games', 'activities', 'utterances']),
    );
  });

  it('has a Drizzle table for every table, and a table for every Drizzle table, with the same columns', () => {
    expect(tableProblems(drizzleTables, columns)).toEqual([]);
  });
});

describe('the comparison', () => {
  const base = {
    is_generated: 'NEVER',
    is_identity: 'NO',
    numeric_precision: null,
    numeric_scale: null,
    character_maximum_length: null,
    datetime_precision: null,
  } as const;
  const col = (
    column_name: string,
    data_type: string,
    udt_name: string,
    is_nullable: 'YES' | 'NO',
    column_default: string | null = null,
  ): DbColumn => ({
    ...base,
    table_name: 'widgets',
    column_name,
    data_type,
    udt_name,
    is_nullable,
    column_default,
  });
  const database: DbColumn[] = [
    col('id', 'uuid', 'uuid', 'NO', 'gen_random_uuid()'),
    col('name', 'text', 'text', 'NO'),
    col('count', 'integer', 'int4', 'NO', '0'),
    col('tags', 'ARRAY', '_text', 'NO', "'{}'::text[]"),
    { ...col('price', 'numeric', 'numeric', 'YES'), numeric_precision: 5, numeric_scale: 1 },
    col('data', 'jsonb', 'jsonb', 'YES'),
  ];
  /** The table `database` describes, with some columns defined otherwise. */
  const widgets = (over: Record<string, PgColumnBuilderBase> = {}) =>
    pgTable('widgets', {
      id: uuid('id').primaryKey().defaultRandom(),
      name: text('name').notNull(),
      count: integer('count').notNull().default(0),
      tags: text('tags').array().notNull().default([]),
      price: numeric('price', { precision: 5, scale: 1 }),
      data: jsonb('data'),
      ...over,
    });

  it('finds nothing when definition and database agree', () => {
    expect(tableProblems([widgets()], database)).toEqual([]);
  });

  it('names the table and column of a nullability, default, type or column that differs', () => {
    expect(tableProblems([widgets({ name: text('name') })], database)).toEqual([
      'widgets.name: NOT NULL in the database, nullable in Drizzle',
    ]);
    expect(tableProblems([widgets({ count: integer('count').notNull() })], database)).toEqual([
      'widgets.count: default 0 in the database, no default in Drizzle',
    ]);
    expect(
      tableProblems(
        [
          widgets({
            count: integer('count')
              .notNull()
              .$defaultFn(() => 0),
          }),
        ],
        database,
      ),
    ).toEqual(['widgets.count: default 0 in the database, no default in Drizzle']);
    expect(tableProblems([widgets({ price: numeric('price', { precision: 6, scale: 1 }) })], database)).toEqual([
      'widgets.price: numeric(5, 1) in the database, numeric(6, 1) in Drizzle',
    ]);
    expect(tableProblems([widgets({ data: boolean('data') })], database)).toEqual([
      'widgets.data: jsonb in the database, boolean in Drizzle',
    ]);
    expect(tableProblems([widgets()], database.slice(0, -1))).toEqual([
      'widgets.data: in Drizzle, not in the database',
    ]);
    expect(tableProblems([widgets()], [...database, col('extra', 'text', 'text', 'YES')])).toEqual([
      'widgets.extra: in the database, not in Drizzle',
    ]);
  });

  it('names a table missing on either side', () => {
    expect(tableProblems([], database)).toEqual([
      'widgets: in the database, no Drizzle table of that name in db/schema',
    ]);
    expect(tableProblems([widgets(), pgTable('gadgets', { id: uuid('id') })], database)).toEqual([
      'gadgets: a Drizzle table the database does not have',
    ]);
  });

  it('reads array, timestamp and varchar types as the database states them', () => {
    expect(databaseType(col('tags', 'ARRAY', '_int4', 'NO'))).toBe('integer[]');
    expect(canonicalType('timestamp')).toBe(canonicalType('timestamp without time zone'));
    expect(canonicalType('timestamp with time zone')).not.toBe(canonicalType('timestamp without time zone'));
    expect(databaseType({ ...col('at', 'timestamp with time zone', 'timestamptz', 'NO'), datetime_precision: 3 })).toBe(
      'timestamp(3) with time zone',
    );
    expect(databaseType({ ...col('code', 'character varying', 'varchar', 'NO'), character_maximum_length: 20 })).toBe(
      'varchar(20)',
    );
  });
});
