import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isApiPath } from './headers.ts';

/** The extensions of the precompressed copies the build writes beside a file. */
const PRECOMPRESSED = /\.(br|gz)$/;
/** Files outside /assets that name the current build (the page, the service worker): asked again on every load. */
const NO_CACHE = ['index.html', 'sw.js', 'manifest.webmanifest'];

/**
 * Serves the built web app on every path outside /api: a file when one exists, otherwise index.html
 * (history-mode routing). Unknown /api paths keep their JSON 404.
 */
export const webPlugin = fp<{ dist: string }>(async (app, { dist }) => {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: only the API is served');
    return;
  }
  const assets = join(dist, 'assets', '/');
  const noCache = new Set(NO_CACHE.map((name) => join(dist, name)));
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
    // The build writes `x.br` and `x.gz` beside each text file (vite-plugin-compression2): sent with its
    // Content-Encoding to a client that accepts it, the plain file otherwise, `Vary: Accept-Encoding` on both.
    // Nothing is compressed per request.
    preCompressed: true,
    // Set after @fastify/static's own Cache-Control (its maxAge would otherwise apply to index.html too).
    setHeaders: (reply, sent) => {
      const path = sent.replace(PRECOMPRESSED, '');
      // Revalidated on every load (ETag), never stale.
      if (noCache.has(path)) reply.header('cache-control', 'no-cache');
      // Vite puts a content hash in every name under /assets: a new build is a new URL.
      else if (path.startsWith(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    // A missing asset or API path is a 404, never the app's page.
    if (path.startsWith('/assets/') || isApiPath(path)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
});
