import { assetsResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { signedInUser } from '@server/plugins/auth.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberAssets } from './service.ts';

const schema = routeSchemas('member');

/** The member's assets: only ever the signed-in member's own (no parameter names anybody else). */
export const assetsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me/assets',
    {
      onRequest: app.authenticate,
      schema: schema(
        "The caller's assets by place (the solvency view's parts) valued in USDT at the AGC price in use, and the last 30 days' daily snapshots",
        assetsResponse,
      ),
    },
    async (req) => ok(req, await memberAssets(ctx, signedInUser(req).id)),
  );
};
