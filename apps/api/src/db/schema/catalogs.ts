import { CATALOG_NAMES, CATALOG_RESOURCES, type CatalogName, type FieldDef, type ResourceDef } from '@habla/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, tstz } from './common';

/** SQL table name of a catalog resource: `topic-types` → `topic_types`. */
export const catalogTableName = (name: string) => name.replace(/-/g, '_');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables built from a runtime declaration have no static column types
type AnyTable = PgTableWithColumns<any>;
const built: Partial<Record<CatalogName, AnyTable>> = {};

function column(f: FieldDef): PgColumnBuilderBase | undefined {
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'picture':
    case 'enum':
      return f.required ? text(f.name).notNull() : text(f.name);
    case 'enumArray':
      return text(f.name)
        .array()
        .notNull()
        .default(sql`'{}'::text[]`);
    case 'int':
      return f.required ? integer(f.name).notNull() : integer(f.name);
    case 'bool':
      return boolean(f.name).notNull().default(false);
    case 'relation': {
      const target = f.target as CatalogName;
      const col = uuid(f.name).references(() => catalogTable(target).id);
      return f.required ? col.notNull() : col;
    }
    case 'relationMany':
      return undefined;
    case 'json':
      return f.required ? jsonb(f.name).notNull() : jsonb(f.name);
    // The id of a `files` row; the engine checks it on every write (no foreign key: deleting a file stays possible).
    case 'file':
      return f.required ? uuid(f.name).notNull() : uuid(f.name);
  }
}

/**
 * The table of one catalog, built from its shared declaration: declared columns, soft-delete
 * marker, bookkeeping columns; a partial (live rows) btree index per sortable column with the id
 * as tie-breaker for stable deep paging; a trigram GIN index per searchable column; a partial
 * unique index (case-insensitive) per unique field.
 */
export function catalogTable(name: CatalogName): AnyTable {
  const existing = built[name];
  if (existing) return existing;
  const def: ResourceDef = CATALOG_RESOURCES[name];
  const tableName = catalogTableName(name);
  const columns: Record<string, PgColumnBuilderBase> = { id: id() };
  for (const f of def.fields) {
    const c = column(f);
    if (c) columns[f.name] = c;
  }
  Object.assign(columns, { deleted_at: tstz('deleted_at'), ...auditColumns() });
  const table = pgTable(tableName, columns, (t) => {
    const cols = t as unknown as Record<string, Parameters<typeof index>[0] & object>;
    const live = sql`deleted_at IS NULL`;
    const extras = [];
    for (const f of def.fields) {
      const c = cols[f.name] as never;
      if (f.sortable)
        extras.push(
          index(`${tableName}_${f.name}_sort_idx`)
            .on(c, t.id as never)
            .where(live),
        );
      if (f.kind === 'relation' && !f.sortable) extras.push(index(`${tableName}_${f.name}_idx`).on(c));
      if (f.unique)
        extras.push(
          uniqueIndex(`${tableName}_${f.name}_unique_idx`)
            .on(sql`lower(${c})`)
            .where(live),
        );
    }
    for (const s of def.searchable)
      extras.push(index(`${tableName}_${s}_trgm_idx`).using('gin', sql`${cols[s] as never} gin_trgm_ops`));
    // Prefix matches of a search come first: a case-insensitive range on the first searchable column.
    const first = def.searchable[0];
    if (first)
      extras.push(
        index(`${tableName}_${first}_prefix_idx`)
          .on(sql`(lower(${cols[first] as never}) COLLATE "C")`, t.id as never)
          .where(live),
      );
    extras.push(index(`${tableName}_updated_idx`).on(t.updated_at as never, t.id as never));
    return extras;
  });
  built[name] = table;
  return table;
}

export const dictionary = catalogTable('dictionary');
export const verbs = catalogTable('verbs');
export const topicTypes = catalogTable('topic-types');
export const topics = catalogTable('topics');
export const grammaticalCategories = catalogTable('grammatical-categories');
export const grammaticalTypes = catalogTable('grammatical-types');
export const grammaticalItems = catalogTable('grammatical-items');
export const verbTenses = catalogTable('verb-tenses');
export const formulations = catalogTable('formulations');
export const vocabulary = catalogTable('vocabulary');
export const skills = catalogTable('skills');
export const targets = catalogTable('targets');

/** Skills ↔ targets (seed §3: "each links to the other"). */
export const skillTargets = pgTable(
  'skill_targets',
  {
    skill_id: uuid('skill_id')
      .notNull()
      .references(() => skills.id as never, { onDelete: 'cascade' }),
    target_id: uuid('target_id')
      .notNull()
      .references(() => targets.id as never, { onDelete: 'cascade' }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.skill_id, t.target_id] }), index('skill_targets_target_idx').on(t.target_id)],
);

/** Every catalog table by resource name. */
export const CATALOG_TABLES = Object.fromEntries(CATALOG_NAMES.map((n) => [n, catalogTable(n)])) as Record<
  CatalogName,
  AnyTable
>;
