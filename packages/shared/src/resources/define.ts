import { z } from 'zod';

/**
 * Declarative description of a resource's fields, shared by the API (validation, SQL, sorting,
 * filters) and the web (columns, inputs, filters). One declaration per entity: the engines on both
 * sides read it; nothing is hand-written per screen.
 */
export type FieldKind = 'text' | 'longtext' | 'enum' | 'enumArray' | 'int' | 'bool' | 'relation' | 'relationMany' | 'picture' | 'date' | 'decimal' | 'password';

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
  /** Computed by the server (e.g. full name, totals): shown, never accepted in a body. */
  readOnly?: boolean;
  /** Accepted in a body, never stored as sent nor returned (a password the server hashes). */
  writeOnly?: boolean;
  /** Personal data kept out of the audit log's values (the log says it changed, not to what). */
  secret?: boolean;
  /** Value of a new record when the body leaves the field out or empty (a new user is ACTIVE). */
  default?: string;
  /** The owning account: filled by the server for account members (their own), chosen by platform staff. */
  tenant?: boolean;
  /** Text format checked on input. */
  format?: 'email' | 'ssn' | 'username';
};

export type ResourceDef = {
  /** Registry key and path segment under /api/catalogs (kebab-case, docs/product.md §7). */
  name: string;
  /** Controller name under which saved column layouts are stored (seed §3 view_options). */
  controller: string;
  /** Field shown as the record's name (breadcrumbs, pickers, quick view title). */
  titleField: string;
  /** Columns searched by `q` (each has a trigram index). */
  searchable: readonly string[];
  defaultSort: { col: string; order: 'asc' | 'desc' };
  fields: readonly FieldDef[];
  /**
   * An ordered child of another resource (chapters of a level): `key` names the parent, `position`
   * its place 1..n among the parent's live children, kept gap-free by the engine (crud/children.ts).
   */
  parent?: { resource: string; key: string; position: string };
};

/**
 * Bounds of an `int` field when its declaration gives none: PostgreSQL's `integer`, so a value the
 * column cannot hold is the client's mistake (400 naming the field), never a failed INSERT.
 */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;


/** A missing value reads "is required"; a value of the wrong type "is not valid". */
const missingOr = (key: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'validation.required' : key);

/** SSN as 123-45-6789 or 9 digits; the masked form the API shows (***-**-6789) means "unchanged". */
export const SSN_PATTERN = /^(\d{3}-?\d{2}-?\d{4}|\*{3}-\*{2}-\d{4})$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

const text = (f: FieldDef) => {
  const max = f.max ?? (f.kind === 'longtext' ? 2000 : 200);
  let base = z.string({ error: missingOr('validation.invalid') }).trim().max(max, { error: 'validation.tooLong' });
  const pattern = f.format === 'email' ? EMAIL_PATTERN : f.format === 'ssn' ? SSN_PATTERN : f.format === 'username' ? USERNAME_PATTERN : undefined;
  const formatted = (s: z.ZodString) => (pattern ? s.refine((v) => v === '' || pattern.test(v), { error: f.format === 'email' ? 'validation.email' : f.format === 'ssn' ? 'validation.ssn' : 'validation.usernameChars' }) : s);
  if (f.required) return formatted(base.min(1, { error: 'validation.required' }));
  base = base as z.ZodString;
  return formatted(base).nullable().optional().transform((v) => (v ? v : null));
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => DATE_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The zod schema of one field's input value (create/update bodies, also the web forms). */
export function fieldInput(f: FieldDef, withDefaults = true): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'picture':
      return text(f);
    case 'password': {
      const pw = z.string({ error: 'validation.invalid' }).min(8, { error: 'validation.passwordTooShort' }).max(128, { error: 'validation.passwordTooLong' });
      // An empty password input means "no password" (an e-mailed link sets it), not a too-short one.
      return f.required ? pw : z.preprocess((v) => (v === '' ? null : v), pw.nullable().optional());
    }
    case 'date': {
      const d = z.string({ error: missingOr('validation.date') }).refine(isRealDate, { error: 'validation.date' });
      return f.required ? d : z.union([d, z.literal('')], { error: 'validation.date' }).nullable().optional().transform((v) => (v ? v : null));
    }
    case 'decimal': {
      let n = z.number({ error: missingOr('validation.number') }).refine((v) => Number.isFinite(v) && Math.round(v * 100) === Number((v * 100).toFixed(6)), { error: 'validation.cents' });
      n = n.refine((v) => v >= (f.min ?? 0) && v <= (f.maxValue ?? 99_999_999), { error: 'validation.range' });
      return f.required ? n : n.nullable().optional();
    }
    case 'enum': {
      const e = z.enum(f.options as [string, ...string[]], { error: missingOr('validation.choice') });
      if (f.required) return e;
      // A field with a default never becomes empty: on create, left out or null takes the default; on a change, null leaves it as it is.
      if (f.default !== undefined) return withDefaults ? e.nullable().optional().transform((v) => v ?? f.default) : e.nullable().optional().transform((v) => v ?? undefined);
      return e.nullable().optional();
    }
    case 'enumArray':
    {
      const list = z.array(z.enum(f.options as [string, ...string[]], { error: 'validation.choice' }), { error: 'validation.invalid' }).max(20, { error: 'validation.tooMany' });
      return withDefaults ? list.default([]) : list;
    }
    case 'int': {
      const n = z
        .number({ error: missingOr('validation.number') })
        .int({ error: 'validation.number' })
        .min(f.min ?? INT_MIN, { error: 'validation.range' })
        .max(f.maxValue ?? INT_MAX, { error: 'validation.range' });
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
  return z.strictObject(Object.fromEntries(inputFields(def).map((f) => [f.name, fieldInput(f)])));
}

/** Fields a client may send (everything but the computed ones). */
export const inputFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => !f.readOnly);
/** Fields the API returns (everything but write-only ones such as a password). */
export const outputFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => !f.writeOnly);

/** Body of PATCH: any subset of the declared fields (absent fields stay as they are: no defaults). */
export function updateSchema(def: ResourceDef) {
  return z.strictObject(Object.fromEntries(inputFields(def).map((f) => [f.name, fieldInput(f, false).optional()])));
}

/** Bulk delete / restore body; an empty list is refused with the seed's text. */
export const bulkBody = z.strictObject({
  ids: z.array(z.uuid({ error: 'validation.invalid' }), { error: 'errors.selectItems' }).min(1, { error: 'errors.selectItems' }).max(500, { error: 'validation.tooMany' }),
});
export type BulkBody = z.infer<typeof bulkBody>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
