import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Member API: fund products, their NAV history and subscription quotes (GET /funds/products…). */
export const fundProductRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
