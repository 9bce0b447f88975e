import {
  fundNavEntrySchema,
  fundNavIdParams,
  fundNavListQuery,
  fundNavListResponse,
  fundNavPendingResponse,
  fundProductIdParams,
  publishNavBody,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { routeSchemas } from '../../lib/route-schema.ts';
import { confirmNav, navEntries, pendingNavs, publishNav, rejectNav } from './nav-service.ts';

const schema = routeSchemas('admin');

/** Admin API: NAV publishing with the second-admin confirmation; every action audit-logged. */
export const fundNavAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.post(
    '/admin/funds/products/:id/nav',
    {
      schema: schema(
        'Enter a product’s NAV for a day (after its latest, not in the future, above zero): Published and priced at once, or PendingConfirmation when the step exceeds FUND_NAV_MAX_STEP_PERCENT (admin)',
        fundNavEntrySchema,
        { params: fundProductIdParams, body: publishNavBody, errors: [404] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await publishNav(ctx, req.user!, req.params.id, req.body.day, req.body.nav)),
  );

  app.post(
    '/admin/funds/nav/:nav_id/confirm',
    {
      schema: schema(
        'Confirm a pending NAV as a second admin (not the one who entered it): Published and priced (admin)',
        fundNavEntrySchema,
        { params: fundNavIdParams, body: z.object({}).optional(), errors: [403, 404] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await confirmNav(ctx, req.user!, BigInt(req.params.nav_id))),
  );

  app.post(
    '/admin/funds/nav/:nav_id/reject',
    {
      schema: schema('Reject a pending NAV; nothing is priced (admin)', fundNavEntrySchema, {
        params: fundNavIdParams,
        errors: [404],
        body: z.object({}).optional(),
      }),
      onRequest: admin,
    },
    async (req) => ok(req, await rejectNav(ctx, req.user!, BigInt(req.params.nav_id))),
  );

  app.get(
    '/admin/funds/nav/pending',
    {
      schema: schema('NAV entries waiting for a second admin, newest first (admin)', fundNavPendingResponse),
      onRequest: admin,
    },
    async (req) => ok(req, { list: await pendingNavs(ctx) }),
  );

  app.get(
    '/admin/funds/nav',
    {
      schema: schema('The NAV history, every status, newest day first (admin)', fundNavListResponse, {
        querystring: fundNavListQuery,
      }),
      onRequest: admin,
    },
    async (req) =>
      ok(
        req,
        await navEntries(ctx, {
          productId: req.query.product_id,
          page: req.query.page,
          size: req.query.size,
        }),
      ),
  );
};
