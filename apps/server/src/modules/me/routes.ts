import { meResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMe } from './service.ts';

const schema = routeSchemas('member');

export const meRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me',
    {
      schema: schema('The signed-in member’s user info', meResponse),
      preHandler: app.authenticate,
      // The hottest route: its answer is typed by the same schema in TypeScript (and a test checks the
      // fields), so it is written with JSON.stringify instead of being validated again on every request.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => ok(req, await getMe(ctx, req.member)),
  );
};
