import { z } from 'zod';
import type { ActionDef } from './actions';

/**
 * Declarative description of a resource's fields, shared by the API (validation, SQL, sorting,
 * filters) and the web (columns, inputs, filters). One declaration per entity: the engines on both
 * sides read it; nothing is hand-written per screen.
 */
export type FieldKind = FieldDef['kind'];

/** What every field may say, whatever its kind. */
type BaseField = {
  name: string;
  /** Required on create (text must be non-blank; relation must be set). */
  required?: boolean;
  /** Shown in the list unless the user hides it. */
  listed?: boolean;
  /** Computed by the server (e.g. full name, totals): shown, never accepted in a body. */
  readOnly?: boolean;
  /** Accepted in a body, never stored as sent nor returned (a password the server hashes). */
  writeOnly?: boolean;
  /** Personal data kept out of the audit log's values (the log says it changed, not to what). */
  secret?: boolean;
};

/** Fields whose column has an order and a plain value: a list may sort and filter by them. */
type Ordered = {
  /** Sortable by clicking its column (the database has an index for it). */
  sortable?: boolean;
  /** Offered as a filter above the list (exact match / membership). */
  filterable?: boolean;
  /** Unique among live rows: a duplicate answers 409 naming this field. */
  unique?: boolean;
};

/** Fields without an order (a JSON document, a file): never sorted, filtered by, nor unique. */
type Unordered = { sortable?: never; filterable?: never; unique?: never };

export type TextFieldDef = BaseField &
  Ordered & {
    kind: 'text' | 'longtext' | 'picture';
    /** Maximum length (default 200; 2000 for longtext). */
    max?: number;
    /** Text format checked on input. */
    format?: 'email' | 'ssn' | 'username';
  };

export type PasswordFieldDef = BaseField & Unordered & { kind: 'password' };

export type EnumFieldDef = BaseField &
  Ordered & {
    kind: 'enum';
    /** Allowed values; labels under `enums.<enumName>.<value>`. */
    options: readonly string[];
    enumName: string;
    /** Value of a new record when the body leaves the field out or empty (a new user is ACTIVE). */
    default?: string;
  };

export type EnumArrayFieldDef = BaseField &
  Ordered & { kind: 'enumArray'; options: readonly string[]; enumName: string };

/**
 * `int` and `decimal` (money, answered as text to keep its cents exact) are entered by people;
 * `number` is a measure the server computes (a score, a rate, a duration), answered as a JSON number.
 */
export type NumberFieldDef = BaseField &
  Ordered & {
    kind: 'int' | 'decimal' | 'number';
    /** Bounds (int: PostgreSQL integer's by default; decimal: 0 to 99,999,999). */
    min?: number;
    maxValue?: number;
  };

export type BoolFieldDef = BaseField & Ordered & { kind: 'bool' };
/** `date`: a calendar day (YYYY-MM-DD); `datetime`: an instant the server records (ISO 8601). */
export type DateFieldDef = BaseField & Ordered & { kind: 'date' | 'datetime' };

export type RelationFieldDef = BaseField &
  Ordered & {
    kind: 'relation';
    /** Target resource (a key of the registry). */
    target: string;
    /** The key the API returns the loaded `{ id, label }` object under (e.g. topic_id → topic). */
    as?: string;
    /** The owning account: filled by the server for account members (their own), chosen by platform staff. */
    tenant?: boolean;
  };

export type RelationManyFieldDef = BaseField &
  Ordered & {
    kind: 'relationMany';
    target: string;
    /** The key the API returns the loaded `{ id, label }[]` under. */
    as?: string;
  };

/**
 * A JSON document (an activity's answers) in a `jsonb` column, validated by its own zod schema on
 * both sides; a wrong value is refused naming its path (`answers.2.text`).
 */
export type JsonFieldDef = BaseField & Unordered & { kind: 'json'; schema: z.ZodType };

/**
 * A file uploaded first through `POST /api/files` (decision 007): the value is the id of its
 * `files` row. The engine checks, in the write's transaction, that the caller may see it and that
 * its stored (sniffed) type is one of `accept` and its size at most `maxBytes`.
 */
export type FileFieldDef = BaseField &
  Unordered & {
    kind: 'file';
    /** Accepted MIME types (exact, or a family such as `image/*`). */
    accept: readonly string[];
    maxBytes?: number;
    /**
     * An audio field whose sound can be spoken from a text field of the same record (an activity's
     * audio prompt from its question): the form offers "Speak the text" (`POST /api/speech`).
     */
    speakFrom?: string;
  };

/** One field of a resource: a union by `kind`, each kind carrying only the properties it uses. */
export type FieldDef =
  | TextFieldDef
  | PasswordFieldDef
  | EnumFieldDef
  | EnumArrayFieldDef
  | NumberFieldDef
  | BoolFieldDef
  | DateFieldDef
  | RelationFieldDef
  | RelationManyFieldDef
  | JsonFieldDef
  | FileFieldDef;

/** The owning account's relation (a `tenant` relation), which account members never choose. */
export const isTenantField = (f: FieldDef): boolean => f.kind === 'relation' && f.tenant === true;

/** Whether a stored content type is one a file field accepts (`image/*` takes every image type). */
export function acceptsType(accept: readonly string[], contentType: string): boolean {
  return accept.some((a) => (a.endsWith('/*') ? contentType.startsWith(a.slice(0, -1)) : a === contentType));
}

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
  /** Declared actions on one or several rows (resources/actions.ts); the policy says who may take them. */
  actions?: readonly ActionDef[];
  /**
   * An ordered child of another resource (chapters of a level): `key` names the parent, `position`
   * its place 1..n among the parent's live children, kept gap-free by the engine (crud/children.ts).
   */
  parent?: { resource: string; key: string; position: string };
  /**
   * Rows only its feature's own verbs write (an assignment, a played session; decision 025): the engine
   * lists and exports them, the web lists them; nobody creates, changes or deletes one through either.
   */
  readOnly?: true;
};

/**
 * Bounds of an `int` field when its declaration gives none: PostgreSQL's `integer`, so a value the
 * column cannot hold is the client's mistake (400 naming the field), never a failed INSERT.
 */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/** A missing value reads "is required"; a value of the wrong type "is not valid". */
const missingOr = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'validation.required' : key;

/** SSN as 123-45-6789 or 9 digits; the masked form the API shows (***-**-6789) means "unchanged". */
export const SSN_PATTERN = /^(\d{3}-?\d{2}-?\d{4}|\*{3}-\*{2}-\d{4})$/;
// The domain's first dot after its first character: one way to read any address, so linear time
// (`[^\s@]+\.[^\s@]+` could split a run of dots many ways; decision 005).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

const text = (f: TextFieldDef) => {
  const max = f.max ?? (f.kind === 'longtext' ? 2000 : 200);
  let base = z
    .string({ error: missingOr('validation.invalid') })
    .trim()
    .max(max, { error: 'validation.tooLong' });
  const pattern =
    f.format === 'email'
      ? EMAIL_PATTERN
      : f.format === 'ssn'
        ? SSN_PATTERN
        : f.format === 'username'
          ? USERNAME_PATTERN
          : undefined;
  const formatted = (s: z.ZodString) =>
    pattern
      ? s.refine((v) => v === '' || pattern.test(v), {
          error:
            f.format === 'email'
              ? 'validation.email'
              : f.format === 'ssn'
                ? 'validation.ssn'
                : 'validation.usernameChars',
        })
      : s;
  if (f.required) return formatted(base.min(1, { error: 'validation.required' }));
  base = base as z.ZodString;
  return formatted(base)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isRealDate = (v: string) =>
  DATE_PATTERN.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The zod schema of one field's input value (create/update bodies, also the web forms). */
export function fieldInput(f: FieldDef, withDefaults = true): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'picture':
      return text(f);
    case 'password': {
      const pw = z
        .string({ error: 'validation.invalid' })
        .min(8, { error: 'validation.passwordTooShort' })
        .max(128, { error: 'validation.passwordTooLong' });
      // An empty password input means "no password" (an e-mailed link sets it), not a too-short one.
      return f.required ? pw : z.preprocess((v) => (v === '' ? null : v), pw.nullable().optional());
    }
    case 'date': {
      const d = z.string({ error: missingOr('validation.date') }).refine(isRealDate, { error: 'validation.date' });
      return f.required
        ? d
        : z
            .union([d, z.literal('')], { error: 'validation.date' })
            .nullable()
            .optional()
            .transform((v) => (v ? v : null));
    }
    case 'datetime': {
      const d = z.iso.datetime({ offset: true, error: 'validation.date' });
      return f.required ? d : d.nullable().optional();
    }
    case 'number': {
      const n = z
        .number({ error: missingOr('validation.number') })
        .refine(Number.isFinite, { error: 'validation.number' });
      return f.required ? n : n.nullable().optional();
    }
    case 'decimal': {
      let n = z
        .number({ error: missingOr('validation.number') })
        .refine((v) => Number.isFinite(v) && Math.round(v * 100) === Number((v * 100).toFixed(6)), {
          error: 'validation.cents',
        });
      n = n.refine((v) => v >= (f.min ?? 0) && v <= (f.maxValue ?? 99_999_999), { error: 'validation.range' });
      return f.required ? n : n.nullable().optional();
    }
    case 'enum': {
      const e = z.enum(f.options as [string, ...string[]], { error: missingOr('validation.choice') });
      if (f.required) return e;
      // A field with a default never becomes empty: on create, left out or null takes the default; on a change, null
      // leaves it as it is.
      if (f.default !== undefined)
        return withDefaults
          ? e
              .nullable()
              .optional()
              .transform((v) => v ?? f.default)
          : e
              .nullable()
              .optional()
              .transform((v) => v ?? undefined);
      return e.nullable().optional();
    }
    case 'enumArray': {
      const list = z
        .array(z.enum(f.options as [string, ...string[]], { error: 'validation.choice' }), {
          error: 'validation.invalid',
        })
        .max(20, { error: 'validation.tooMany' });
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
      return withDefaults
        ? z.boolean({ error: 'validation.invalid' }).default(false)
        : z.boolean({ error: 'validation.invalid' });
    case 'relation': {
      const id = z.uuid({ error: missingOr('validation.invalid') });
      return f.required ? id : id.nullable().optional();
    }
    case 'relationMany': {
      const list = z
        .array(z.uuid({ error: 'validation.invalid' }), { error: 'validation.invalid' })
        .max(200, { error: 'validation.tooMany' });
      return withDefaults ? list.default([]) : list;
    }
    case 'json':
      // The declaration's own schema: its issues carry their path (answers.2.text) to the 400.
      return f.required ? f.schema : f.schema.nullable().optional();
    case 'file': {
      const id = z.uuid({ error: missingOr('validation.invalid') });
      return f.required ? id : id.nullable().optional();
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
  ids: z
    .array(z.uuid({ error: 'validation.invalid' }), { error: 'errors.selectItems' })
    .min(1, { error: 'errors.selectItems' })
    .max(500, { error: 'validation.tooMany' }),
});
export type BulkBody = z.infer<typeof bulkBody>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
