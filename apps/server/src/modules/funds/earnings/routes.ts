import {
  fundAgentResponse,
  fundEarningListQuery,
  fundEarningListResponse,
  moveFundProfitBody,
  moveFundProfitResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningPage } from './repository.ts';
import { fundAgent, moveFundProfit, toEarningDto } from './service.ts';

const schema = routeSchemas('funds');

/** Member API: the Agent tab (fund earnings, fund level, move to available). */
export const fundEarningRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/funds/agent',
    {
      schema: schema(
        'The Agent tab: fund level, team fund volume, next level threshold, earnings by kind, fund_available_profit',
        fundAgentResponse,
      ),
    },
    async (req) => ok(req, await fundAgent(ctx, req.member)),
  );

  app.get(
    '/funds/earnings',
    {
      schema: schema(
        'The member’s fund earnings, newest first, optionally of one kind',
        fundEarningListResponse,
        {
          querystring: fundEarningListQuery,
        },
      ),
    },
    async (req) => {
      const { page, size, kind } = req.query;
      const r = await earningPage(ctx.db, { userId: req.member.id, kind, page, size });
      return ok(req, pageAnswer(r.list.map(toEarningDto), r.total, { page, size }));
    },
  );

  app.post(
    '/funds/earnings/move',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema('Move fund earnings (fund_available_profit) to available USDT', moveFundProfitResponse, {
        body: moveFundProfitBody,
      }),
    },
    async (req) => ok(req, await moveFundProfit(ctx, req.member, req.body.amount)),
  );
};
