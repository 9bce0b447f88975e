import { envelope } from '@agc/shared';
import type { z } from 'zod';

/** What a route reads, each validated by its zod schema (from packages/shared). */
interface RouteReads {
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
}

/** The bearer-token requirement of a signed-in route (the scheme is declared in plugins/docs.ts). */
const bearer = [{ bearer: [] }];

/**
 * The schemas of one module's routes: `schema(summary, data, reads)` is a route's schema under the
 * module's tag in the API document, with what it reads and its 200 answer (`data` inside the envelope).
 * Routes are signed in (bearer) unless `{ signedIn: false }`.
 */
export function routeSchemas(tag: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  return <const R extends RouteReads, D extends z.ZodType>(summary: string, data: D, reads?: R) => ({
    tags: [tag],
    summary,
    ...(signedIn && { security: bearer }),
    ...(reads as R),
    response: { 200: envelope(data) },
  });
}
