import { INT_MAX, INT_MIN, outputFields, ROW_ACTIONS, SORT_ORDERS, type FieldDef, type ResourceDef } from '@habla/shared';
import { z } from 'zod';

const ref = z.object({ id: z.string(), label: z.string() });

function outputField(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'int':
      return z.number().nullable();
    case 'bool':
      return z.boolean();
    case 'enumArray':
    case 'relationMany':
      return z.array(z.string());
    case 'json':
      return z.unknown();
    default:
      return z.string().nullable();
  }
}

/** A row as the API returns it (also the OpenAPI description), with what the caller may do to it. */
export function rowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { id: z.string() };
  for (const f of outputFields(def)) {
    shape[f.name] = outputField(f);
    if (f.kind === 'relation' && f.as) shape[f.as] = ref.nullable();
    if (f.kind === 'relationMany' && f.as) shape[f.as] = z.array(ref);
  }
  for (const k of ['deleted_at', 'created_at', 'updated_at', 'created_by', 'updated_by', 'created_by_name', 'updated_by_name']) shape[k] = z.string().nullable();
  shape._actions = z
    .array(z.enum([...ROW_ACTIONS, ...(def.actions ?? []).map((a) => a.name)]))
    .describe("The row actions the caller may take on this row (the resource's policy): the web draws its buttons from it");
  // Loose: what a resource's `present` adds for its policy (an activity's game state) reaches the web's policy check too.
  return z.looseObject(shape);
}

/** "true"/"1" or "false"/"0", as a query string carries a yes/no filter. */
export const queryBool = z.enum(['true', 'false', '1', '0'], { error: 'validation.choice' }).transform((v) => v === 'true' || v === '1');

/**
 * A filter's query value, typed like its column so that anything PostgreSQL would refuse (a number
 * beyond `integer`, a yes/no that is neither) is refused here first, naming the filter.
 */
function filterInput(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'enum':
    case 'enumArray':
      return z.enum(f.options as [string, ...string[]], { error: 'validation.choice' });
    case 'relation':
      return z.uuid({ error: 'validation.invalid' });
    case 'int':
      return z.coerce
        .number({ error: 'validation.number' })
        .int({ error: 'validation.number' })
        .min(f.min ?? INT_MIN, { error: 'validation.range' })
        .max(f.maxValue ?? INT_MAX, { error: 'validation.range' });
    case 'bool':
      return queryBool;
    case 'text':
    case 'longtext':
    case 'picture':
      return z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' });
    default:
      throw new Error(`a ${f.kind} field (${f.name}) cannot be a list filter yet: give it a typed filter input first`);
  }
}

/** `page` (from 0) and `max` (default 25) of every paged list of the API. */
export const pagingQuery = z.object({
  page: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.number' })
    .min(0, { error: 'validation.range' })
    .max(1_000_000, { error: 'validation.range' })
    .default(0),
  // Capped rather than refused: a client asking for 500 gets the largest page there is.
  max: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.number' })
    .min(1, { error: 'validation.range' })
    .default(25)
    .transform((n) => Math.min(n, 100)),
});

/** Query string of a list (and of the CSV export): paging, sorting, search, trash, declared filters. */
export function listQuerySchema(def: ResourceDef) {
  const sortable = def.fields.filter((f) => f.sortable).map((f) => f.name) as [string, ...string[]];
  const filters = Object.fromEntries(def.fields.filter((f) => f.filterable).map((f) => [f.name, filterInput(f).optional()]));
  return pagingQuery.extend({
    col: z.enum(sortable, { error: 'validation.unknownSort' }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'validation.choice' }).optional(),
    q: z.string().max(100, { error: 'validation.tooLong' }).optional(),
    /** Search one column only (seed §3 "column search"); by default every searchable column. */
    in: z.enum(def.searchable as [string, ...string[]], { error: 'validation.choice' }).optional(),
    trash: queryBool.optional().transform((v) => v === true),
    columns: z.string().max(2000, { error: 'validation.tooLong' }).optional(),
    ...filters,
  });
}

export const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
