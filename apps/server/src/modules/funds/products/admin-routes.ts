import {
  adminFundProductSchema,
  adminFundProductsResponse,
  fundProductBody,
  fundProductIdParams,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFundProducts, createFundProduct, editFundProduct } from './service.ts';

const schema = routeSchemas('admin');

/** Admin API: fund products (create, edit, list with translations), admin role, audit-logged. */
export const fundProductAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.requireRole('admin');

  app.get(
    '/admin/funds/products',
    {
      schema: schema(
        'Every fund product, on and off, with its translations (admin)',
        adminFundProductsResponse,
      ),
      onRequest: admin,
    },
    async (req) => ok(req, { list: await adminFundProducts(ctx) }),
  );

  app.post(
    '/admin/funds/products',
    {
      schema: schema('Create a fund product (admin; audit-logged)', adminFundProductSchema, {
        body: fundProductBody,
      }),
      onRequest: admin,
    },
    async (req) => ok(req, await createFundProduct(ctx, req.member, req.body)),
  );

  app.put(
    '/admin/funds/products/:id',
    {
      schema: schema(
        'Edit a fund product (admin; audit-logged with before and after; new rates apply to new quotes)',
        adminFundProductSchema,
        { params: fundProductIdParams, body: fundProductBody, errors: [404] },
      ),
      onRequest: admin,
    },
    async (req) => ok(req, await editFundProduct(ctx, req.member, req.params.id, req.body)),
  );
};
