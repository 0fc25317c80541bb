import multipart from '@fastify/multipart';
import { createSchema, errorEnvelope, IMAGE_MAX_BYTES, IMAGE_RESOURCES, IMAGE_SIZE_NAMES, IMAGE_TYPES, imagesPolicy, okEnvelope, ROLES, translate } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { resourceRoutes, presentRow, requireAction } from '../../crud/routes';
import { createOwnedRow } from '../../crud/service';
import { rowSchema } from '../../crud/schemas';
import { poolOf } from '../../db/client';
import { actorContextOf } from '../../lib/context';
import { AppError, notFound, tooManyRequests } from '../../lib/errors';
import { ExportSlots } from '../../lib/export-slots';
import { requestLanguage } from '../../lib/i18n';
import { newStorageKey, type Storage } from '../../lib/storage/index';
import { errorResponses } from '../../lib/responses';
import { requireRule, signedIn } from '../../plugins/access';
import { contentDisposition } from '../files/download';
import { receiveUpload, type UploadFields } from '../files/receive';
import { unsupportedType, type UploadRule } from '../files/upload';
import { imageFoldersResource, imageKey, imagesResource, type StoredImage } from './resources';
import { NotAnImage, processImage } from './process';
import crypto from 'node:crypto';

/**
 * Where an upload waits while it is checked and resized: memory, never disk, so the bytes as they
 * came (with their GPS position) are never written anywhere (decision 016). Bounded by the upload
 * rule's size and the upload slots.
 */
function memorySink(): Storage & { take(key: string): Buffer } {
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

/** The form fields beside the file, as the create schema takes them (a checkbox says "true"/"false"). */
function imageBody(fields: UploadFields, fileName: string): Record<string, unknown> {
  const flag = (v: string | undefined) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v);
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) body[k] = k === 'is_private' ? flag(v) : v === '' ? null : v;
  // Private unless the form says otherwise: a photo of a child is nobody else's by default.
  if (body.is_private === undefined) body.is_private = true;
  // A name left out is the file's, without its extension.
  if (body.name === undefined || body.name === null) body.name = fileName.replace(/\.[a-z0-9]{2,5}$/i, '').slice(0, 120) || 'image';
  return body;
}

/** A zod refusal of the form's fields, as the API says any other: 400 naming each field. */
function fieldsRefused(issues: z.core.$ZodIssue[]): AppError {
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

const fileQuery = z.object({ size: z.enum(IMAGE_SIZE_NAMES as [string, ...string[]], { error: 'validation.choice' }).default('medium') });
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * `/api/images` and `/api/image-folders` (docs/product.md §9): the engine's list / get / patch /
 * delete / restore / bulk / export for both; an image is created by `POST /api/images` (multipart:
 * `file` plus the fields name, alt, description, folder_id, is_private), which checks the bytes, makes
 * the three sizes and stores them before the row is written; `GET /api/images/:id/file?size=` serves
 * one size to whoever may see the image (a private one: its owner only; 404 to everyone else).
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(imageFoldersResource), { prefix: '/image-folders' });
  await app.register(resourceRoutes(imagesResource), { prefix: '/images' });

  const rule: UploadRule = { maxBytes: Math.min(app.config.uploadMaxBytes, IMAGE_MAX_BYTES), types: IMAGE_TYPES };
  const uploads = new ExportSlots(app.config.uploadMaxPerUser, app.config.uploadMaxConcurrent);
  const row = rowSchema(IMAGE_RESOURCES.images);
  const body = createSchema(IMAGE_RESOURCES.images);

  await app.register(async (upload) => {
    // Here only: the engine's routes keep refusing multipart bodies.
    await upload.register(multipart);
    upload.post('/images', {
      config: { admission: false },
      preValidation: requireAction(imagesPolicy, 'create'),
      schema: {
        tags: ['images'],
        summary: 'Upload an image (multipart/form-data: "file" and the fields name, alt, description, folder_id, is_private)',
        description: `JPEG, PNG, WebP or GIF, read from the bytes; up to ${rule.maxBytes} bytes (413 beyond); SVG or anything else answers 415. The answer comes once the thumbnail, medium and original sizes are stored, all without metadata.`,
        consumes: ['multipart/form-data'],
        response: { 201: okEnvelope(row), ...errorResponses, 408: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope },
      },
      handler: async (req, reply) => {
        const ctx = actorContextOf(req);
        const actor = signedIn(req);
        const release = uploads.tryAcquire(actor.id);
        if (!release) throw tooManyRequests(5, 'files.busy');
        const keys: string[] = [];
        try {
          const sink = memorySink();
          const { stored, fields } = await receiveUpload(req, reply, sink, rule, actor.account_id);
          const parsed = body.safeParse(imageBody(fields, stored.name));
          if (!parsed.success) throw fieldsRefused(parsed.error.issues);
          const bytes = sink.take(stored.key);
          let image;
          try {
            image = await processImage(bytes);
          } catch (err) {
            if (err instanceof NotAnImage) throw unsupportedType(rule);
            throw err;
          }
          const made = {} as StoredImage['keys'];
          for (const size of IMAGE_SIZE_NAMES) {
            const key = newStorageKey(actor.account_id);
            keys.push(key);
            await app.storage.putStream(key, Readable.from([image[size].bytes]), { contentType: image[size].contentType });
            made[size] = key;
          }
          const sha256 = crypto.createHash('sha256').update(image.original.bytes).digest('hex');
          const data = await createOwnedRow(ctx, imagesResource, parsed.data as Record<string, unknown>, { keys: made, image, sha256 });
          keys.length = 0;
          return reply.code(201).send({ status: true as const, data: presentRow(imagesPolicy, actor, data), message: translate(requestLanguage(req), 'messages.created') });
        } finally {
          release();
          // Whatever failed after the sizes were stored, none of them stays behind.
          for (const key of keys) await app.storage.delete(key).catch((err: unknown) => req.log.error({ err }, 'could not remove a stored size of a failed upload'));
        }
      },
    });
  });

  app.get('/images/:id/file', {
    // The bytes are already compressed pictures.
    config: { compress: false },
    // Whoever reads the gallery, and a student for the pictures of their assigned games.
    preValidation: requireRule((actor) => imagesPolicy.can(actor, 'read') || actor.role === ROLES.STUDENT),
    schema: {
      tags: ['images'],
      summary: 'One size of an image (thumb: WebP ≤256 px, medium: WebP ≤1024 px, original: full size); none carries metadata',
      params,
      querystring: fileQuery,
      response: { 200: { description: 'The picture', content: Object.fromEntries(['image/webp', ...IMAGE_TYPES].map((t) => [t, { schema: z.string() }])) }, ...errorResponses },
    },
    handler: async (req, reply) => {
      const actor = signedIn(req);
      const found = await imageKey((sql, values) => poolOf(app.db).query(sql, values) as never, actor, req.params.id, req.query.size as 'thumb' | 'medium' | 'original');
      if (!found) throw notFound();
      const stream = await app.storage.getStream(found.key);
      if (!stream) {
        req.log.error({ imageId: req.params.id }, 'image row without its stored object');
        throw notFound();
      }
      return reply
        .header('content-type', found.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(found.name))
        .header('cache-control', 'private, max-age=300')
        .send(stream as never);
    },
  });
};
