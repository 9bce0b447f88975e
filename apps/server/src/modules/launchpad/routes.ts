import {
  launchpadAllocationListQuery,
  launchpadAllocationListResponse,
  launchpadBuyBody,
  launchpadBuyResponse,
  launchpadPurchaseIdParams,
  launchpadPurchaseListQuery,
  launchpadPurchaseListResponse,
  launchpadPurchaseSchema,
  launchpadRoundIdParams,
  launchpadRoundSchema,
  launchpadRoundsResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allocations,
  buyAnswer,
  buyCopies,
  ownPurchase,
  purchasesOf,
  toPurchaseDto,
} from './purchases/service.ts';
import { roundFor, roundsFor } from './rounds/service.ts';

const schema = routeSchemas('launchpad');
const publicSchema = routeSchemas('launchpad', { signedIn: false });

/** The members' launchpad API (signed in, except the public allocation list). */
export const launchpadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/launchpad/rounds/:id/allocations',
    {
      schema: publicSchema(
        'A round’s copies sold, by copy number, with a shortened buyer address (public)',
        launchpadAllocationListResponse,
        { params: launchpadRoundIdParams, querystring: launchpadAllocationListQuery, errors: [404] },
      ),
    },
    async (req) => ok(req, await allocations(ctx, req.params.id, req.query)),
  );

  await app.register(memberRoutes, { ctx });
};

/** The signed-in part. */
const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (member, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  member.addHook('onRequest', member.authenticate);

  member.get(
    '/launchpad/rounds',
    {
      schema: schema(
        'The rounds, newest first, with their state now and the caller’s copies',
        launchpadRoundsResponse,
      ),
    },
    async (req) => ok(req, { list: await roundsFor(ctx, req.member.id, req.locale) }),
  );

  member.get(
    '/launchpad/rounds/:id',
    {
      schema: schema('One round (unknown: 404)', launchpadRoundSchema, {
        params: launchpadRoundIdParams,
        errors: [404],
      }),
    },
    async (req) => ok(req, await roundFor(ctx, req.member.id, req.params.id, req.locale)),
  );

  member.post(
    '/launchpad/rounds/:id/buy',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Buy copies of an open round from available USDT (numbered in purchase order; the AGC is locked until its release)',
        launchpadBuyResponse,
        { params: launchpadRoundIdParams, body: launchpadBuyBody, errors: [404] },
      ),
    },
    async (req) => {
      const bought = await buyCopies(ctx, req.member, req.params.id, req.body.copies);
      return ok(req, buyAnswer(bought, req.locale, ctx.now()));
    },
  );

  member.get(
    '/launchpad/purchases',
    {
      schema: schema('The caller’s purchases, newest first', launchpadPurchaseListResponse, {
        querystring: launchpadPurchaseListQuery,
      }),
    },
    async (req) => ok(req, await purchasesOf(ctx, req.member.id, req.query, req.locale)),
  );

  member.get(
    '/launchpad/purchases/:id',
    {
      schema: schema(
        'One of the caller’s purchases (another member’s or unknown: 404)',
        launchpadPurchaseSchema,
        {
          params: launchpadPurchaseIdParams,
          errors: [404],
        },
      ),
    },
    async (req) =>
      ok(
        req,
        toPurchaseDto(await ownPurchase(ctx, req.member.id, BigInt(req.params.id)), req.locale, ctx.now()),
      ),
  );
};
