import {
  acceptIncidentBody,
  incidentIdParams,
  incidentListQuery,
  incidentListResponse,
  incidentSchema,
  reverseIncidentBody,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptIncident,
  cancelReversal,
  confirmReversal,
  listIncidents,
  reverseIncident,
} from './service.ts';

const schema = routeSchemas('admin');

/** Chain incidents (admin only, checked on the server; every decision audit-logged). */
export const incidentAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.get(
    '/admin/incidents',
    {
      schema: schema(
        'Chain incidents (credited payments reorganised off the chain), the undecided ones by default, with what each touched and what the asking admin may do (admin)',
        incidentListResponse,
        { querystring: incidentListQuery },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await listIncidents(ctx, req.query, req.member, req.t)),
  );

  app.post(
    '/admin/incidents/:id/reverse',
    {
      schema: schema(
        'Reverse what the payment credited through the journal (referral and team volume included); above WITHDRAW_SECOND_APPROVAL_USDT it waits for a second admin (admin, not the member; audit-logged)',
        incidentSchema,
        { params: incidentIdParams, body: reverseIncidentBody, errors: [404, 409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await reverseIncident(ctx, req.member, req.params.id, req.body.note, req.t)),
  );

  app.post(
    '/admin/incidents/:id/confirm',
    {
      schema: schema(
        'Confirm a pending reversal as a second admin (not the one who asked; audit-logged)',
        incidentSchema,
        { params: incidentIdParams, body: z.object({}).optional(), errors: [404, 409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await confirmReversal(ctx, req.member, req.params.id, req.t)),
  );

  app.post(
    '/admin/incidents/:id/cancel',
    {
      schema: schema(
        'Withdraw a pending reversal: the incident is open again (admin; audit-logged)',
        incidentSchema,
        { params: incidentIdParams, body: z.object({}).optional(), errors: [404, 409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await cancelReversal(ctx, req.member, req.params.id, req.t)),
  );

  app.post(
    '/admin/incidents/:id/accept',
    {
      schema: schema(
        'Accept an open incident with a reason: the credit stands and the hold ends (admin, not the member; audit-logged)',
        incidentSchema,
        { params: incidentIdParams, body: acceptIncidentBody, errors: [404, 409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await acceptIncident(ctx, req.member, req.params.id, req.body.reason, req.t)),
  );
};
