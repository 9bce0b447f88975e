import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Member API: the Agent tab (fund earnings, fund level, move to available). */
export const fundEarningRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
