import { fundBillCsvQuery, fundBillListQuery, fundBillListResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allBills, billPage } from './repository.ts';
import { billsCsv, toBillDto } from './service.ts';

const schema = routeSchemas('funds');

/** At most this many bills in one CSV (a member with more downloads month by month). */
const CSV_MAX_ROWS = 10_000;

/** Member API: monthly bills and their CSV (own bills only). */
export const fundBillRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/funds/bills',
    {
      schema: schema(
        'The member’s monthly fund bills, newest month first, optionally of one month',
        fundBillListResponse,
        {
          querystring: fundBillListQuery,
        },
      ),
    },
    async (req) => {
      const { page, size, month } = req.query;
      const r = await billPage(ctx.db, { userId: req.member.id, month, page, size });
      return ok(
        req,
        pageAnswer(
          r.list.map((b) => toBillDto(b, req.locale)),
          r.total,
          { page, size },
        ),
      );
    },
  );

  app.get(
    '/funds/bills.csv',
    {
      schema: schema.csv('The member’s monthly fund bills as CSV (text/csv attachment; one row per bill)', {
        querystring: fundBillCsvQuery,
      }),
    },
    async (req, reply) => {
      const { month } = req.query;
      const rows = await allBills(ctx.db, { userId: req.member.id, month, limit: CSV_MAX_ROWS });
      const csv = billsCsv(
        rows.map((b) => toBillDto(b, req.locale)),
        (key) => req.t(key),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fund-bills-${month ?? 'all'}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
