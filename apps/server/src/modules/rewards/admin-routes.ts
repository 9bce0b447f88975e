import {
  settlementDayBody,
  settlementHistoryResponse,
  settlementPreviewQuery,
  settlementPreviewResponse,
  settlementRunSchema,
  settlementTooEarlyData,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runSettlement, settlementOverview, settlementPreviewOf } from './settlement.ts';

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
    async (req) => ok(req, await settlementOverview(ctx)),
  );

  app.get(
    '/admin/settlements/preview',
    {
      schema: schema(
        'What settling a day would pay (default: the next day), or the run of a settled day (admin)',
        settlementPreviewResponse,
        {
          querystring: settlementPreviewQuery,
          errors: [425, 503],
          errorData: { 425: settlementTooEarlyData },
        },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await settlementPreviewOf(ctx, req.query.day)),
  );

  app.post(
    '/admin/settlements/run',
    {
      schema: schema(
        'Settle a day now (the next unsettled day only; once; audit-logged) (admin)',
        settlementRunSchema,
        { body: settlementDayBody, errors: [409, 425, 503], errorData: { 425: settlementTooEarlyData } },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await runSettlement(ctx, req.body.day, req.member)),
  );
};
