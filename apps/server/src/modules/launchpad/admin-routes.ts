import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** The admins' launchpad API (admin role, checked on the server): create and close rounds. */
export const launchpadAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  _app,
  { ctx: _ctx },
) => {};
