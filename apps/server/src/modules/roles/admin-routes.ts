import {
  auditLogQuery,
  auditLogResponse,
  roleChangeBody,
  roleChangeResponse,
  roleHoldersResponse,
  roleRequestDecisionResponse,
  roleRequestIdParams,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, cancelRequest, confirmRequest, grantRole, revokeRole, roleHolders } from './service.ts';

const schema = routeSchemas('admin');

/**
 * The admins' roles API (admin only, checked on the server): holders, grant, revoke, the second admin's decision on a
 * grant of admin, every change audit-logged. The audit log is read by admins and auditors.
 */
export const roleAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');
  const auditor = app.requireRole('auditor');

  app.get(
    '/admin/roles',
    {
      schema: schema(
        'Role holders and the changes of admin and auditor waiting for a second admin, with what the asking admin may do (admin)',
        roleHoldersResponse,
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await roleHolders(ctx, req.member, req.t)),
  );

  app.post(
    '/admin/roles/grant',
    {
      schema: schema(
        'Grant a role to a member by address; admin and auditor wait for a second admin (admin; audit-logged)',
        roleChangeResponse,
        { body: roleChangeBody, errors: [409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await grantRole(ctx, req.member, req.body, req.t)),
  );

  app.post(
    '/admin/roles/revoke',
    {
      schema: schema(
        'Revoke a role; admin and auditor wait for a second admin; never the last admin nor a configured one (admin; audit-logged)',
        roleChangeResponse,
        { body: roleChangeBody, errors: [409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await revokeRole(ctx, req.member, req.body, req.t)),
  );

  app.post(
    '/admin/roles/requests/:id/confirm',
    {
      schema: schema(
        "Confirm another admin's pending role change before it expires (admin, not the requester; audit-logged)",
        roleRequestDecisionResponse,
        { params: roleRequestIdParams, errors: [404, 409] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await confirmRequest(ctx, req.member, req.params.id)),
  );

  app.post(
    '/admin/roles/requests/:id/cancel',
    {
      schema: schema('Cancel a pending role change (admin; audit-logged)', roleRequestDecisionResponse, {
        params: roleRequestIdParams,
        errors: [404, 409],
      }),
      onRequest: admin,
    },
    async (req) => ok(req, await cancelRequest(ctx, req.member, req.params.id)),
  );

  app.get(
    '/admin/audit-log',
    {
      schema: schema(
        'The audit log, newest first, filtered by action, actor, target and days (admin, auditor)',
        auditLogResponse,
        {
          querystring: auditLogQuery,
        },
      ),
      onRequest: auditor,
    },
    async (req) => ok(req, await auditLog(ctx, req.query)),
  );
};
