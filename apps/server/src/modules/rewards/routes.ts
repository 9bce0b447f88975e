import {
  managementResponse,
  profitAllQuery,
  profitDayQuery,
  profitDetailQuery,
  profitTypeQuery,
  rewardListResponse,
  rewardSchema,
  rewardSeriesQuery,
  rewardSeriesResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getReward, listRewardSeries, listRewards, type RewardFilter, settleManagement } from './service.ts';

const schema = routeSchemas('rewards');

/** The member's rewards (profit/*) and the management settlement. */
export const rewardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  // The three reward lists: the same answer, filtered by what each query names.
  const listRoute = (url: string, summary: string, querystring: z.ZodType<RewardFilter>) =>
    app.get(url, { schema: schema(summary, rewardListResponse, { querystring }) }, async (req) =>
      ok(req, await listRewards(ctx, req.member.id, req.query)),
    );
  listRoute('/profit/all', 'All my rewards, newest first, with the income summary per kind', profitAllQuery);
  listRoute('/profit/type', 'My rewards of one kind', profitTypeQuery);
  listRoute('/profit/day', 'My rewards counted for one UTC day (optionally of one kind)', profitDayQuery);

  app.get(
    '/profit/series',
    {
      schema: schema(
        'My rewards per UTC day and kind over the last `days` days (1–90, default 7), today last, zero days included',
        rewardSeriesResponse,
        { querystring: rewardSeriesQuery },
      ),
    },
    async (req) => ok(req, await listRewardSeries(ctx, req.member.id, req.query.days)),
  );

  app.get(
    '/profit/detail',
    {
      schema: schema(
        'One of my rewards: base, rate, source, level, what the caps cut, what was credited',
        rewardSchema,
        { querystring: profitDetailQuery, errors: [404] },
      ),
    },
    async (req) => ok(req, await getReward(ctx, req.member.id, BigInt(req.query.id))),
  );

  app.post(
    '/profit/mng',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Settle my management reward (base × rank rate, capped); the base and rank restart',
        managementResponse,
        { body: z.object({}).optional(), errors: [409, 503] },
      ),
    },
    async (req) => ok(req, { reward: await settleManagement(ctx, req.member.id) }),
  );
};
