import { solvencyResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { solvency } from './service.ts';

const schema = routeSchemas('admin');

/** The solvency view's API: read only, for auditors, analysts and admins (checked on the server). */
export const solvencyAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/solvency',
    {
      schema: schema(
        "Members' liabilities by when they become payable against the treasury's token balances at one block (auditor, analyst, admin)",
        solvencyResponse,
        { errors: [503] },
      ),
      onRequest: app.requireRole('auditor', 'analyst'),
    },
    async (req) => {
      try {
        return ok(req, await solvency(ctx));
      } catch (err) {
        // The answer says only that the chain cannot be read; why goes to the log.
        if (err instanceof Error && err.cause)
          req.log.warn({ err: err.cause }, 'solvency: chain read failed');
        throw err;
      }
    },
  );
};
