import {
  envelope,
  managementResponse,
  profitAllQuery,
  profitDayQuery,
  profitDetailQuery,
  profitTypeQuery,
  rewardListResponse,
  rewardSchema,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { getReward, listRewards, settleManagement } from './service.ts';

const bearer = [{ bearer: [] }];

/** The member's rewards (profit/*) and the management settlement. */
export const rewardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);
  const list = { 200: envelope(rewardListResponse) };

  app.get(
    '/profit/all',
    {
      schema: {
        tags: ['rewards'],
        summary: 'All my rewards, newest first, with the income summary per kind',
        security: bearer,
        querystring: profitAllQuery,
        response: list,
      },
    },
    async (req) => ok(req, await listRewards(ctx, req.user!.id, req.query)),
  );

  app.get(
    '/profit/type',
    {
      schema: {
        tags: ['rewards'],
        summary: 'My rewards of one kind',
        security: bearer,
        querystring: profitTypeQuery,
        response: list,
      },
    },
    async (req) => ok(req, await listRewards(ctx, req.user!.id, req.query)),
  );

  app.get(
    '/profit/day',
    {
      schema: {
        tags: ['rewards'],
        summary: 'My rewards counted for one UTC day (optionally of one kind)',
        security: bearer,
        querystring: profitDayQuery,
        response: list,
      },
    },
    async (req) => ok(req, await listRewards(ctx, req.user!.id, req.query)),
  );

  app.get(
    '/profit/detail',
    {
      schema: {
        tags: ['rewards'],
        summary: 'One of my rewards: base, rate, source, level, what the caps cut, what was credited',
        security: bearer,
        querystring: profitDetailQuery,
        response: { 200: envelope(rewardSchema) },
      },
    },
    async (req) => ok(req, await getReward(ctx, req.user!.id, BigInt(req.query.id))),
  );

  app.post(
    '/profit/mng',
    {
      config: { rateLimit: perMember(ctx) },
      schema: {
        tags: ['rewards'],
        summary: 'Settle my management reward (base × rank rate, capped); the base and rank restart',
        security: bearer,
        body: z.object({}).optional(),
        response: { 200: envelope(managementResponse) },
      },
    },
    async (req) => ok(req, { reward: await settleManagement(ctx, req.user!.id) }),
  );
};
