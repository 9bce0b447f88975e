import {
  cancelOrderBody,
  createOrderBody,
  envelope,
  formatAmount,
  orderIdParams,
  orderListQuery,
  orderListResponse,
  orderParam,
  orderSchema,
  type PayStep,
  payBody,
  productsResponse,
  tokenPrice2Response,
  tokenPriceResponse,
  txResponse,
  USDT_DECIMALS,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { agcPerUsdt } from '../pricing/index.ts';
import {
  cancelOrder,
  createOrder,
  findOwnOrder,
  listOrders,
  listProducts,
  payableOrder,
  reportPayment,
  toOrderDto,
} from './service.ts';
import { buildStepTx } from './tx.ts';

const bearer = [{ bearer: [] }];

export const shopRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'Products on sale',
        security: bearer,
        response: { 200: envelope(productsResponse) },
      },
    },
    async (req) => ok(req, { list: await listProducts(ctx.db) }),
  );

  app.get(
    '/token/price',
    {
      schema: {
        tags: ['shop'],
        summary: 'The AGC price in USDT (configured price source)',
        security: bearer,
        response: { 200: envelope(tokenPriceResponse) },
      },
    },
    async (req) => {
      const p = await ctx.prices.agcPrice();
      return ok(req, {
        symbol: 'AGC' as const,
        price_usdt: formatAmount(p.usdtPerAgc, USDT_DECIMALS),
        updated_at: p.updatedAt.toISOString(),
      });
    },
  );

  app.get(
    '/token/price2',
    {
      schema: {
        tags: ['shop'],
        summary: 'AGC→USDT and USDT→AGC rates (USDT→AGC to 6 decimals, rounded down)',
        security: bearer,
        response: { 200: envelope(tokenPrice2Response) },
      },
    },
    async (req) => {
      const p = await ctx.prices.agcPrice();
      const usdtAgc = agcPerUsdt(p);
      return ok(req, {
        agc_usdt: formatAmount(p.usdtPerAgc, USDT_DECIMALS),
        usdt_agc: formatAmount(usdtAgc, 6),
        updated_at: p.updatedAt.toISOString(),
      });
    },
  );

  app.post(
    '/order',
    {
      config: { rateLimit: perMember(ctx) },
      schema: {
        tags: ['shop'],
        summary: 'Create an order: USDT price and AGC fee quoted, expiring after 30 minutes',
        security: bearer,
        body: createOrderBody,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (req) => ok(req, toOrderDto(await createOrder(ctx, req.user!, req.body.product_id), req.t)),
  );

  app.get(
    '/order/all',
    {
      schema: {
        tags: ['shop'],
        summary: 'The member’s orders, newest first, optionally by status',
        security: bearer,
        querystring: orderListQuery,
        response: { 200: envelope(orderListResponse) },
      },
    },
    async (req) => {
      const page = await listOrders(ctx.db, { ...req.query, userId: req.user!.id });
      return ok(req, { ...page, list: page.list.map((o) => toOrderDto(o, req.t)) });
    },
  );

  app.get(
    '/order/:order_id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One of the member’s orders (another member’s answers 404)',
        security: bearer,
        params: orderIdParams,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (req) =>
      ok(req, toOrderDto(await findOwnOrder(ctx.db, req.user!.id, BigInt(req.params.order_id)), req.t)),
  );

  app.post(
    '/order/cancel',
    {
      config: { rateLimit: perMember(ctx) },
      schema: {
        tags: ['shop'],
        summary: 'Cancel an Unpaid order',
        security: bearer,
        body: cancelOrderBody,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (req) => ok(req, toOrderDto(await cancelOrder(ctx, req.user!, BigInt(req.body.order_id)), req.t)),
  );

  const stepRoute = (url: string, step: PayStep, summary: string) =>
    app.get(
      url,
      {
        config: { rateLimit: perMember(ctx) },
        schema: {
          tags: ['shop'],
          summary,
          security: bearer,
          params: orderParam,
          response: { 200: envelope(txResponse) },
        },
      },
      async (req) =>
        ok(req, await buildStepTx(ctx, await payableOrder(ctx, req.user!, BigInt(req.params.order)), step)),
    );
  stepRoute('/order/approve/agc/:order', 'authAmc', 'Step 1: approve the AGC fee to the payment contract');
  stepRoute(
    '/order/approve/usdt/:order',
    'authUsd',
    'Step 2: approve the USDT price to the payment contract',
  );
  stepRoute('/order/tx/:order', 'paying', 'Step 3: pay(orderId, usdt, agc) on the payment contract');

  app.post(
    '/order/pay',
    {
      config: { rateLimit: perMember(ctx) },
      schema: {
        tags: ['shop'],
        summary: 'Report the pay transaction hash (Unpaid → Verifying; the chain watcher confirms)',
        security: bearer,
        body: payBody,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        toOrderDto(await reportPayment(ctx, req.user!, BigInt(req.body.order_id), req.body.tx_hash), req.t),
      ),
  );
};
