import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Admin API: the redemption queue (approve, reject). */
export const fundRedemptionAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
