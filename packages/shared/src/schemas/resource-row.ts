import { z } from 'zod';
import { ROW_ACTIONS } from '../policies/policy';
import { outputFields, type FieldDef, type ResourceDef } from '../resources/define';

/**
 * A row of the resource engine as the API answers it (list, show, create, update, restore and the
 * declared actions), built from the resource's declaration: the runtime schema (the OpenAPI
 * description and the serializer, docs/decisions/023-typed-answers.md) and the type the web reads
 * (`ResourceRow<typeof RECORDING_RESOURCES.recordings>`) come from the same place.
 */

/** A loaded relation: the target's id and its title. */
export const refSchema = z.object({ id: z.string(), label: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** The bookkeeping columns every row carries: when it was made and last changed (always set), by whom, and when it went
 * to the trash. */
export const ROW_TIMES = ['created_at', 'updated_at'] as const;
export const ROW_STAMPS = ['deleted_at', 'created_by', 'updated_by', 'created_by_name', 'updated_by_name'] as const;

/** One field's value in a row: a required field is always set, unless a policy may hide it from the caller. */
function outputField(f: FieldDef, hideable: readonly string[]): z.ZodType {
  const set = f.required === true && !hideable.includes(f.name);
  switch (f.kind) {
    case 'int':
    case 'number':
      return set ? z.number() : z.number().nullable();
    case 'bool':
      return z.boolean();
    case 'enumArray':
    case 'relationMany':
      return z.array(z.string());
    case 'json':
      // The field's own schema: what was accepted on the way in is what is stored and answered.
      return set ? f.schema : f.schema.nullable();
    default:
      return set ? z.string() : z.string().nullable();
  }
}

/** A field's value, null where the row may lack it (mirrors `outputField`). */
type Value<F, T, Hideable extends string> = F extends { required: true; name: infer N }
  ? N extends Hideable
    ? T | null
    : T
  : T | null;

/** One field's value in a row (mirrors `outputField`): an enum is one of its options. */
type FieldValue<F, H extends string> = F extends { kind: 'int' | 'number' }
  ? Value<F, number, H>
  : F extends { kind: 'bool' }
    ? boolean
    : F extends { kind: 'enumArray'; options: readonly (infer O)[] }
      ? O[]
      : F extends { kind: 'relationMany' }
        ? string[]
        : F extends { kind: 'json'; schema: infer S extends z.ZodType }
          ? Value<F, z.output<S>, H>
          : F extends { kind: 'enum'; options: readonly (infer O)[] }
            ? Value<F, O, H>
            : Value<F, string, H>;

type Fields<D extends ResourceDef> = D['fields'][number];
type Shown<D extends ResourceDef> = Exclude<Fields<D>, { writeOnly: true }>;
type RelationAs<D extends ResourceDef> = Extract<Shown<D>, { kind: 'relation'; as: string }>;
type ManyAs<D extends ResourceDef> = Extract<Shown<D>, { kind: 'relationMany'; as: string }>;
// `actions?`: a declaration without actions has none; the generic ResourceDef's are any action's name.
type DeclaredAction<D extends ResourceDef> = D extends { actions?: readonly (infer A)[] }
  ? A extends { name: infer N extends string }
    ? N
    : never
  : never;

/**
 * A row of resource `D` as the API answers it, with the row actions the caller may take on it;
 * `Hideable` names the fields its policy may hide (`Policy.hideable`), null even when required.
 */
export type ResourceRow<D extends ResourceDef, Hideable extends string = never> = { id: string } & {
  [F in Shown<D> as F['name']]: FieldValue<F, Hideable>;
} & {
  [F in RelationAs<D> as F['as']]: Ref | null;
} & { [F in ManyAs<D> as F['as']]: Ref[] } & { [K in (typeof ROW_TIMES)[number]]: string } & {
  [K in (typeof ROW_STAMPS)[number]]: string | null;
} & {
  _actions: ((typeof ROW_ACTIONS)[number] | DeclaredAction<D>)[];
};

/**
 * The schema of a row of `def` (closed: a row holds its declared fields and nothing else). Built at
 * run time from the declaration, so its static type is an object of some fields; `ResourceRow<D>`
 * reads the declaration the same way at compile time (`resource-row.test.ts` holds them together).
 * `hideable`: the fields the resource's policy may hide (`Policy.hideable`).
 */
export function resourceRowSchema(
  def: ResourceDef,
  hideable: readonly string[] = [],
): z.ZodObject<Record<string, z.ZodType>> {
  const shape: Record<string, z.ZodType> = { id: z.string() };
  for (const f of outputFields(def)) {
    shape[f.name] = outputField(f, hideable);
    if (f.kind === 'relation' && f.as) shape[f.as] = refSchema.nullable();
    if (f.kind === 'relationMany' && f.as) shape[f.as] = z.array(refSchema);
  }
  for (const k of ROW_TIMES) shape[k] = z.string();
  for (const k of ROW_STAMPS) shape[k] = z.string().nullable();
  shape._actions = z
    .array(z.enum([...ROW_ACTIONS, ...(def.actions ?? []).map((a) => a.name)]))
    .describe(
      "The row actions the caller may take on this row (the resource's policy): the web draws its buttons from it",
    );
  return z.object(shape);
}
