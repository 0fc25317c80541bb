import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: the headers would eat most of the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compress API answers (JSON lists, CSV exports) with brotli or gzip when the client accepts them.
 * Brotli at quality 4 and gzip at level 6 cost well under a tenth of a millisecond for a 10 KB list
 * page; higher qualities cost milliseconds and are kept for the build, which precompresses the web
 * assets once (see plugins/web.ts). Streams (CSV exports) are compressed as they flow. Request bodies
 * are not decompressed: clients send JSON as it is, and a compressed body could slip past bodyLimit's
 * intent.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
