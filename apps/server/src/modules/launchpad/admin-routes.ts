import {
  adminLaunchpadRoundBody,
  adminLaunchpadRoundSchema,
  adminLaunchpadRoundsResponse,
  launchpadRoundIdParams,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRounds, closeRound, createRound, editRound } from './rounds/service.ts';

const schema = routeSchemas('admin');

/**
 * The admins' launchpad API (admin role, checked on the server): list, create, edit (before it opens) and close
 * rounds, audit-logged.
 */
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
    async (req) => ok(req, await createRound(ctx, req.member, req.body)),
  );

  app.put(
    '/admin/launchpad/rounds/:id',
    {
      schema: schema(
        'Edit an upcoming round: every term, checked like a new round; refused once it has opened or is closed (admin; audit-logged)',
        adminLaunchpadRoundSchema,
        { params: launchpadRoundIdParams, body: adminLaunchpadRoundBody, errors: [404] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await editRound(ctx, req.member, req.params.id, req.body)),
  );

  app.post(
    '/admin/launchpad/rounds/:id/close',
    {
      schema: schema(
        'Close a round: no more purchases; what was sold stays and releases on schedule (admin; audit-logged)',
        adminLaunchpadRoundSchema,
        { params: launchpadRoundIdParams, errors: [404] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await closeRound(ctx, req.member, req.params.id)),
  );
};
