import { createHash, timingSafeEqual } from 'node:crypto';
import { healthResponse, readyResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { unauthorized } from '@server/lib/errors.ts';
import { metricsOf } from '@server/lib/metrics.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isShuttingDown, readiness, refreshGauges, uptimeSeconds } from './service.ts';

/**
 * While the process stops, every answer closes its connection: a request in flight when the listener closed would
 * otherwise leave its kept-alive connection open, and closing the server waits for every connection (Fastify's
 * keep-alive timeout is 72 s), past SHUTDOWN_TIMEOUT_SECONDS.
 */
export const drainPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (isShuttingDown(ctx)) reply.header('connection', 'close');
    done(null, payload);
  });
});

export interface OpsRouteOptions {
  ctx: AppContext;
  /**
   * `token`: /metrics wants `Authorization: Bearer METRICS_TOKEN` (the app's port; absent without a token);
   * `open`: no token (the separate METRICS_PORT listener, on an internal address).
   */
  metrics: 'token' | 'open';
}

const schema = routeSchemas('operations', { signedIn: false });

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares in constant time (through digests, so the lengths do not show either). */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * Health, readiness and metrics: for load balancers and Prometheus, so outside /api/v1, signed out, never rate
 * limited, and logged only at warn and above (a probe every few seconds would drown the request log).
 */
export const opsRoutes: FastifyPluginAsyncZod<OpsRouteOptions> = async (app, { ctx, metrics }) => {
  const quiet = { logLevel: 'warn' as const };
  // A probe's answer is true at that moment only.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.get(
    '/health',
    {
      ...quiet,
      schema: schema('Liveness: the process answers (nothing else is checked)', healthResponse),
    },
    async (req) => ok(req, { status: 'ok' as const, uptime_seconds: uptimeSeconds(ctx) }),
  );

  app.get(
    '/ready',
    {
      ...quiet,
      schema: schema(
        'Readiness: database reachable and migrated, chain RPC answering with a recent head, price source fresh; 503 names the failing parts',
        readyResponse,
        { errors: [503], errorData: { 503: readyResponse } },
      ),
    },
    async (req, reply) => {
      const r = await readiness(ctx, req.log);
      if (r.ready) return { code: 200, msg: req.t('ops.ready'), data: r };
      // The schema's type lists the 200 answer only; 503 is declared among its errors.
      (reply as FastifyReply).code(503);
      return { code: 503, msg: req.t('ops.not_ready', { failing: r.failing.join(', ') }), data: r };
    },
  );

  const token = ctx.config.ops.metrics.token;
  if (metrics === 'token' && !token) return; // served on METRICS_PORT only
  const { registry } = metricsOf(ctx);
  app.get('/metrics', { ...quiet, schema: { hide: true } }, async (req, reply) => {
    if (metrics === 'token') {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !token || !sameToken(given, token)) throw unauthorized('ops.metrics_token');
    }
    await refreshGauges(ctx, req.log);
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
};
