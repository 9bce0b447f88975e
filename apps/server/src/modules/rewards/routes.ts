import {
  envelope,
  managementResponse,
  profitAllQuery,
  profitDayQuery,
  profitDetailQuery,
  profitTypeQuery,
  rewardListResponse,
  rewardSchema,
  settlementDayBody,
  settlementHistoryResponse,
  settlementPreviewQuery,
  settlementPreviewResponse,
  settlementRunSchema,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { settleManagement } from './management.ts';
import { getReward, listRewards } from './profit.ts';
import { nextSettlementDay, previewSettlement, runSettlement, settlementHistory } from './settlement.ts';

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

/** Admin reward distribution: preview, run (audit-logged) and history of the daily settlement. */
export const settlementAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.get(
    '/admin/settlements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Settlement runs, newest first, and the next day to settle (admin)',
        security: bearer,
        response: { 200: envelope(settlementHistoryResponse) },
      },
      onRequest: admin,
    },
    async (req) =>
      ok(req, {
        list: await settlementHistory(ctx),
        next_day: await nextSettlementDay(ctx.db, ctx.now()),
      }),
  );

  app.get(
    '/admin/settlements/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'What settling a day would pay (default: the next day), or the run of a settled day (admin)',
        security: bearer,
        querystring: settlementPreviewQuery,
        response: { 200: envelope(settlementPreviewResponse) },
      },
      onRequest: admin,
    },
    async (req) => {
      const next = await nextSettlementDay(ctx.db, ctx.now());
      const day = req.query.day ?? next;
      if (!day) return ok(req, { day: '', next_day: null, run: null, totals: null });
      return ok(req, { day, next_day: next, ...(await previewSettlement(ctx, day)) });
    },
  );

  app.post(
    '/admin/settlements/run',
    {
      schema: {
        tags: ['admin'],
        summary: 'Settle a day now (the next unsettled day only; once; audit-logged) (admin)',
        security: bearer,
        body: settlementDayBody,
        response: { 200: envelope(settlementRunSchema) },
      },
      onRequest: admin,
    },
    async (req) => ok(req, await runSettlement(ctx, req.body.day, req.user!)),
  );
};
