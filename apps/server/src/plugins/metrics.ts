import type { AppContext } from '@server/context.ts';
import { metricsOf } from '@server/lib/metrics.ts';
import fp from 'fastify-plugin';

/** The route label of a request that matched no route (404s of any path share it: no URL becomes a label). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answer into agc_http_request_duration_seconds by method, route pattern (`/api/v1/order/:order_id`,
 * never the URL asked for: the number of series stays the number of routes) and status code.
 */
export const metricsPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const { httpDuration } = metricsOf(ctx);
  app.addHook('onResponse', (req, reply, done) => {
    httpDuration.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
});
