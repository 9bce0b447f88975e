import {
  cancelOrderBody,
  createOrderBody,
  orderIdParams,
  orderListQuery,
  orderListResponse,
  orderParam,
  orderSchema,
  type PayStep,
  payBody,
  priceChartResponse,
  productIdParams,
  productsResponse,
  quoteResponse,
  tokenPrice2Response,
  tokenPriceResponse,
  txResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrder,
  createOrder,
  findOwnOrder,
  listOrders,
  listProducts,
  payableOrder,
  productQuote,
  reportPayment,
  tokenPrice,
  tokenPrice2,
  tokenPriceChart,
  toLocalOrderDto,
  toOrderDtos,
} from './service.ts';
import { buildStepTx } from './tx.ts';

const schema = routeSchemas('shop');

export const shopRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/products',
    {
      schema: schema(
        'Products on sale, named and described in the request’s language (en fallback)',
        productsResponse,
      ),
    },
    async (req) => ok(req, { list: await listProducts(ctx.db, req.locale) }),
  );

  app.get(
    '/products/:id/quote',
    {
      schema: schema(
        'What an order for the product would ask now (price, AGC fee, AGC price); creates nothing',
        quoteResponse,
        { params: productIdParams, errors: [503] },
      ),
    },
    async (req) => ok(req, await productQuote(ctx, req.params.id, req.locale)),
  );

  app.get(
    '/token/price',
    {
      schema: schema(
        'The AGC price in use (USDT), its source and the block it was read at; 503 while prices are paused',
        tokenPriceResponse,
        { errors: [503] },
      ),
    },
    async (req) => ok(req, await tokenPrice(ctx)),
  );

  app.get(
    '/token/price2',
    {
      schema: schema(
        'The market view: the price in use (the TWAP) both ways beside the pool’s spot price at the same block, and the window; 503 while prices are paused',
        tokenPrice2Response,
        { errors: [503] },
      ),
    },
    async (req) => ok(req, await tokenPrice2(ctx)),
  );

  app.get(
    '/token/price/chart',
    {
      schema: schema(
        'The last 24 hours of the AGC market price (the TWAP in use and the pool’s spot, one reading per 5 minutes at most); none for a fixed price',
        priceChartResponse,
      ),
    },
    async (req) => ok(req, await tokenPriceChart(ctx)),
  );

  app.post(
    '/order',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Create an order: USDT price and AGC fee quoted, expiring after 30 minutes',
        orderSchema,
        { body: createOrderBody, errors: [503] },
      ),
    },
    async (req) =>
      ok(req, await toLocalOrderDto(ctx.db, await createOrder(ctx, req.member, req.body.product_id), req)),
  );

  app.get(
    '/order/all',
    {
      schema: schema('The member’s orders, newest first, optionally by status', orderListResponse, {
        querystring: orderListQuery,
      }),
    },
    async (req) => {
      const page = await listOrders(ctx.db, { ...req.query, userId: req.member.id });
      return ok(req, { ...page, list: await toOrderDtos(ctx.db, page.list, req) });
    },
  );

  app.get(
    '/order/:order_id',
    {
      schema: schema('One of the member’s orders (another member’s answers 404)', orderSchema, {
        params: orderIdParams,
        errors: [404],
      }),
    },
    async (req) =>
      ok(
        req,
        await toLocalOrderDto(
          ctx.db,
          await findOwnOrder(ctx.db, req.member.id, BigInt(req.params.order_id)),
          req,
        ),
      ),
  );

  app.post(
    '/order/cancel',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema('Cancel an Unpaid order', orderSchema, { body: cancelOrderBody, errors: [404] }),
    },
    async (req) =>
      ok(
        req,
        await toLocalOrderDto(ctx.db, await cancelOrder(ctx, req.member, BigInt(req.body.order_id)), req),
      ),
  );

  const stepRoute = (url: string, step: PayStep, summary: string) =>
    app.get(
      url,
      {
        config: { rateLimit: perMember(ctx) },
        schema: schema(summary, txResponse, { params: orderParam, errors: [404] }),
      },
      async (req) =>
        ok(req, await buildStepTx(ctx, await payableOrder(ctx, req.member, BigInt(req.params.order)), step)),
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
      schema: schema(
        'Report the pay transaction hash (Unpaid → Verifying; the chain watcher confirms)',
        orderSchema,
        { body: payBody, errors: [404, 409, 503] },
      ),
    },
    async (req) =>
      ok(
        req,
        await toLocalOrderDto(
          ctx.db,
          await reportPayment(ctx, req.member, BigInt(req.body.order_id), req.body.tx_hash),
          req,
        ),
      ),
  );
};
