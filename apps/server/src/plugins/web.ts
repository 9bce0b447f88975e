import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app on every path outside /api: a file when one exists, otherwise index.html
 * (history-mode routing). Unknown /api paths keep their JSON 404.
 */
export const webPlugin = fp<{ dist: string }>(async (app, { dist }) => {
  if (!existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
  });
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    // A missing asset or API path is a 404, never the app's page.
    if (path.startsWith('/assets/') || path === '/api' || path.startsWith('/api/'))
      return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
