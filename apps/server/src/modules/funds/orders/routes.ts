import {
  createFundOrderBody,
  createRedemptionBody,
  fundOrderBody,
  fundOrderIdParams,
  fundOrderListQuery,
  fundOrderListResponse,
  fundOrderSchema,
  fundPayBody,
  fundRedemptionListQuery,
  fundRedemptionListResponse,
  fundRedemptionQueueQuery,
  fundRedemptionQueueResponse,
  fundRedemptionSchema,
  fundStepQuery,
  fundSummaryResponse,
  fundTxResponse,
  redemptionBody,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelRedemption,
  createRedemption,
  listRedemptions,
  redemptionDto,
  redemptionQueue,
  redemptionsOfOrder,
} from '../redemptions/service.ts';
import {
  cancelFundOrder,
  createFundOrder,
  type FundReader,
  findOwnFundOrder,
  fundSummary,
  listFundOrders,
  payableFundOrder,
  reportFundPayment,
  toFundOrderDtos,
} from './service.ts';
import { buildFundStepTx } from './tx.ts';

const schema = routeSchemas('funds');

/** Member API: subscriptions (orders, payment steps, cancel), holdings, summary and redemptions. */
export const fundOrderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  /** One of the member's orders with its redemptions (the detail). */
  const orderDetail = async (userId: bigint, id: bigint, reader: FundReader) => {
    const order = await findOwnFundOrder(ctx.db, userId, id);
    const [dto] = await toFundOrderDtos(ctx, [order], reader);
    return { ...defined(dto), redemptions: await redemptionsOfOrder(ctx, id, reader) };
  };

  app.post(
    '/funds/orders',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Subscribe: an UnPaid order for a whole multiple of the product’s minimum, its quote valid FUND_QUOTE_TTL_MINUTES',
        fundOrderSchema,
        { body: createFundOrderBody, errors: [404] },
      ),
    },
    async (req) => {
      const order = await createFundOrder(ctx, req.member, req.body.product_id, req.body.amount);
      return ok(req, defined((await toFundOrderDtos(ctx, [order], req))[0]));
    },
  );

  app.get(
    '/funds/orders',
    {
      schema: schema(
        'The member’s fund orders and holdings, newest first, optionally by status',
        fundOrderListResponse,
        {
          querystring: fundOrderListQuery,
        },
      ),
    },
    async (req) => ok(req, await listFundOrders(ctx, { ...req.query, userId: req.member.id }, req)),
  );

  app.get(
    '/funds/summary',
    { schema: schema('Holdings at a glance: value, cost, revenues, orders waiting', fundSummaryResponse) },
    async (req) => ok(req, await fundSummary(ctx, req.member.id)),
  );

  app.get(
    '/funds/orders/:order_id',
    {
      schema: schema(
        'One of the member’s fund orders with its redemptions (another member’s answers 404)',
        fundOrderSchema,
        {
          params: fundOrderIdParams,
          errors: [404],
        },
      ),
    },
    async (req) => ok(req, await orderDetail(req.member.id, BigInt(req.params.order_id), req)),
  );

  app.get(
    '/funds/orders/:order_id/tx',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'A payment step of an UnPaid subscription: authUsd approves the USDT, paying calls pay(FUND_ORDER_TAG | id, amount, 0, deadline, signature)',
        fundTxResponse,
        { params: fundOrderIdParams, querystring: fundStepQuery, errors: [404] },
      ),
    },
    async (req) =>
      ok(
        req,
        await buildFundStepTx(
          ctx,
          await payableFundOrder(ctx, req.member, BigInt(req.params.order_id)),
          req.query.step,
        ),
      ),
  );

  app.post(
    '/funds/orders/pay',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Report the pay transaction hash (UnPaid → Paid; the chain watcher confirms: Processing)',
        fundOrderSchema,
        { body: fundPayBody, errors: [404, 409, 503] },
      ),
    },
    async (req) => {
      const order = await reportFundPayment(ctx, req.member, BigInt(req.body.order_id), req.body.tx_hash);
      return ok(req, defined((await toFundOrderDtos(ctx, [order], req))[0]));
    },
  );

  app.post(
    '/funds/orders/cancel',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema('Cancel an UnPaid subscription', fundOrderSchema, {
        body: fundOrderBody,
        errors: [404],
      }),
    },
    async (req) => {
      const order = await cancelFundOrder(ctx, req.member, BigInt(req.body.order_id));
      return ok(req, defined((await toFundOrderDtos(ctx, [order], req))[0]));
    },
  );

  app.post(
    '/funds/redemptions',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Redeem units of a holding after its lock end: Pending, priced at the next NAV once approved',
        fundRedemptionSchema,
        { body: createRedemptionBody, errors: [404] },
      ),
    },
    async (req) => {
      const r = await createRedemption(ctx, req.member, BigInt(req.body.order_id), req.body.units);
      const { address: _, ...dto } = await redemptionDto(ctx, r.id, req);
      return ok(req, dto);
    },
  );

  app.post(
    '/funds/redemptions/cancel',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema('Cancel a Pending redemption: its units are free again', fundRedemptionSchema, {
        body: redemptionBody,
        errors: [404],
      }),
    },
    async (req) => {
      const r = await cancelRedemption(ctx, req.member, BigInt(req.body.redemption_id));
      const { address: _, ...dto } = await redemptionDto(ctx, r.id, req);
      return ok(req, dto);
    },
  );

  app.get(
    '/funds/redemptions/queue',
    {
      schema: schema(
        'Where a redemption of a product asked now would stand: the open redemptions ahead of it, its place and NAV day',
        fundRedemptionQueueResponse,
        { querystring: fundRedemptionQueueQuery, errors: [404] },
      ),
    },
    async (req) => ok(req, await redemptionQueue(ctx, req.query.product_id)),
  );

  app.get(
    '/funds/redemptions',
    {
      schema: schema(
        'The member’s redemptions, newest first, with each open one’s queue place and NAV day',
        fundRedemptionListResponse,
        { querystring: fundRedemptionListQuery },
      ),
    },
    async (req) => {
      const { order_id, ...q } = req.query;
      const page = await listRedemptions(
        ctx,
        { ...q, userId: req.member.id, orderId: order_id === undefined ? undefined : BigInt(order_id) },
        req,
      );
      return ok(req, { ...page, list: page.list.map(({ address: _, ...r }) => r) });
    },
  );
};
