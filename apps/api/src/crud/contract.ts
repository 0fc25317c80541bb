import type { createSchema, ResourceDef } from '@habla/shared';
import type { z } from 'zod';
import type { PoolClient } from 'pg';
import type { ActorContext, ContextActor } from '../lib/context';
import type { AuditChanges } from '../lib/audit';
import type { SqlParams } from './sql';

/**
 * The generic engine's contract (decision 009): the types a resource, a hook and a scope exchange
 * with the engine. A leaf module: it imports nothing else from `crud/` but the SQL parameter list,
 * so `resource`, `list-query` and `service` all depend on it and never on each other in a circle.
 */

/** Whoever calls the engine: the signed-in principal (modules pass their AuthUser, which fits). */
export type CrudUser = ContextActor;

export type Row = Record<string, unknown> & { id: string };

/**
 * The engine's services take a ServiceContext (lib/context.ts) whose actor is a signed-in principal:
 * routes build it with `actorContextOf(req)`, jobs and the CLI with `systemContext(…, { actor })`.
 */
export type CrudContext = ActorContext;

/** Parsed list parameters (routes.ts validates them with the resource's query schema). */
export type ListParams = {
  page: number;
  max: number;
  col?: string;
  order?: 'asc' | 'desc';
  q?: string;
  /** Restrict the search to this searchable column. */
  in?: string;
  trash?: boolean;
  filters: Record<string, string | number | boolean>;
};

/** A tenancy condition on alias `t` (null: no condition), from the caller and the query's parameters. */
export type ScopeSql = (user: CrudUser, p: SqlParams) => string | null;

/** A many-to-many field stored in a join table (e.g. skills.target_ids through skill_targets). */
export type ManyLink = {
  joinTable: string;
  ownKey: string;
  otherKey: string;
  targetTable: string;
  targetTitle: string;
};

/**
 * A to-one relation: the target's table and the column shown as its label, and the rows a caller
 * may point at (alias `t`): a workspace's student must be a student of the caller's own scope.
 */
export type OneLink = { targetTable: string; targetTitle: string; scope?: ScopeSql };

/**
 * A write's body as the resource's create or update schema parsed it (`createSchema`/`updateSchema`
 * of @habla/shared): its declared fields by name, which the hooks may change before it is stored.
 */
export type WriteBody = z.output<ReturnType<typeof createSchema>>;

/**
 * A row as PostgreSQL returned it (`SELECT t.*` of the resource's table, plus any `extraSelect`), read
 * only: its columns by name. The table is named by the declaration at run time; a feature that knows
 * its table reads it as that table's row (`Db<Name>Row`, decision 024).
 */
export type RawRow = { readonly [column: string]: unknown };

/** What a write hook may add: columns the body does not carry (a password hash, the role of a client). */
export type WriteExtras = Record<string, unknown>;

/**
 * Per-resource rules around the generic writes, run inside the write's transaction. They may change
 * `body` (force the caller's account, drop what a role may not set) or throw an AppError (limits,
 * transitions). `before` is the locked current row on update and delete.
 */
export type WriteHooks = {
  /** First thing in every write transaction of the resource, before any row is locked (crud/children.ts takes its lock
   * here). */
  begin?: (client: PoolClient, ctx: CrudContext) => Promise<void>;
  beforeCreate?: (client: PoolClient, ctx: CrudContext, body: WriteBody) => Promise<WriteExtras | void>;
  beforeUpdate?: (client: PoolClient, ctx: CrudContext, body: WriteBody, before: RawRow) => Promise<WriteExtras | void>;
  /** After the row is written (id known); `before` is absent on create. */
  afterWrite?: (client: PoolClient, ctx: CrudContext, id: string, body: WriteBody, before?: RawRow) => Promise<void>;
  /** Before soft delete or restore of these rows (all in scope). */
  beforeDelete?: (client: PoolClient, ctx: CrudContext, ids: string[], deleted: boolean) => Promise<void>;
};

/**
 * A create only its feature's own route makes (decision 003): what that route computed and a body
 * never carries (a stored upload, an analysed sample), turned into the row's columns inside the
 * create's transaction. A resource that has one gets no generic create route; its feature calls
 * `createOwnedRow` with the typed input.
 */
export type OwnedCreate<In> = (
  client: PoolClient,
  ctx: CrudContext,
  body: WriteBody,
  owned: In,
) => Promise<WriteExtras>;

/**
 * What a declared action's handler gets (decision 010): the transaction's client, the caller's
 * context (with the job queue and configuration) and the rows it acts on (locked `FOR UPDATE`, in
 * scope, live, each allowed by the policy). It writes what the action changes; the engine writes one
 * audit row per row (`changes` from the answer, by id) and answers the rows as they are afterwards.
 */
export type ActionInput = { client: PoolClient; ctx: CrudContext; rows: Record<string, unknown>[] };
/**
 * `changes` by id for the audit rows; `answer`: the ids of the rows to answer with instead of those
 * acted on (an action that makes new rows: a game's new version, a copy).
 */
/** What a declared action changed, by row id: each row's audit `changes`. */
export type ActionChanges = Record<string, AuditChanges | null>;
export type ActionResult = { changes?: ActionChanges; answer?: string[] } | void;
export type ActionHandler = (input: ActionInput) => Promise<ActionResult>;

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
  scope?: ScopeSql;
  hooks?: WriteHooks;
  /** Set when only the feature's own route creates rows (images, recordings, assessments). */
  ownedCreate?: OwnedCreate<never>;
  /** The column naming the account a row belongs to ('id' for accounts): audit rows are filed under it. */
  tenantColumn?: string;
  /** Undeclared columns `present` needs (e.g. the last four SSN digits). */
  extraSelect?: string[];
  /** Last touch on a row before it leaves the API (mask a secret). */
  present?: (row: Row, raw: RawRow) => void;
  /** The handlers of the declaration's actions (`def.actions`), by name: every declared action needs one. */
  actions?: Record<string, ActionHandler>;
};

/** A resource whose rows only its feature creates, with what that feature hands over. */
export type OwnedResource<In> = ServerResource & { ownedCreate: OwnedCreate<In> };
