import {
  auditDecisionBody,
  auditOrderQuery,
  orderIdParams,
  orderListResponse,
  orderSchema,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { type ErrorStatus, routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelOrderByAudit, confirmOrderByAudit, recheckOrder } from './audit.ts';
import { listOrders, toLocalOrderDto, toOrderDtos } from './service.ts';

const schema = routeSchemas('admin');

/** Admin APIs: every route checks the role on the server (403 otherwise) and audit-logs its changes. */
export const shopAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auditor = app.requireRole('auditor');

  app.get(
    '/admin/orders',
    {
      schema: schema(
        'Orders to audit (Verifying by default) with the reason (auditor or admin)',
        orderListResponse,
        { querystring: auditOrderQuery },
      ),
      onRequest: auditor,
    },
    async (req) => {
      const page = await listOrders(ctx.db, req.query);
      return ok(req, { ...page, list: await toOrderDtos(ctx.db, page.list, req) });
    },
  );

  app.post(
    '/admin/orders/:order_id/recheck',
    {
      schema: schema('Read the order’s payment on chain again (auditor or admin)', orderSchema, {
        params: orderIdParams,
        errors: [404],
        body: z.object({}).optional(),
      }),
      onRequest: auditor,
    },
    async (req) =>
      ok(
        req,
        await toLocalOrderDto(ctx.db, await recheckOrder(ctx, req.member, BigInt(req.params.order_id)), req),
      ),
  );

  const decision = (
    verb: 'confirm' | 'cancel',
    summary: string,
    decide: typeof confirmOrderByAudit,
    errors: readonly ErrorStatus[],
  ) =>
    app.post(
      `/admin/orders/:order_id/${verb}`,
      {
        schema: schema(summary, orderSchema, { params: orderIdParams, body: auditDecisionBody, errors }),
        onRequest: auditor,
      },
      async (req) =>
        ok(
          req,
          await toLocalOrderDto(
            ctx.db,
            await decide(ctx, req.member, BigInt(req.params.order_id), req.body.note),
            req,
          ),
        ),
    );
  decision(
    'confirm',
    'Confirm a Verifying order whose payment is on chain, with a note (auditor or admin)',
    confirmOrderByAudit,
    [403, 404],
  );
  decision(
    'cancel',
    'Cancel an Unpaid or Verifying order, with a note (auditor or admin)',
    cancelOrderByAudit,
    [404],
  );
};
