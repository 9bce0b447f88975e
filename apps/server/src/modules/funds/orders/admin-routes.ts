import {
  adminFundOrderListQuery,
  adminFundOrderListResponse,
  adminRedemptionListQuery,
  adminRedemptionListResponse,
  adminRedemptionSchema,
  auditRedemptionBody,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveRedemption,
  listRedemptions,
  redemptionDto,
  rejectRedemption,
} from '../redemptions/service.ts';
import { listFundOrdersForAdmin } from './service.ts';

const schema = routeSchemas('admin');

/**
 * Admin API: the redemption queue (approve, reject) and a view of subscriptions (payments that arrived but were not
 * credited among them); admin role on the server, every decision audit-logged.
 */
export const fundRedemptionAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.get(
    '/admin/funds/orders',
    {
      schema: schema(
        'Fund subscriptions, newest first, by status or those whose payment arrived but was not credited (payment_problem=true), with each member’s address (admin)',
        adminFundOrderListResponse,
        { querystring: adminFundOrderListQuery },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await listFundOrdersForAdmin(ctx, req.query, req)),
  );

  app.get(
    '/admin/funds/redemptions',
    {
      schema: schema(
        'Fund redemptions by status (Pending by default), oldest first: the queue, with each member’s address (admin)',
        adminRedemptionListResponse,
        { querystring: adminRedemptionListQuery },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await listRedemptions(ctx, { ...req.query, oldestFirst: true }, req)),
  );

  const decision = (verb: 'approve' | 'reject', summary: string, decide: typeof approveRedemption) =>
    app.post(
      `/admin/funds/redemptions/${verb}`,
      {
        schema: schema(summary, adminRedemptionSchema, { body: auditRedemptionBody, errors: [403, 404] }),
        onRequest: admin,
      },
      async (req) => {
        const r = await decide(ctx, req.member, BigInt(req.body.redemption_id), req.body.note);
        return ok(req, await redemptionDto(ctx, r.id, req));
      },
    );
  decision(
    'approve',
    'Approve a Pending redemption: priced at the product’s next NAV (never one’s own; admin)',
    approveRedemption,
  );
  decision(
    'reject',
    'Reject a Pending redemption with a note: its units are free again (never one’s own; admin)',
    rejectRedemption,
  );
};
