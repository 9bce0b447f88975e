import { vitalsBody, vitalsStoredResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perClient } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordVitals } from './service.ts';

const schema = routeSchemas('app', { signedIn: false });

/**
 * Real-user Core Web Vitals (the web app's sampled page views): anonymous, limited per client address
 * (RATE_LIMIT_VITALS_PER_MINUTE); a body that is not one page view's metrics is a 400 and nothing is stored.
 */
export const vitalsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/vitals',
    {
      config: { rateLimit: perClient(ctx.config.rateLimit.vitalsPerMinute) },
      schema: schema(
        'Core Web Vitals of one page view (LCP, INP, CLS), anonymous and sampled',
        vitalsStoredResponse,
        {
          body: vitalsBody,
        },
      ),
    },
    async (req) => {
      await recordVitals(ctx, req.body);
      return ok(req, { stored: true });
    },
  );
};
