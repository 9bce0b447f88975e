import { analyticsAdminRoutes } from '@server/modules/analytics/index.ts';
import { assetsRoutes } from '@server/modules/assets/index.ts';
import { authRoutes, sessionAndMember } from '@server/modules/auth/index.ts';
import { configRoutes } from '@server/modules/config/index.ts';
import { earnRoutes } from '@server/modules/earn/index.ts';
import { exchangeRoutes } from '@server/modules/exchange/index.ts';
import { fundAdminRoutes, fundRoutes } from '@server/modules/funds/index.ts';
import { incidentAdminRoutes } from '@server/modules/incidents/index.ts';
import { launchpadAdminRoutes, launchpadRoutes } from '@server/modules/launchpad/index.ts';
import { meRoutes } from '@server/modules/me/index.ts';
import { drainPlugin, opsRoutes } from '@server/modules/ops/index.ts';
import { proofAdminRoutes, proofRoutes } from '@server/modules/proofs/index.ts';
import { rewardRoutes, rewardSettlementAdminRoutes } from '@server/modules/rewards/index.ts';
import { roleAdminRoutes } from '@server/modules/roles/index.ts';
import { shopAdminRoutes, shopRoutes } from '@server/modules/shop/index.ts';
import { solvencyAdminRoutes } from '@server/modules/solvency/index.ts';
import { teamRoutes } from '@server/modules/team/index.ts';
import { testClockRoutes } from '@server/modules/testing/index.ts';
import { vitalsRoutes } from '@server/modules/vitals/index.ts';
import { withdrawAdminRoutes, withdrawRoutes } from '@server/modules/withdraw/index.ts';
import { authPlugin } from '@server/plugins/auth.ts';
import { compressPlugin } from '@server/plugins/compress.ts';
import { docsPlugin } from '@server/plugins/docs.ts';
import { errorsPlugin } from '@server/plugins/errors.ts';
import { headersPlugin } from '@server/plugins/headers.ts';
import { i18nPlugin } from '@server/plugins/i18n.ts';
import { metricsPlugin } from '@server/plugins/metrics.ts';
import { rateLimitPlugin } from '@server/plugins/rate-limit.ts';
import { webPlugin } from '@server/plugins/web.ts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';

export interface BuildOptions {
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Tests: sees every answer as sent (serialized), to hold it to the API document (test/contract.ts). */
  checkAnswer?: (req: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
  /** Told of every route as it is registered, with its schema (tests that run against every route). */
  onRoute?: (route: RouteOptions) => void;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies in front of this server. */
function trustProxyOption(setting: false | number | string[]) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole HTTP app from a context; the server entry and the tests both call this. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // TRUST_PROXY: which proxies may tell the client's address (req.ip: rate limits, sessions).
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { checkAnswer } = options;
  // First of all hooks, so that it applies to every route and sees the payload before any later hook changes it.
  if (checkAnswer)
    app.addHook('onSend', async (req, reply, payload) => {
      checkAnswer(req, reply, payload);
      return payload;
    });

  await app.register(metricsPlugin, { ctx });
  await app.register(drainPlugin, { ctx });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(headersPlugin, { ctx });
  if (ctx.config.httpCompression) await app.register(compressPlugin);
  await app.register(rateLimitPlugin, { ctx });
  await app.register(authPlugin, { ctx, sessionAndMember });
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(configRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(meRoutes, { ctx });
      await api.register(assetsRoutes, { ctx });
      await api.register(shopRoutes, { ctx });
      await api.register(teamRoutes, { ctx });
      await api.register(rewardRoutes, { ctx });
      await api.register(rewardSettlementAdminRoutes, { ctx });
      await api.register(shopAdminRoutes, { ctx });
      await api.register(testClockRoutes, { ctx });
      await api.register(withdrawRoutes, { ctx });
      await api.register(withdrawAdminRoutes, { ctx });
      await api.register(fundRoutes, { ctx });
      await api.register(fundAdminRoutes, { ctx });
      await api.register(earnRoutes, { ctx });
      await api.register(launchpadRoutes, { ctx });
      await api.register(launchpadAdminRoutes, { ctx });
      await api.register(exchangeRoutes, { ctx });
      await api.register(roleAdminRoutes, { ctx });
      await api.register(analyticsAdminRoutes, { ctx });
      await api.register(solvencyAdminRoutes, { ctx });
      await api.register(incidentAdminRoutes, { ctx });
      await api.register(vitalsRoutes, { ctx });
      await api.register(proofRoutes, { ctx });
      await api.register(proofAdminRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );

  // Load balancers and Prometheus: outside /api/v1, signed out.
  await app.register(opsRoutes, { ctx, metrics: 'token' });

  if (options.serveWeb) await app.register(webPlugin, { dist: ctx.config.webDist });
  return app;
}

/**
 * The separate listener of METRICS_PORT (an internal address): /metrics without a token, /health and /ready. Its
 * own requests are not timed into the app's request metrics.
 */
export async function buildOpsApp(ctx: AppContext, options: Pick<BuildOptions, 'logger'> = {}) {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(opsRoutes, { ctx, metrics: 'open' });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
