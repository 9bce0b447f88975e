import {
  settlementDayBody,
  settlementHistoryResponse,
  settlementPreviewQuery,
  settlementPreviewResponse,
  settlementRunSchema,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { routeSchemas } from '../../lib/route-schema.ts';
import { nextSettlementDay, previewSettlement, runSettlement, settlementHistory } from './settlement.ts';

const schema = routeSchemas('admin');

/** Admin reward distribution: preview, run (audit-logged) and history of the daily settlement. */
export const rewardSettlementAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const admin = app.requireRole('admin');

  app.get(
    '/admin/settlements',
    {
      schema: schema(
        'Settlement runs, newest first, and the next day to settle (admin)',
        settlementHistoryResponse,
      ),
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
      schema: schema(
        'What settling a day would pay (default: the next day), or the run of a settled day (admin)',
        settlementPreviewResponse,
        { querystring: settlementPreviewQuery },
      ),
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
      schema: schema(
        'Settle a day now (the next unsettled day only; once; audit-logged) (admin)',
        settlementRunSchema,
        { body: settlementDayBody },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await runSettlement(ctx, req.body.day, req.user!)),
  );
};
