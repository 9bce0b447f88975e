import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isApiPath } from './headers.ts';

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
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
    // Set after @fastify/static's own Cache-Control (its maxAge would otherwise apply to index.html too).
    setHeaders: (reply, path) => {
      // The app's page names the current build's files: revalidated on every load (ETag), never stale.
      if (path === join(dist, 'index.html')) reply.header('cache-control', 'no-cache');
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
