import type { AppContext } from '@server/context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fundNavAdminRoutes } from './nav/admin-routes.ts';
import { fundRedemptionAdminRoutes } from './orders/admin-routes.ts';
import { fundProductAdminRoutes } from './products/admin-routes.ts';

/** The admins' fund API (admin role, checked on the server by each route): products, NAVs, redemptions. */
export const fundAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(fundProductAdminRoutes, { ctx });
  await app.register(fundNavAdminRoutes, { ctx });
  await app.register(fundRedemptionAdminRoutes, { ctx });
};
