import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Admin API: fund products (create, edit, list with translations), admin role. */
export const fundProductAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
