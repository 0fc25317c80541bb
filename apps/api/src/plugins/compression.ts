import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: the headers would eat most of the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Types worth compressing: JSON, text (CSV, HTML, CSS), JavaScript, SVG, XML. Pictures and audio are compressed
 * already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|[\w.+-]*\+json|javascript|xml|[\w.+-]*\+xml)|image\/svg\+xml)/i;

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyContextConfig {
    /** false: send this route's answers as they are (byte ranges, pictures, audio). */
    compress?: boolean;
  }
}

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from `Accept-Encoding`: brotli before gzip, any the client names with
 * q=0 refused, `*` standing for those it does not name.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*');
  for (const enc of ['br', 'gzip'] as const) {
    const v = q.get(enc) ?? (enc === 'gzip' ? q.get('x-gzip') : undefined) ?? star;
    if (v !== undefined && v > 0) return enc;
  }
  return undefined;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
  if (!list.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding'))
    reply.header('vary', [...list, 'Accept-Encoding'].join(', '));
}

function compressOnSend(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (payload === null || payload === undefined || req.method === 'HEAD') return payload;
  if (reply.routeOptions.config?.compress === false) return payload;
  if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return payload;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return payload;
  const type = reply.getHeader('content-type');
  if (type === undefined || !COMPRESSIBLE.test(String(type))) return payload;
  const isStream = payload instanceof Readable;
  const length = isStream
    ? Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY)
    : Buffer.byteLength(payload as string | Buffer);
  // An answer of any size has to vary on Accept-Encoding once some of them may be compressed.
  addVary(reply);
  if (length < COMPRESS_THRESHOLD_BYTES) return payload;
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (isStream) {
    // Streams (CSV exports) are compressed as they flow; an error on either side ends the answer.
    const z = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(GZIP);
    const source = payload;
    source.on('error', (err) => z.destroy(err));
    return source.pipe(z);
  }
  // A buffered answer (a JSON page, some KB) is compressed in one go: at these levels it takes tens
  // of microseconds, less than a stream's machinery would cost.
  if (typeof payload === 'string') return compressText(payload, encoding);
  return compressBytes(payload as Buffer, encoding);
}

const compressBytes = (raw: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? zlib.brotliCompressSync(raw, BROTLI) : zlib.gzipSync(raw, GZIP);

/** Answers up to this many characters are remembered compressed (`compressText`). */
const REMEMBER_MAX_CHARS = 32 * 1024;
/** How many compressed answers are remembered per encoding: at most 64 × (64 KB + its bytes), a few MB. */
const REMEMBER_ENTRIES = 64;
const remembered = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };

/**
 * A text answer compressed, remembered by its exact text: the same answer asked again (a catalog's
 * first page, read by everyone with the same rights) is compressed once, not once per request.
 * The key is the whole text, so a remembered buffer is only ever the compression of those bytes.
 * The least recently used entry goes first.
 */
export function compressText(text: string, encoding: Encoding): Buffer {
  if (text.length > REMEMBER_MAX_CHARS) return compressBytes(Buffer.from(text), encoding);
  const cache = remembered[encoding];
  const known = cache.get(text);
  if (known) {
    cache.delete(text);
    cache.set(text, known);
    return known;
  }
  const out = compressBytes(Buffer.from(text), encoding);
  if (cache.size >= REMEMBER_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(text, out);
  return out;
}

/**
 * Compress API answers (JSON lists, CSV exports) with brotli or gzip when the client accepts them.
 * The lowest levels: an 11 KB dictionary page becomes 1.9 KB with brotli 1 in about 40 µs, where
 * brotli 4 saves 230 more bytes for 3–4× the CPU and gzip 6 costs 95 µs (docs/decisions/008-performance.md).
 * A buffered answer is compressed synchronously (no stream per answer: with one, compressing cost a
 * list request a sixth of its CPU); a stream is piped through zlib. The build precompresses the web
 * assets once at the highest levels (plugins/web.ts); a route says `config: { compress: false }` for
 * bytes that must go as stored (ranges, pictures). Request bodies are not decompressed: clients send
 * JSON as it is, and a compressed body could slip past bodyLimit's intent.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    done(null, compressOnSend(req, reply, payload));
  });
});
