import {
  type Action,
  bulkBody,
  createSchema,
  fieldLabel,
  okEnvelope,
  type Policy,
  policyOf,
  resourceRowSchema,
  rowActions,
  translate,
  updateSchema,
} from '@habla/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { poolOf } from '../db/client';
import { z } from 'zod';
import { actorContextOf } from '../lib/context';
import { requestLanguage } from '../lib/i18n';
import { forbidden, tooManyRequests } from '../lib/errors';
import { errorResponses, fileResponse } from '../lib/responses';
import { requireRule, requireRuleDeferred, signedIn } from '../plugins/access';
import { checkSessionAlongside, sameActor, sessionAlongside } from '../plugins/auth';
import type { CrudUser, ListParams, RawRow, Row, ServerResource, WriteBody } from './contract';
import { actionRoutes } from './actions';
import { csvLine } from './csv';
import { exportPlan, openExportCursor, type ExportCursor } from './export';
import { registerFileHolder } from './file-refs';
import { idParams, listQuerySchema } from './schemas';
import { rowsAsJson } from './list-query';
import {
  createRow,
  findPage,
  findPageJson,
  getRow,
  setDeleted,
  updateRow,
  type CrudContext,
  type JsonRow,
} from './service';

/** Seconds a refused export is told to wait: the running ones take seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

type ListQuery = z.infer<ReturnType<typeof listQuerySchema>>;

/** List parameters; filters and sorting on fields the caller may not read are dropped (they would tell their values).
 * */
function listParams(r: ServerResource, q: ListQuery, hidden: readonly string[] = []): ListParams {
  const filters: Record<string, string | number | boolean> = {};
  for (const f of r.def.fields) {
    const v = (q as Record<string, unknown>)[f.name];
    if (
      f.filterable &&
      !hidden.includes(f.name) &&
      (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    )
      filters[f.name] = v;
  }
  const col = q.col && hidden.includes(q.col) ? undefined : q.col;
  return { page: q.page, max: q.max, col, order: q.order, q: q.q, in: q.in, trash: q.trash, filters };
}

/**
 * The list and show answers are written with JSON.stringify instead of being parsed by their zod
 * schema first: the rows are built field by field from the declaration (service.ts `toRow`,
 * `presentRow` here) and parsing a 25-row page cost a list request about a seventh of its CPU
 * (docs/decisions/008-performance.md). The closed row contract stays the OpenAPI description, and
 * crud/list-session.test.ts proves every resource's answers parse with it unchanged.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The guard of an action on the collection: signed in, and the resource's policy allows it (else 403). */
export function requireAction(policy: Policy, action: Action | (string & {})) {
  return requireRule((actor) => policy.can(actor, action));
}

/**
 * A row as it leaves the engine: the fields the caller may not read emptied, and the row actions the
 * caller may take on it (`_actions`), from the same policy the web draws its buttons with.
 */
export function presentRow(policy: Policy, user: CrudUser, row: Row): Row & { _actions: string[] } {
  const out: Row & { _actions: string[] } = { ...row, _actions: rowActions(policy, user, row) };
  for (const name of policy.hiddenFields(user)) if (name in out) out[name] = null;
  return out;
}

/**
 * Rows as PostgreSQL wrote them, each given the caller's `_actions`: a row-free policy answers the
 * same actions for every live row (and for every row in the trash), so each is asked once.
 */
export function presentJsonRows(policy: Policy, user: CrudUser, rows: readonly JsonRow[]): string {
  let live: string | undefined;
  let trash: string | undefined;
  const actions = (row: JsonRow) =>
    row.trash
      ? (trash ??= JSON.stringify(rowActions(policy, user, { id: row.id, deleted_at: 'trash' })))
      : (live ??= JSON.stringify(rowActions(policy, user, { id: row.id, deleted_at: null })));
  return rows.map((row) => `${row.json.slice(0, -1)},"_actions":${actions(row)}}`).join(',');
}

/**
 * Register the generic endpoints of one resource under the current prefix:
 * list, export, get, create, replace, patch, delete, restore, bulk delete and bulk restore, and the
 * resource's declared actions (actions.ts); a read-only resource's list and export only.
 * Every route asks the resource's policy (decision 009): the collection's rule in the guard, the
 * row's rules in the service (update, delete, restore) and in `_actions` of every row answered. Exports
 * stream through a cursor, a limited number at once per user and per instance (429 beyond).
 */
export function resourceRoutes(r: ServerResource, opts: { create?: boolean } = {}): FastifyPluginAsyncZod {
  // Its file fields make its rows the records their files are read with (file-refs.ts).
  registerFileHolder(r);
  return async (app) => {
    const tags = [r.def.name];
    const policy = policyOf(r.def.name);
    const row = resourceRowSchema(r.def, policy.hideable);
    const query = listQuerySchema(r.def);
    const guard = (action: Action) => requireAction(policy, action);
    const present = (req: FastifyRequest, data: Row) => presentRow(policy, signedIn(req), data);
    /** The service context, built once per request (lib/context.ts). */
    const ctx = (req: FastifyRequest): CrudContext => actorContextOf(req);
    const say = (req: FastifyRequest, key: string, params: Record<string, number> = {}) =>
      translate(requestLanguage(req), key, params);

    // Rows PostgreSQL can write itself whose actions do not depend on the row: the page goes out as
    // the database wrote it, each row given the caller's `_actions` (list-query.ts `rowJson`).
    const asJson = rowsAsJson(r) && policy.rowFree === true;

    app.get('/', {
      // The hot path: the session is read in the page's own statement when this instance has seen the
      // token before (one round trip instead of two), and checked before anything is answered.
      preValidation: requireRuleDeferred((actor) => policy.can(actor, 'list')),
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: `List ${r.def.name}`,
        querystring: query,
        response: { 200: okEnvelope(z.array(row)), ...errorResponses },
      },
      handler: async (req, reply) => {
        const read = async () => {
          const hidden = policy.hiddenFields(signedIn(req));
          const params = listParams(r, req.query, hidden);
          const hash = req.sessionToCheck;
          const alongside = hash ? sessionAlongside(hash) : undefined;
          const page = asJson
            ? await findPageJson(ctx(req), r, params, hidden, alongside)
            : await findPage(ctx(req), r, params, alongside);
          return { params, hash, ...page };
        };
        let page = await read();
        if (page.hash) {
          const guess = signedIn(req);
          const fresh = await checkSessionAlongside(req, page.hash, page.alongside ?? null);
          if (!sameActor(guess, fresh)) {
            // Role, account, permissions or profile changed since this instance last saw the token: the
            // page was read for someone else; ask the policy again and read it for who they are now.
            if (!policy.can(fresh, 'list')) throw forbidden();
            page = await read();
          }
        }
        const { params, rows, total } = page;
        const meta = { page: params.page, max: params.max, total };
        if (asJson) {
          const data = presentJsonRows(policy, signedIn(req), rows as JsonRow[]);
          // Already JSON: a string with a JSON content type is sent as it is (the 200 schema types objects).
          const text: unknown = `{"status":true,"data":[${data}],"meta":${JSON.stringify(meta)}}`;
          return reply.type('application/json; charset=utf-8').send(text as never);
        }
        return { status: true as const, data: (rows as Row[]).map((row) => present(req, row)), meta };
      },
    });

    app.get('/export', {
      preValidation: guard('export'),
      schema: {
        tags,
        summary: `Export the current filter of ${r.def.name} as CSV`,
        querystring: query,
        response: { 200: fileResponse('text/csv', 'The rows as CSV'), ...errorResponses },
      },
      handler: async (req, reply) => {
        const c = ctx(req);
        const release = app.exportSlots.tryAcquire(c.actor.id);
        if (!release) throw tooManyRequests(EXPORT_RETRY_AFTER_SECONDS, 'errors.tooManyExports');
        const hidden = policy.hiddenFields(c.actor);
        const params = listParams(r, req.query, hidden);
        const names = new Set(r.def.fields.filter((f) => !hidden.includes(f.name)).map((f) => f.name));
        const asked = (req.query.columns ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => names.has(s));
        const columns = asked.length
          ? asked
          : r.def.fields.filter((f) => f.listed && names.has(f.name)).map((f) => f.name);
        const lang = requestLanguage(req);
        let cursor: ExportCursor | undefined;
        // Finished, failed or abandoned by the client: the slot and the connection are given back once.
        const done = () => {
          release();
          void cursor?.close();
        };
        reply.raw.once('close', done);
        const plan = exportPlan(r, c.actor, params, columns);
        let first: RawRow[];
        try {
          cursor = await openExportCursor(poolOf(c.db), plan.query);
          // Read the first batch before answering, so a failure still gets the JSON error envelope.
          first = await cursor.next();
        } catch (err) {
          done();
          throw err;
        }
        const open = cursor;
        const line = (raw: RawRow) => csvLine(plan.cells(raw));
        async function* lines() {
          try {
            yield `\uFEFF${csvLine(columns.map((n) => fieldLabel(lang, n)))}`;
            for (let batch = first; batch.length; batch = await open.next()) {
              yield batch.map(line).join('');
              // Let waiting requests run between two batches, whatever the client's pace.
              await new Promise((resolve) => setImmediate(resolve));
            }
          } finally {
            done();
          }
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${r.def.name}.csv"`)
          .send(Readable.from(lines(), { objectMode: false }) as never);
      },
    });

    // A read-only list (decision 025) ends here: its rows and their pages are its feature's.
    if (r.def.readOnly) return;

    app.get('/:id', {
      preValidation: guard('read'),
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: `One of ${r.def.name}`,
        params: idParams,
        response: { 200: okEnvelope(row), ...errorResponses },
      },
      handler: async (req) => {
        const data = await getRow(ctx(req), r, req.params.id);
        if (!policy.can(signedIn(req), 'read', data)) throw forbidden();
        return { status: true as const, data: present(req, data) };
      },
    });

    // A resource whose rows only its feature creates (an upload, an analysed sample) has its own POST.
    if (opts.create !== false && !r.ownedCreate)
      app.post('/', {
        preValidation: guard('create'),
        schema: {
          tags,
          summary: `Create one of ${r.def.name}`,
          body: createSchema(r.def),
          response: { 201: okEnvelope(row), ...errorResponses },
        },
        handler: async (req, reply) => {
          const data = await createRow(ctx(req), r, req.body as WriteBody);
          return reply
            .code(201)
            .send({ status: true as const, data: present(req, data), message: say(req, 'messages.created') });
        },
      });

    app.put('/:id', {
      preValidation: guard('update'),
      schema: {
        tags,
        summary: `Replace one of ${r.def.name}`,
        params: idParams,
        body: createSchema(r.def),
        response: { 200: okEnvelope(row), ...errorResponses },
      },
      handler: async (req) => ({
        status: true as const,
        data: present(req, await updateRow(ctx(req), r, req.params.id, req.body as WriteBody)),
        message: say(req, 'messages.updated'),
      }),
    });

    app.patch('/:id', {
      preValidation: guard('update'),
      schema: {
        tags,
        summary: `Change fields of one of ${r.def.name}`,
        params: idParams,
        body: updateSchema(r.def),
        response: { 200: okEnvelope(row), ...errorResponses },
      },
      handler: async (req) => ({
        status: true as const,
        data: present(req, await updateRow(ctx(req), r, req.params.id, req.body as WriteBody)),
        message: say(req, 'messages.updated'),
      }),
    });

    app.delete('/:id', {
      preValidation: guard('delete'),
      schema: {
        tags,
        summary: `Move one of ${r.def.name} to the trash`,
        params: idParams,
        response: { 200: okEnvelope(z.object({ count: z.number() })), ...errorResponses },
      },
      handler: async (req) => ({
        status: true as const,
        data: { count: await setDeleted(ctx(req), r, [req.params.id], true) },
        message: say(req, 'messages.deleted'),
      }),
    });

    app.post('/:id/restore', {
      preValidation: guard('restore'),
      schema: {
        tags,
        summary: `Restore one of ${r.def.name} from the trash`,
        params: idParams,
        response: { 200: okEnvelope(row), ...errorResponses },
      },
      handler: async (req) => {
        const c = ctx(req);
        await setDeleted(c, r, [req.params.id], false);
        return {
          status: true as const,
          data: present(req, await getRow(c, r, req.params.id)),
          message: say(req, 'messages.restored'),
        };
      },
    });

    // The resource's declared actions (decision 010): single and bulk, asking the same policy.
    if (r.def.actions?.length) await app.register(actionRoutes(r, policy, ctx, present));

    for (const [path, deleted] of [
      ['/bulk-delete', true],
      ['/bulk-restore', false],
    ] as const) {
      app.post(path, {
        preValidation: guard(deleted ? 'delete' : 'restore'),
        schema: {
          tags,
          summary: `${deleted ? 'Delete' : 'Restore'} several of ${r.def.name} (all or nothing)`,
          body: bulkBody,
          response: { 200: okEnvelope(z.object({ count: z.number() })), ...errorResponses },
        },
        handler: async (req) => {
          const count = await setDeleted(ctx(req), r, req.body.ids, deleted);
          return {
            status: true as const,
            data: { count },
            message: say(req, deleted ? 'messages.bulkDeleted' : 'messages.bulkRestored', { count }),
          };
        },
      });
    }
  };
}
