import {
  fundNavEntrySchema,
  fundNavIdParams,
  fundNavListQuery,
  fundNavListResponse,
  fundNavPendingResponse,
  fundNavPreviewSchema,
  fundProductIdParams,
  publishNavBody,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmNav, navEntries, pendingNavs, previewNav, publishNav, rejectNav } from './service.ts';

const schema = routeSchemas('admin');

/** Admin API: NAV publishing with the second-admin confirmation; every action audit-logged. */
export const fundNavAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.post(
    '/admin/funds/products/:id/nav',
    {
      schema: schema(
        'Enter a product’s NAV for a day (after its latest, not in the future, above zero): Published and priced at once, or PendingConfirmation when the step exceeds FUND_NAV_MAX_STEP_PERCENT or the move from the 7 days before exceeds FUND_NAV_MAX_WEEK_PERCENT (admin)',
        fundNavEntrySchema,
        { params: fundProductIdParams, body: publishNavBody, errors: [404] },
      ),
      onRequest: admin,
    },
    async (req) =>
      ok(req, await publishNav(ctx, req.member, req.params.id, req.body.day, req.body.nav, req.t)),
  );

  app.post(
    '/admin/funds/products/:id/nav/preview',
    {
      schema: schema(
        'What entering this NAV would do, without writing: the step and the 7-day move in percent, the limits, and whether a second admin must confirm it; refused as entering it would be (admin)',
        fundNavPreviewSchema,
        { params: fundProductIdParams, body: publishNavBody, errors: [404] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await previewNav(ctx, req.params.id, req.body.day, req.body.nav)),
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
    async (req) => ok(req, await confirmNav(ctx, req.member, BigInt(req.params.nav_id), req.t)),
  );

  app.post(
    '/admin/funds/nav/:nav_id/reject',
    {
      schema: schema(
        'Reject a pending NAV, or withdraw one you entered; nothing is priced (admin)',
        fundNavEntrySchema,
        {
          params: fundNavIdParams,
          errors: [404],
          body: z.object({}).optional(),
        },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await rejectNav(ctx, req.member, BigInt(req.params.nav_id), req.t)),
  );

  app.get(
    '/admin/funds/nav/pending',
    {
      schema: schema('NAV entries waiting for a second admin, newest first (admin)', fundNavPendingResponse),
      onRequest: admin,
    },
    async (req) => ok(req, { list: await pendingNavs(ctx, req.member, req.t) }),
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
        await navEntries(
          ctx,
          { productId: req.query.product_id, page: req.query.page, size: req.query.size },
          req.member,
          req.t,
        ),
      ),
  );
};
