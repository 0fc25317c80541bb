import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: the headers would eat most of the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compress API answers (JSON lists, CSV exports) with brotli or gzip when the client accepts them.
 * The lowest levels: an 11 KB dictionary page becomes 1.9 KB with brotli 1 in about 40 µs, where
 * brotli 4 (the plugin's default) saves 230 more bytes for 3–4× the CPU and gzip 6 costs 95 µs
 * (measured on this machine, docs/decisions/008-performance.md). A list request costs about 1.5 ms of
 * CPU in all, so a higher level would show in the list throughput. The build precompresses the web
 * assets once at the highest levels (see plugins/web.ts). Streams (CSV exports) are compressed as
 * they flow. Request bodies are not decompressed: clients send JSON as it is, and a compressed body
 * could slip past bodyLimit's intent.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
});
