import {
  envelope,
  settlementDayBody,
  settlementHistoryResponse,
  settlementPreviewQuery,
  settlementPreviewResponse,
  settlementRunSchema,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { nextSettlementDay, previewSettlement, runSettlement, settlementHistory } from './settlement.ts';

const bearer = [{ bearer: [] }];

/** Admin reward distribution: preview, run (audit-logged) and history of the daily settlement. */
export const rewardSettlementAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
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
