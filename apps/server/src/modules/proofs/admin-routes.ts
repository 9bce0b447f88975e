import {
  adminPorIdParams,
  adminPorListQuery,
  adminPorListResponse,
  adminPorSnapshotSchema,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { signedInUser } from '@server/plugins/auth.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminList, republish, requestSnapshot } from './service.ts';

const schema = routeSchemas('admin');

/** The snapshots with their status (auditor, analyst, admin); taking one now and re-publishing (admin). */
export const proofAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');
  app.get(
    '/admin/por/snapshots',
    {
      schema: schema(
        'Proof-of-liabilities snapshots, newest first, with their status and totals against the solvency view (auditor, analyst, admin)',
        adminPorListResponse,
        { querystring: adminPorListQuery },
      ),
      onRequest: app.requireRole('auditor', 'analyst'),
    },
    async (req) => ok(req, await adminList(ctx, req.query.page, req.query.size)),
  );
  app.post(
    '/admin/por/snapshots',
    {
      schema: schema(
        'Take a snapshot now and publish it when it balances (409 while one is being built; 503: the chain cannot be read) (admin)',
        adminPorSnapshotSchema,
        { errors: [409, 503] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await requestSnapshot(ctx, signedInUser(req), req.log)),
  );
  app.post(
    '/admin/por/snapshots/:id/publish',
    {
      schema: schema(
        'Send a snapshot whose publication failed again (idempotent: the chain is read first) (admin)',
        adminPorSnapshotSchema,
        { params: adminPorIdParams, errors: [404, 409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await republish(ctx, req.params.id, signedInUser(req), req.log)),
  );
};
