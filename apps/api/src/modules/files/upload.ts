import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/errors';
import { newStorageKey, type Storage } from '../../lib/storage/index';
import { DamagedFile } from './byte-source';
import type { UploadClock } from './pace';
import { stripMetadata } from './strip-metadata';

/** What one use accepts: the largest size in bytes and the MIME types allowed, as detected from the bytes. */
export type UploadRule = { maxBytes: number; types: readonly string[] };

/** Types `POST /api/files` accepts by default: pictures, recordings, documents; no text (it cannot be told from bytes),
 * no SVG, no executables. */
export const DEFAULT_FILE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/opus',
  'audio/webm',
  'video/webm',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/x-flac',
  'audio/flac',
  'application/pdf',
];

/** An object stored, not yet recorded in `files`. */
export type StoredUpload = { key: string; name: string; contentType: string; size: number; sha256: string };

/** Bytes read before deciding the type; file-type's own sample size covers every format it knows by its head. */
const SNIFF_BYTES = 4100;

const fileError = (status: number, code: string, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, code, key, params, { file: key });

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

export const tooLarge = (rule: UploadRule) =>
  fileError(413, 'PAYLOAD_TOO_LARGE', 'files.tooLarge', { maximum: formatBytes(rule.maxBytes) });

const typeLabel = (mime: string) => (mime.split('/')[1] ?? mime).replace(/^x-/, '').toUpperCase();
/**
 * A failure while reading the request (not while storing): the client's problem, never a 500. The
 * multipart plugin's own limits keep their meaning; anything else the parser throws (a body cut
 * short, a broken part header) is a malformed upload.
 */
export function uploadInputError(err: unknown, rule: UploadRule): AppError {
  if (err instanceof AppError) return err;
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(rule);
    case 'FST_FILES_LIMIT':
      return fileError(400, 'VALIDATION', 'files.onlyOne');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fileError(413, 'PAYLOAD_TOO_LARGE', 'files.tooManyParts');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fileError(415, 'UNSUPPORTED_MEDIA_TYPE', 'files.multipart');
    default:
      return fileError(400, 'VALIDATION', 'files.malformed');
  }
}

export const onlyOneFile = () => fileError(400, 'VALIDATION', 'files.onlyOne');
export const fileRequired = () => fileError(400, 'VALIDATION', 'files.required');
export const notMultipart = () => fileError(415, 'UNSUPPORTED_MEDIA_TYPE', 'files.multipart');

export const unsupportedType = (rule: UploadRule) =>
  fileError(415, 'UNSUPPORTED_MEDIA_TYPE', 'files.type', { types: [...new Set(rule.types.map(typeLabel))].join(', ') });

/**
 * A file name fit to show and to offer on download: the last path segment, without control or
 * bidirectional-override characters, at most 200 characters. It is never used to build a path.
 */
export function cleanFileName(raw: string | undefined): string {
  // split gives at least one piece: pop() always has one to give.
  const last = (raw ?? '').split(/[/\\]/).pop()!;
  const clean = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    // The lookbehind tries a trailing run only where it starts: linear time on a long run inside the name (decision
    // 005).
    .replace(/^[\s.]+|(?<![\s.])[\s.]+$/g, '');
  return Array.from(clean).slice(0, 200).join('') || 'file';
}

/**
 * Stream one multipart file part into storage: the type is decided from its first bytes before
 * anything is written (415 when the rule does not allow it, whatever the name or the client's
 * Content-Type say); a picture loses its metadata on the way (strip-metadata.ts: 415 when its
 * structure cannot be walked); what is stored is counted and hashed. Past the rule's size (counted
 * on the bytes received) the upload stops, the partial object is removed, and 413 names the field.
 * The multipart limit is the rule's size, so a part that was cut short (`truncated`) was too large
 * as well. Every wait for the client's bytes goes through `clock` (pace.ts: 408 when too slow).
 */
export async function storeFilePart(
  storage: Storage,
  part: MultipartFile,
  rule: UploadRule,
  accountId: string | null,
  clock: UploadClock,
): Promise<StoredUpload> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const source = {
    next: async (): Promise<IteratorResult<Buffer>> => {
      try {
        return await clock.next(iterator.next());
      } catch (err) {
        throw uploadInputError(err, rule);
      }
    },
  };
  const drain = async () => {
    for (let r = await source.next(); !r.done; r = await source.next());
  };
  const head: Buffer[] = [];
  let headBytes = 0;
  // (Once a part's stream has ended, its iterator answers done again: reading on is harmless.)
  // Stryker disable next-line EqualityOperator: a head of exactly SNIFF_BYTES taking one more chunk holds the same bytes in the same order
  while (headBytes < SNIFF_BYTES) {
    const r = await source.next();
    if (r.done) break;
    head.push(r.value);
    headBytes += r.value.length;
  }
  if (
    part.file.truncated ||
    // Stryker disable next-line ConditionalExpression: never true, the part never carries more than rule.maxBytes (receive.ts gives the parser that fileSize limit; past it the part is `truncated`): a guard should another caller give a larger one
    headBytes > rule.maxBytes
  ) {
    await drain();
    throw tooLarge(rule);
  }
  if (headBytes === 0) throw fileError(400, 'VALIDATION', 'files.empty');
  const detected = await fileTypeFromBuffer(Buffer.concat(head));
  if (!detected || !rule.types.includes(detected.mime)) {
    await drain();
    throw unsupportedType(rule);
  }

  /** The bytes as they came, counted against the rule's size. */
  let received = 0;
  async function* input(): AsyncGenerator<Buffer> {
    for (const chunk of head) {
      // Stryker disable next-line AssignmentOperator: see below, the count never passes rule.maxBytes
      received += chunk.length;
      yield chunk;
    }
    for (let r = await source.next(); !r.done; r = await source.next()) {
      // Stryker disable next-line AssignmentOperator: as the head's guard above, the part never carries more than rule.maxBytes, so the count never passes it (a guard should another caller give the parser a larger limit)
      received += r.value.length;
      // Stryker disable next-line ConditionalExpression: never true, as above (its `true` variant, refusing every file of more than one piece, is killed by receive.test.ts)
      if (received > rule.maxBytes) throw tooLarge(rule);
      yield r.value;
    }
    // Past its limit the parser ends the part early, `truncated` (its own error comes only with the next part): stop
    // the store here.
    if (part.file.truncated) throw tooLarge(rule);
  }
  const hash = crypto.createHash('sha256');
  let size = 0;
  /** The bytes as they are stored (a picture without its metadata): what the row's size and SHA-256 describe. */
  async function* stored(): AsyncGenerator<Buffer> {
    const bytes = input();
    const stripped = stripMetadata(detected!.mime, bytes);
    try {
      for await (const chunk of stripped ?? bytes) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    } catch (err) {
      throw err instanceof DamagedFile ? unsupportedType(rule) : err;
    }
  }

  const key = newStorageKey(accountId);
  try {
    await storage.putStream(key, Readable.from(stored()), { contentType: detected.mime });
  } catch (err) {
    // Whatever failed (too large, a broken request, the store itself), nothing stays behind.
    await storage.delete(key).catch(() => undefined);
    // A refused file is read to its end, so the connection serves the client's next request (receive.ts).
    // Stryker disable next-line ConditionalExpression: a 413 here comes only once the part has ended (`truncated`, as above), so its drain reads nothing; kept for a caller that gives the parser a larger limit
    if (err instanceof AppError && (err.statusCode === 413 || err.statusCode === 415))
      await drain().catch(() => undefined);
    throw err;
  }
  return { key, name: cleanFileName(part.filename), contentType: detected.mime, size, sha256: hash.digest('hex') };
}
