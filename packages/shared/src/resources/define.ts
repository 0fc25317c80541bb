import { z } from 'zod';

/**
 * Declarative description of a resource's fields, shared by the API (validation, SQL, sorting,
 * filters) and the web (columns, inputs, filters). One declaration per entity: the engines on both
 * sides read it; nothing is hand-written per screen.
 */
export type FieldKind = 'text' | 'longtext' | 'enum' | 'enumArray' | 'int' | 'bool' | 'relation' | 'relationMany' | 'picture';

export type FieldDef = {
  name: string;
  kind: FieldKind;
  /** Required on create (text must be non-blank; relation must be set). */
  required?: boolean;
  /** Maximum length of text fields. */
  max?: number;
  /** Bounds of int fields. */
  min?: number;
  maxValue?: number;
  /** Allowed values of enum / enumArray fields; labels under `enums.<enumName>.<value>`. */
  options?: readonly string[];
  enumName?: string;
  /** Target resource of relation fields (a key of the registry), and the key the API returns the loaded record(s) under. */
  target?: string;
  /** For relation: the loaded `{ id, <titleField> }` object key (e.g. topic_id → topic). */
  as?: string;
  /** Sortable by clicking its column (the database has an index for it). */
  sortable?: boolean;
  /** Offered as a filter above the list (exact match / membership). */
  filterable?: boolean;
  /** Shown in the list unless the user hides it. */
  listed?: boolean;
  /** Unique among live rows: a duplicate answers 409 naming this field. */
  unique?: boolean;
};

export type ResourceDef = {
  /** Registry key and path segment under /api/catalogs (kebab-case, PRODUCT.md §7). */
  name: string;
  /** Controller name under which saved column layouts are stored (seed §3 view_options). */
  controller: string;
  /** Field shown as the record's name (breadcrumbs, pickers, quick view title). */
  titleField: string;
  /** Columns searched by `q` (each has a trigram index). */
  searchable: readonly string[];
  defaultSort: { col: string; order: 'asc' | 'desc' };
  /** Permission (pipe syntax) needed to create, edit, delete and restore; reading needs sign-in only. */
  writePermission: string;
  fields: readonly FieldDef[];
};

/** A missing value reads "is required"; a value of the wrong type "is not valid". */
const missingOr = (key: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : key);

const text = (f: FieldDef) => {
  const max = f.max ?? (f.kind === 'longtext' ? 2000 : 200);
  const base = z.string({ error: missingOr('validation.invalid') }).trim().max(max, { error: 'validation.tooLong' });
  return f.required ? base.min(1, { error: 'validation.required' }) : base.nullable().optional().transform((v) => (v ? v : null));
};

/** The zod schema of one field's input value (create/update bodies, also the web forms). */
export function fieldInput(f: FieldDef, withDefaults = true): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'picture':
      return text(f);
    case 'enum': {
      const e = z.enum(f.options as [string, ...string[]], { error: missingOr('validation.choice') });
      return f.required ? e : e.nullable().optional();
    }
    case 'enumArray':
    {
      const list = z.array(z.enum(f.options as [string, ...string[]], { error: 'validation.choice' }), { error: 'validation.invalid' }).max(20, { error: 'validation.tooMany' });
      return withDefaults ? list.default([]) : list;
    }
    case 'int': {
      let n = z.number({ error: missingOr('validation.number') }).int({ error: 'validation.number' });
      if (f.min !== undefined) n = n.min(f.min, { error: 'validation.range' });
      if (f.maxValue !== undefined) n = n.max(f.maxValue, { error: 'validation.range' });
      return f.required ? n : n.nullable().optional();
    }
    case 'bool':
      return withDefaults ? z.boolean({ error: 'validation.invalid' }).default(false) : z.boolean({ error: 'validation.invalid' });
    case 'relation': {
      const id = z.uuid({ error: missingOr('validation.invalid') });
      return f.required ? id : id.nullable().optional();
    }
    case 'relationMany':
    {
      const list = z.array(z.uuid({ error: 'validation.invalid' }), { error: 'validation.invalid' }).max(200, { error: 'validation.tooMany' });
      return withDefaults ? list.default([]) : list;
    }
  }
}

/** Body of POST (create) and PUT: every declared field, unknown keys refused. */
export function createSchema(def: ResourceDef) {
  return z.strictObject(Object.fromEntries(def.fields.map((f) => [f.name, fieldInput(f)])));
}

/** Body of PATCH: any subset of the declared fields (absent fields stay as they are: no defaults). */
export function updateSchema(def: ResourceDef) {
  return z.strictObject(Object.fromEntries(def.fields.map((f) => [f.name, fieldInput(f, false).optional()])));
}

/** Bulk delete / restore body; an empty list is refused with the seed's text. */
export const bulkBody = z.strictObject({
  ids: z.array(z.uuid({ error: 'validation.invalid' }), { error: 'errors.selectItems' }).min(1, { error: 'errors.selectItems' }).max(500, { error: 'validation.tooMany' }),
});
export type BulkBody = z.infer<typeof bulkBody>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
