import { authBody, authResponse, envelope, logoutResponse, nonceQuery, nonceResponse } from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { perClient } from '../../plugins/rate-limit.ts';
import { issueNonce, signIn } from './service.ts';
import { revokeAllSessions, revokeSession } from './sessions.ts';

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
      config: { rateLimit: perClient(ctx.config.rateLimit.noncePerMinute) },
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
      config: { rateLimit: perClient(ctx.config.rateLimit.authPerMinute) },
    },
    async (req) =>
      ok(
        req,
        await signIn(ctx, req.body, {
          ip: req.ip,
          userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
        }),
      ),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log this session out: its token is refused from now on, by every server process',
        security: [{ bearer: [] }],
        response: { 200: envelope(logoutResponse) },
      },
      onRequest: app.authenticate,
    },
    async (req) => ok(req, { revoked: await revokeSession(ctx, req.user!.id, req.user!.sessionId!) }),
  );

  app.post(
    '/logout/all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out everywhere: every open session of the member ends, this one included',
        security: [{ bearer: [] }],
        response: { 200: envelope(logoutResponse) },
      },
      onRequest: app.authenticate,
    },
    async (req) => ok(req, { revoked: await revokeAllSessions(ctx, req.user!.id) }),
  );
};
