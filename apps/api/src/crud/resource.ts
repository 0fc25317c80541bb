import type { FieldDef, ResourceDef } from '@habla/shared';
import type { AuthUser } from '../modules/auth/sessions';
import type { SqlParams } from './sql';

/** A many-to-many field stored in a join table (e.g. skills.target_ids through skill_targets). */
export type ManyLink = { joinTable: string; ownKey: string; otherKey: string; targetTable: string; targetTitle: string };

/** A to-one relation: the target's table and the column shown as its label. */
export type OneLink = { targetTable: string; targetTitle: string };

/**
 * The server side of one resource: its shared declaration plus storage details. The generic engine
 * (service.ts, routes.ts) serves list / get / create / update / delete / restore / bulk / export
 * from this alone.
 */
export type ServerResource = {
  def: ResourceDef;
  table: string;
  /** Audit log entity name. */
  entity: string;
  relations: Record<string, OneLink>;
  many: Record<string, ManyLink>;
  /**
   * Tenancy: a condition on alias `t` limiting the rows the caller may see, or null for shared
   * reference data. Rows outside it behave exactly like missing rows (404).
   */
  scope?: (user: AuthUser, p: SqlParams) => string | null;
};

export const plainFields = (r: ServerResource): FieldDef[] => r.def.fields.filter((f) => f.kind !== 'relationMany');
export const manyFields = (r: ServerResource): FieldDef[] => r.def.fields.filter((f) => f.kind === 'relationMany');
export const fieldByName = (r: ServerResource, name: string): FieldDef | undefined => r.def.fields.find((f) => f.name === name);
