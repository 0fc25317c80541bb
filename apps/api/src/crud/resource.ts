import type { FieldDef, RelationManyFieldDef } from '@habla/shared';
import type { ServerResource } from './contract';

export type {
  CrudContext,
  ListParams,
  ManyLink,
  OneLink,
  Row,
  ServerResource,
  WriteBody,
  WriteExtras,
  WriteHooks,
} from './contract';

/** Columns read from the row (write-only fields such as a password never are). */
export const plainFields = (r: ServerResource): FieldDef[] =>
  r.def.fields.filter((f) => f.kind !== 'relationMany' && !f.writeOnly);
/** Columns a body may write as sent (computed and write-only fields are the hooks' business). */
export const storedFields = (r: ServerResource): FieldDef[] =>
  r.def.fields.filter((f) => f.kind !== 'relationMany' && !f.writeOnly && !f.readOnly);
export const manyFields = (r: ServerResource): RelationManyFieldDef[] =>
  r.def.fields.filter((f): f is RelationManyFieldDef => f.kind === 'relationMany');
export const fieldByName = (r: ServerResource, name: string): FieldDef | undefined =>
  r.def.fields.find((f) => f.name === name);
