import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../lib/storage/index';
import { UploadClock } from './pace';
import {
  fileRequired,
  notMultipart,
  onlyOneFile,
  storeFilePart,
  tooLarge,
  uploadInputError,
  type StoredUpload,
  type UploadRule,
} from './upload';

/** Text fields of the form beside the file (a recording's student, language…), by name. */
export type UploadFields = Record<string, string>;

/** The multipart parser's limits besides the file's size: one file (a second is refused), a few small fields. */
const PART_LIMITS = { files: 2, fields: 20, parts: 30, fieldSize: 16 * 1024, headerPairs: 100 } as const;

/**
 * What a request may declare beyond the file's own limit (its Content-Length) for the form around
 * it: every field at its largest (20 × 16 KiB) and 1 KiB of boundary and part headers for each part
 * the parser takes (a browser's are under 300 bytes, a long file name included): 350 KiB.
 */
export const FRAMING_ALLOWANCE = PART_LIMITS.fields * PART_LIMITS.fieldSize + PART_LIMITS.parts * 1024;

/**
 * Read a multipart request with exactly one file part named `file` (plus text fields) and store
 * the file by `rule`. A declared length past the rule's size plus the framing allowance → 413 before
 * a byte of the body is read; missing file → 400, a second file or one under another name → 400,
 * too large → 413, a type the rule refuses → 415, too slow (the configured upload pace) → 408, each
 * naming the field `file`. On any failure the stored object is removed. A refused file (413, 415) is
 * read to its end and dropped, so the connection serves the client's next request; when the body was
 * not read to its end (408, a declared length too large, a broken form) the connection closes after
 * the answer (`Connection: close`), so the client's remaining bytes are not read just to be dropped. The caller records
 * the returned object
 * (createFile) and the fields.
 */
export async function receiveUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  rule: UploadRule,
  accountId: string | null,
): Promise<{ stored: StoredUpload; fields: UploadFields }> {
  if (!req.isMultipart()) throw notMultipart();
  const fields: UploadFields = {};
  let stored: StoredUpload | undefined;
  const clock = new UploadClock(req.server.config.uploadPace);
  const onData = (chunk: Buffer) => clock.receive(chunk.length);
  try {
    const declared = Number(req.headers['content-length']);
    if (declared > rule.maxBytes + FRAMING_ALLOWANCE) throw tooLarge(rule);
    const parts = req.parts({ limits: { ...PART_LIMITS, fileSize: rule.maxBytes } })[Symbol.asyncIterator]();
    for (let first = true; ; first = false) {
      let r: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
      try {
        const next = parts.next();
        // The first call pipes the request into the parser: listening from then on takes no byte from it.
        if (first) req.raw.on('data', onData);
        r = await clock.next(next);
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
        stored = await storeFilePart(storage, part, rule, accountId, clock);
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    // A refused file was read to its end (upload.ts drains it); the request's last bytes, parsed
    // with it, end the request one turn later. Only a body still unread closes the connection.
    // Stryker disable next-line ConditionalExpression: waiting the turn for a request already ended changes nothing but when the answer leaves
    if (!req.raw.readableEnded) await new Promise((resolve) => setImmediate(resolve));
    if (!req.raw.readableEnded) reply.header('connection', 'close');
    throw err;
  } finally {
    req.raw.off('data', onData);
  }
  if (!stored) throw fileRequired();
  return { stored, fields };
}
