import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Member API: monthly bills and their CSV. */
export const fundBillRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
