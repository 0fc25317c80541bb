import type { FastifyRequest } from 'fastify';
import type { Storage } from '../../lib/storage/index';
import { fileRequired, notMultipart, onlyOneFile, storeFilePart, uploadInputError, type StoredUpload, type UploadRule } from './upload';

/** Text fields of the form beside the file (a recording's student, language…), by name. */
export type UploadFields = Record<string, string>;

/**
 * Read a multipart request with exactly one file part named `file` (plus text fields) and store
 * the file by `rule`. Missing file → 400, a second file or one under another name → 400, too
 * large → 413, a type the rule refuses → 415, each naming the field `file`. On any failure the
 * stored object is removed. The caller records the returned object (createFile) and the fields.
 */
export async function receiveUpload(req: FastifyRequest, storage: Storage, rule: UploadRule, accountId: string | null): Promise<{ stored: StoredUpload; fields: UploadFields }> {
  if (!req.isMultipart()) throw notMultipart();
  const parts = req.parts({ limits: { fileSize: rule.maxBytes, files: 2, fields: 20, parts: 30, fieldSize: 16 * 1024, headerPairs: 100 } })[Symbol.asyncIterator]();
  const fields: UploadFields = {};
  let stored: StoredUpload | undefined;
  try {
    for (;;) {
      let r: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
      try {
        r = await parts.next();
      } catch (err) {
        throw uploadInputError(err, rule);
      }
      if (r.done) break;
      const part = r.value;
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw onlyOneFile();
        }
        stored = await storeFilePart(storage, part, rule, accountId);
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw err;
  }
  if (!stored) throw fileRequired();
  return { stored, fields };
}
