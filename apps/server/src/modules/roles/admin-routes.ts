import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** The admins' roles API and the audit log (issue 17: being built). */
export const roleAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _opts) => {};
