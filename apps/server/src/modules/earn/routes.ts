import {
  earnAmountBody,
  earnInterestListQuery,
  earnInterestListResponse,
  earnMovementIdParams,
  earnMovementListQuery,
  earnMovementListResponse,
  earnMovementSchema,
  earnOutPreviewQuery,
  earnOutPreviewResponse,
  earnSummaryResponse,
  earnTransferResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  earnInterestList,
  earnMovement,
  earnMovements,
  earnSummary,
  transferIn,
  transferOut,
  transferOutPreview,
} from './service.ts';

const schema = routeSchemas('earn');

/** The members' simple-earn API (every route signed in). */
export const earnRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/earn/summary',
    {
      schema: schema(
        'The simple-earn figures: holding, pending, interest, locked AGC, available USDT',
        earnSummaryResponse,
      ),
    },
    async (req) => ok(req, await earnSummary(ctx, req.member.id)),
  );

  app.post(
    '/earn/transfer-in',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Transfer in from available USDT (earning from the next full day)',
        earnTransferResponse,
        {
          body: earnAmountBody,
        },
      ),
    },
    async (req) => ok(req, await transferIn(ctx, req.member.id, req.body.amount)),
  );

  app.get(
    '/earn/transfer-out/preview',
    {
      schema: schema(
        'When a transfer out of `amount` would arrive; creates nothing',
        earnOutPreviewResponse,
        {
          querystring: earnOutPreviewQuery,
        },
      ),
    },
    async (req) => ok(req, await transferOutPreview(ctx, req.query.amount)),
  );

  app.post(
    '/earn/transfer-out',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Transfer out up to the holding: Pending, arriving in available USDT after minutes (below the fast limit) or days',
        earnTransferResponse,
        { body: earnAmountBody },
      ),
    },
    async (req) => ok(req, await transferOut(ctx, req.member.id, req.body.amount)),
  );

  app.get(
    '/earn/movements',
    {
      schema: schema(
        'The member’s transfers in and out: Pending outs first, then newest first',
        earnMovementListResponse,
        {
          querystring: earnMovementListQuery,
        },
      ),
    },
    async (req) => ok(req, await earnMovements(ctx, req.member.id, req.query)),
  );

  app.get(
    '/earn/movements/:id',
    {
      schema: schema('One of the member’s transfers (someone else’s or unknown: 404)', earnMovementSchema, {
        params: earnMovementIdParams,
        errors: [404],
      }),
    },
    async (req) => ok(req, await earnMovement(ctx, req.member.id, req.params.id)),
  );

  app.get(
    '/earn/interest',
    {
      schema: schema('The member’s daily interest, newest day first', earnInterestListResponse, {
        querystring: earnInterestListQuery,
      }),
    },
    async (req) => ok(req, await earnInterestList(ctx, req.member.id, req.query)),
  );
};
