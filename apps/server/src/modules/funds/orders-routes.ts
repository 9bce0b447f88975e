import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Member API: subscriptions (orders, payment steps, cancel), holdings, summary and redemptions. */
export const fundOrderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
