import type { AppContext } from '@server/context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fundBillRoutes } from './bills/routes.ts';
import { fundEarningRoutes } from './earnings/routes.ts';
import { fundOrderRoutes } from './orders/routes.ts';
import { fundProductRoutes } from './products/routes.ts';

/** The members' fund API (every route signed in): products and NAVs, orders and redemptions, bills, earnings. */
export const fundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(fundProductRoutes, { ctx });
  await app.register(fundOrderRoutes, { ctx });
  await app.register(fundBillRoutes, { ctx });
  await app.register(fundEarningRoutes, { ctx });
};
