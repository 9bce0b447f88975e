import {
  analyticsRangeQuery,
  analyticsReportResponse,
  vitalsRangeQuery,
  vitalsReportResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { vitalsReport } from '@server/modules/vitals/index.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsCsv, analyticsReport, checkRange, csvFileName } from './service.ts';

const schema = routeSchemas('admin');

/** The analysts' API (analyst or admin, checked on the server): daily figures over a range, as JSON or CSV. */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const analyst = app.requireRole('analyst');

  app.get(
    '/admin/analytics',
    {
      schema: schema(
        'Daily figures over a range of UTC days with totals: members, deposits, withdrawals, rewards by kind, exchange and launchpad (analyst, admin)',
        analyticsReportResponse,
        { querystring: analyticsRangeQuery },
      ),
      onRequest: analyst,
    },
    async (req) => ok(req, await analyticsReport(ctx, req.query.from, req.query.to)),
  );

  app.get(
    '/admin/analytics/csv',
    {
      schema: schema.csv(
        'The same figures as CSV (text/csv attachment: a header row, a row per day, a totals row; analyst, admin)',
        { querystring: analyticsRangeQuery },
      ),
      onRequest: analyst,
    },
    async (req, reply) => {
      const { from, to } = req.query;
      const csv = analyticsCsv(await analyticsReport(ctx, from, to));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(from, to)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/vitals',
    {
      schema: schema(
        "Real users' Core Web Vitals: the 75th percentile of LCP, INP and CLS per route and UTC day over a range (analyst, admin)",
        vitalsReportResponse,
        { querystring: vitalsRangeQuery },
      ),
      onRequest: analyst,
    },
    async (req) => {
      const { from, to } = req.query;
      checkRange(ctx, from, to);
      return ok(req, await vitalsReport(ctx, from, to));
    },
  );
};
