import { authBody, authResponse, envelope, nonceQuery, nonceResponse } from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { issueNonce, signIn } from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/nonce',
    {
      schema: {
        tags: ['auth'],
        summary: 'Single-use sign-in nonce (5 minutes)',
        querystring: nonceQuery,
        response: { 200: envelope(nonceResponse) },
      },
      config: { rateLimit: { max: ctx.config.rateLimit.noncePerMinute, timeWindow: '1 minute' } },
    },
    async (req) => ok(req, await issueNonce(ctx, req.query.address)),
  );

  app.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a signed EIP-4361 message; a new address signs up with invite_code and side',
        body: authBody,
        response: { 200: envelope(authResponse) },
      },
      config: { rateLimit: { max: ctx.config.rateLimit.authPerMinute, timeWindow: '1 minute' } },
    },
    async (req) => ok(req, await signIn(ctx, req.body)),
  );
};
