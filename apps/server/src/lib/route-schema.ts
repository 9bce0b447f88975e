import { envelope } from '@agc/shared';
import type {} from 'fastify';
import { z } from 'zod';

/**
 * The error statuses an answer may have. Each is `{code, msg, data}` with `code` equal to the status (the errors
 * plugin writes them all). Most of them a route's configuration implies (plugins/docs.ts derives them); the rest
 * (404, 409, 425, 503, a 400 or 403 of a rule) the route names in `errors`.
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 425, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

declare module 'fastify' {
  interface FastifySchema {
    /** Error statuses the route answers beyond those its configuration implies (see plugins/docs.ts). */
    errors?: readonly ErrorStatus[];
    /** The `data` of an error status that carries some (default: null). */
    errorData?: { [S in ErrorStatus]?: z.ZodType };
  }
}

/** What a route reads, each validated by its zod schema (from packages/shared), and the errors it names. */
interface RouteParts {
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  errors?: readonly ErrorStatus[];
  errorData?: { [S in ErrorStatus]?: z.ZodType };
}

/**
 * A signed-in route's security: the bearer token AND the X-Wallet-Address it was issued to (both schemes are
 * declared in plugins/docs.ts). A public route declares `[]`: the document says so rather than leaving it out.
 */
const signedInSecurity = [{ bearer: [], wallet: [] }];

/**
 * The schemas of one module's routes: `schema(summary, data, parts)` is a route's schema under the module's tag
 * in the API document, with what it reads, its 200 answer (`data` inside the envelope) and the error statuses it
 * names beyond the derived ones. `schema.csv(summary, parts)` is a route answering a CSV file. Routes are signed
 * in unless `{ signedIn: false }`.
 */
export function routeSchemas(tag: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  const common = (summary: string) => ({
    tags: [tag],
    summary,
    security: signedIn ? signedInSecurity : [],
  });
  const schema = <const R extends RouteParts, D extends z.ZodType>(summary: string, data: D, parts?: R) => ({
    ...common(summary),
    ...(parts as R),
    response: { 200: envelope(data) },
  });
  /** A CSV download (text/csv); Fastify sends the string as it is, the document describes it. */
  const csv = <const R extends RouteParts>(summary: string, parts?: R) => ({
    ...common(summary),
    ...(parts as R),
    response: {
      200: { description: 'A CSV file (attachment)', content: { 'text/csv': { schema: z.string() } } },
    },
  });
  return Object.assign(schema, { csv });
}
