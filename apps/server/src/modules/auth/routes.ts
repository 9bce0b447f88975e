import {
  authBody,
  authResponse,
  logoutResponse,
  nonceQuery,
  nonceResponse,
  siweRefusalData,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perClient } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueNonce, signIn } from './service.ts';
import { revokeAllSessions, revokeSession } from './sessions.ts';

/** Sign-in is open; logging out needs the session. */
const open = routeSchemas('auth', { signedIn: false });
const signedIn = routeSchemas('auth');

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/nonce',
    {
      schema: open('Single-use sign-in nonce (5 minutes)', nonceResponse, { querystring: nonceQuery }),
      config: { rateLimit: perClient(ctx.config.rateLimit.noncePerMinute) },
    },
    async (req) => ok(req, await issueNonce(ctx, req.query.address)),
  );

  app.post(
    '/auth',
    {
      schema: open(
        'Sign in with a signed EIP-4361 message; a new address signs up with invite_code and side',
        authResponse,
        { body: authBody, errors: [401], errorData: { 400: siweRefusalData } },
      ),
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
      schema: signedIn(
        'Log this session out: its token is refused from now on, by every server process',
        logoutResponse,
      ),
      onRequest: app.authenticate,
    },
    async (req) =>
      ok(req, { revoked: await revokeSession(ctx, req.member.id, defined(req.member.sessionId)) }),
  );

  app.post(
    '/logout/all',
    {
      schema: signedIn(
        'Log out everywhere: every open session of the member ends, this one included',
        logoutResponse,
      ),
      onRequest: app.authenticate,
    },
    async (req) => ok(req, { revoked: await revokeAllSessions(ctx, req.member.id) }),
  );
};
