import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import { isApiPath } from './headers.ts';

/**
 * Answers above about 1 KB (lists, the API document, a large detail) are compressed when the client asks
 * (`Accept-Encoding: br` or `gzip`, brotli preferred, at quality 4: most of the saving for a fraction of the CPU
 * of 11). Smaller ones — /me, a config, every error — go as they are: compressing them costs more CPU than the
 * bytes it saves, and /me's throughput must not drop. The built web app's files are compressed at build time and
 * sent as they are (plugins/web.ts); the web routes are left out here, so a file the build did not compress
 * (too small to gain) is not compressed per request either. Request bodies are never inflated: the body limit
 * holds on what arrives.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressPlugin = fp(async (app) => {
  // Before @fastify/compress's own onRoute hook, which reads `compress` to decide.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) && route.compress === undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
});
