import { INT_MAX, INT_MIN, SORT_ORDERS, type FieldDef, type ResourceDef } from '@habla/shared';
import { z } from 'zod';

/** "true"/"1" or "false"/"0", as a query string carries a yes/no filter. */
export const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.choice' })
  .transform((v) => v === 'true' || v === '1');

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
  const filters = Object.fromEntries(
    def.fields.filter((f) => f.filterable).map((f) => [f.name, filterInput(f).optional()]),
  );
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
