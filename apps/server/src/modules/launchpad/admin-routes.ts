import {
  adminLaunchpadRoundBody,
  adminLaunchpadRoundSchema,
  adminLaunchpadRoundsResponse,
  launchpadRoundIdParams,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { routeSchemas } from '../../lib/route-schema.ts';
import { adminRounds, closeRound, createRound } from './rounds-service.ts';

const schema = routeSchemas('admin');

/** The admins' launchpad API (admin role, checked on the server): list, create and close rounds, audit-logged. */
export const launchpadAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.get(
    '/admin/launchpad/rounds',
    {
      schema: schema(
        'Every launchpad round, newest first, with what it raised (admin)',
        adminLaunchpadRoundsResponse,
      ),
      onRequest: admin,
    },
    async (req) => ok(req, { list: await adminRounds(ctx) }),
  );

  app.post(
    '/admin/launchpad/rounds',
    {
      schema: schema('Create a launchpad round (admin; audit-logged)', adminLaunchpadRoundSchema, {
        body: adminLaunchpadRoundBody,
      }),
      onRequest: admin,
    },
    async (req) => ok(req, await createRound(ctx, req.user!, req.body)),
  );

  app.post(
    '/admin/launchpad/rounds/:id/close',
    {
      schema: schema(
        'Close a round: no more purchases; what was sold stays and releases on schedule (admin; audit-logged)',
        adminLaunchpadRoundSchema,
        { params: launchpadRoundIdParams },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await closeRound(ctx, req.user!, req.params.id)),
  );
};
