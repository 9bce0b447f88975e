import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Test-only: not part of the app's API, so the schemas live here rather than in packages/shared.
const clockBody = z.object({ now: z.iso.datetime({ offset: true }) });
const clockResponse = z.object({ now: z.string() });

const schema = routeSchemas('testing');

/**
 * The test clock (TEST_CLOCK, never in production): read it, move it forward (admin). Without a test
 * clock nothing is registered, so the paths answer 404 like any unknown route.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const clock = ctx.testClock;
  if (!clock) return;
  const admin = app.requireRole('admin');

  app.get(
    '/test/clock',
    {
      schema: schema('The server clock (test clock only; admin)', clockResponse),
      onRequest: admin,
    },
    async (req) => ok(req, { now: clock.now().toISOString() }),
  );

  app.post(
    '/test/clock',
    {
      schema: schema(
        'Move the server clock forward to an instant, from which time flows on (test clock only; admin)',
        clockResponse,
        { body: clockBody },
      ),
      onRequest: admin,
    },
    async (req) => {
      const now = clock.moveTo(new Date(req.body.now));
      // /me's today and yesterday follow the clock: drop answers computed before the jump.
      invalidate(ctx, { kind: 'allFigures' });
      return ok(req, { now: now.toISOString() });
    },
  );
};
