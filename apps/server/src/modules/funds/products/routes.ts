import {
  fundNavHistoryResponse,
  fundNavQuery,
  fundProductIdParams,
  fundProductSchema,
  fundProductsResponse,
  fundQuoteQuery,
  fundQuoteResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { navHistory } from '../nav/repository.ts';
import { formatNav, fundProductDetail, fundProductOnSale, fundProductsOnSale, fundQuote } from './service.ts';

const schema = routeSchemas('funds');

/** Member API: fund products, their NAV history and subscription quotes (GET /funds/products…). */
export const fundProductRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/funds/products',
    {
      schema: schema(
        'Fund products on sale in the request’s language, with the latest NAV and the next NAV day',
        fundProductsResponse,
      ),
    },
    async (req) => ok(req, { list: await fundProductsOnSale(ctx, req.locale) }),
  );

  app.get(
    '/funds/products/:id',
    {
      schema: schema('One fund product on sale (unknown or off sale: 404)', fundProductSchema, {
        params: fundProductIdParams,
        errors: [404],
      }),
    },
    async (req) => ok(req, await fundProductDetail(ctx, req.params.id, req.locale)),
  );

  app.get(
    '/funds/products/:id/nav',
    {
      schema: schema(
        'Published NAVs of the last `days` days up to the latest, oldest first',
        fundNavHistoryResponse,
        { params: fundProductIdParams, querystring: fundNavQuery, errors: [404] },
      ),
    },
    async (req) => {
      const product = await fundProductOnSale(ctx.db, req.params.id);
      const list = await navHistory(ctx.db, product.id, req.query.days);
      return ok(req, {
        product_id: product.id,
        list: list.map((n) => ({ day: n.day, nav: formatNav(n.navE8) })),
      });
    },
  );

  app.get(
    '/funds/products/:id/quote',
    {
      schema: schema(
        'What a subscription of `amount` USDT would cost now (fee, net, estimated units); creates nothing',
        fundQuoteResponse,
        { params: fundProductIdParams, querystring: fundQuoteQuery, errors: [404] },
      ),
    },
    async (req) => ok(req, await fundQuote(ctx, req.params.id, req.query.amount)),
  );
};
