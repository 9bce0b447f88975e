import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Admin API: NAV publishing with the second-admin confirmation (POST /admin/funds/products/:id/nav…). */
export const fundNavAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
