import multipart from '@fastify/multipart';
import { createSchema, errorEnvelope, okEnvelope, resourceRowSchema, translate, type Policy } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CrudUser, OwnedResource, WriteBody } from '../../crud/contract';
import { presentRow, requireAction } from '../../crud/routes';
import { createOwnedRow } from '../../crud/service';
import { actorContextOf } from '../../lib/context';
import { AppError, tooManyRequests } from '../../lib/errors';
import { ExportSlots } from '../../lib/export-slots';
import { requestLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/responses';
import type { Storage } from '../../lib/storage/index';
import { signedIn } from '../../plugins/access';
import { receiveUpload, type UploadFields } from './receive';
import type { StoredUpload, UploadRule } from './upload';

/**
 * A record created from an uploaded file (an image, a recording): `POST <path>` with a multipart
 * body, the file as `file` and the record's fields beside it (docs/decisions/003-resource-engine.md,
 * feature-owned writes). The route does what every such upload needs: an upload slot per user and
 * instance (429 beyond), the streaming receive with its limits (`receive.ts`: 408, 413, 415), the
 * form's fields parsed by the resource's create schema (400 naming each field), the row written by
 * `createOwnedRow` with what the feature computed, and every stored object removed again when
 * anything after it fails. The feature says where the bytes go, how its fields read, and what it
 * makes of the upload.
 */
export type OwnedUpload<In> = {
  /** Under the plugin's prefix, e.g. `/images`. */
  path: string;
  resource: OwnedResource<In>;
  policy: Policy;
  rule: UploadRule;
  /** The OpenAPI words: the tag, a summary and what the upload takes. */
  docs: { tag: string; summary: string; description: string };
  /**
   * Where the file goes while it streams in: `storage` (it is the record's file: removed if the
   * create fails) or `memory` (the feature processes the bytes and stores what it makes itself).
   */
  into: 'storage' | 'memory';
  /** The feature's own form fields (not the record's), checked before the record's: throws to refuse. */
  check?: (fields: UploadFields) => void;
  /** The form's fields as the resource's create body (a checkbox's "true", a title from the file's name). */
  body: (fields: UploadFields, fileName: string) => WriteBody;
  /**
   * What the feature makes of the accepted upload, handed to its `ownedCreate`. `bytes` is the file
   * when it went to memory; `keep(key)` names an object it stored, removed if the create fails.
   */
  own: (upload: {
    stored: StoredUpload;
    fields: UploadFields;
    bytes: Buffer | null;
    actor: CrudUser;
    keep: (key: string) => void;
  }) => Promise<In>;
};

/**
 * Where an upload waits while it is checked and processed: memory, never disk, so the bytes as they
 * came (a photo's GPS position) are never written anywhere (decision 016). Bounded by the upload
 * rule's size and the upload slots.
 */
export function memorySink(): Storage & { take(key: string): Buffer } {
  const objects = new Map<string, Buffer>();
  return {
    driver: 'local',
    async putStream(key, stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      objects.set(key, Buffer.concat(chunks));
    },
    async getStream() {
      return null;
    },
    async delete(key) {
      objects.delete(key);
    },
    async stat(key) {
      const b = objects.get(key);
      return b ? { size: b.length } : null;
    },
    async close() {},
    take(key) {
      const b = objects.get(key);
      objects.delete(key);
      if (!b) throw new Error('upload not received');
      return b;
    },
  };
}

/** A zod refusal of the form's fields, as the API says any other: 400 naming each field. */
export function fieldsRefused(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (fields[field]) continue;
    fields[field] =
      issue.code === 'unrecognized_keys'
        ? 'validation.unknownField'
        : /^(validation|errors)\./.test(issue.message)
          ? issue.message
          : issue.code === 'invalid_type' && issue.input === undefined
            ? 'validation.required'
            : 'validation.invalid';
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) fields[k] = 'validation.unknownField';
  }
  const first = Object.values(fields)[0] ?? 'validation.invalid';
  return new AppError(400, 'VALIDATION', first, {}, fields);
}

/** The upload route of a feature-owned create (`OwnedUpload`), in its own scope: only it parses multipart bodies. */
export function ownedUploadRoute<In>(o: OwnedUpload<In>): FastifyPluginAsyncZod {
  return async (app) => {
    const uploads = new ExportSlots(app.config.uploadMaxPerUser, app.config.uploadMaxConcurrent);
    const row = resourceRowSchema(o.resource.def, o.policy.hideable);
    const body = createSchema(o.resource.def);
    // Here only: the engine's routes keep refusing multipart bodies.
    await app.register(multipart);
    app.post(o.path, {
      // A slow sender must not hold the admission gate (20 slow uploads would stop the API); the upload slots bound it.
      config: { admission: false },
      preValidation: requireAction(o.policy, 'create'),
      schema: {
        tags: [o.docs.tag],
        summary: o.docs.summary,
        description: o.docs.description,
        consumes: ['multipart/form-data'],
        response: {
          201: okEnvelope(row),
          ...errorResponses,
          408: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
      handler: async (req, reply) => {
        const ctx = actorContextOf(req);
        const actor = signedIn(req);
        const release = uploads.tryAcquire(actor.id);
        if (!release) throw tooManyRequests(5, 'files.busy');
        const keys: string[] = [];
        try {
          const sink = o.into === 'memory' ? memorySink() : null;
          const { stored, fields } = await receiveUpload(req, reply, sink ?? app.storage, o.rule, actor.account_id);
          if (!sink) keys.push(stored.key);
          o.check?.(fields);
          const parsed = body.safeParse(o.body(fields, stored.name));
          if (!parsed.success) throw fieldsRefused(parsed.error.issues);
          const owned = await o.own({
            stored,
            fields,
            bytes: sink ? sink.take(stored.key) : null,
            actor,
            keep: (key) => keys.push(key),
          });
          const data = await createOwnedRow(ctx, o.resource, parsed.data, owned);
          keys.length = 0;
          return reply.code(201).send({
            status: true as const,
            data: presentRow(o.policy, actor, data),
            message: translate(requestLanguage(req), 'messages.created'),
          });
        } finally {
          release();
          // Whatever failed after the upload was stored, nothing it stored stays behind.
          for (const key of keys)
            await app.storage
              .delete(key)
              .catch((err: unknown) => req.log.error({ err }, 'could not remove a stored file of a failed upload'));
        }
      },
    });
  };
}
