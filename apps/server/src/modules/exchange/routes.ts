import {
  exchangeAcceptRefusalData,
  exchangeAcceptResponse,
  exchangeHistoryQuery,
  exchangeHistoryResponse,
  exchangeInfoResponse,
  exchangeQuoteBody,
  exchangeQuoteIdParams,
  exchangeQuoteSchema,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptQuote, createQuote, exchangeHistory, exchangeInfo, getQuote } from './service.ts';

const schema = routeSchemas('exchange');

/** The members' exchange API (every route signed in; quoting and accepting under the money rate limit). */
export const exchangeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/exchange/info',
    {
      schema: schema(
        'The AGC price, the fee, how long a quote holds, the member’s available USDT and AGC, the server time',
        exchangeInfoResponse,
        { errors: [503] },
      ),
    },
    async (req) => ok(req, await exchangeInfo(ctx, req.member)),
  );

  app.post(
    '/exchange/quotes',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Quote a swap of available USDT ↔ AGC by amount in or amount out (fee rounded up, what arrives rounded down); it holds EXCHANGE_QUOTE_TTL_SECONDS',
        exchangeQuoteSchema,
        { body: exchangeQuoteBody, errors: [503] },
      ),
    },
    async (req) => ok(req, await createQuote(ctx, req.member, req.body)),
  );

  app.get(
    '/exchange/quotes/:id',
    {
      schema: schema('One of the member’s quotes (Open past its expiry reads Expired)', exchangeQuoteSchema, {
        params: exchangeQuoteIdParams,
        errors: [404],
      }),
    },
    async (req) => ok(req, await getQuote(ctx, req.member, BigInt(req.params.id))),
  );

  app.post(
    '/exchange/quotes/:id/accept',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Accept an Open quote before it expires: the swap is posted once; an expired one answers 400 with a fresh quote in data',
        exchangeAcceptResponse,
        {
          params: exchangeQuoteIdParams,
          errors: [404, 409, 503],
          errorData: { 400: exchangeAcceptRefusalData },
        },
      ),
    },
    async (req) => ok(req, { exchange: await acceptQuote(ctx, req.member, BigInt(req.params.id)) }),
  );

  app.get(
    '/exchange/history',
    {
      schema: schema('The member’s exchanges (accepted quotes), newest first', exchangeHistoryResponse, {
        querystring: exchangeHistoryQuery,
      }),
    },
    async (req) => ok(req, await exchangeHistory(ctx, req.member, req.query)),
  );
};
