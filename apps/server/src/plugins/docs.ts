import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUSES, type ErrorStatus } from '@server/lib/route-schema.ts';
import type { FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredRoles } from './auth.ts';
import { docsCsp } from './headers.ts';

/** Methods whose requests carry a body: Fastify parses it, so a malformed, oversized or non-JSON one is refused. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Refused input: a field is missing or invalid (`msg` names it), or a rule refuses the request (`msg` says which)',
  401: 'Signed out: no bearer token, an invalid or expired one, an X-Wallet-Address other than the token’s, or a session that has ended',
  403: 'Forbidden by a rule (`msg` says which)',
  404: 'Not found (another member’s counts as not found)',
  409: 'Conflict: already done, or not in a state that allows it (`msg` says which)',
  413: 'The body is larger than the server accepts',
  415: 'The body’s Content-Type is not one the server reads: send application/json',
  425: 'Too early: asked before it becomes possible (`data` says when)',
  429: 'Too many requests: try again after the seconds of the Retry-After header',
  500: 'Internal error: the details are only in the server log',
  503: 'A service the answer needs (the chain’s RPC) is unavailable: try again later',
};

/**
 * The error statuses a route answers: those its configuration implies (input read or a body parsed: 400, and 413
 * and 415 for a body; a bearer token: 401; a role check: 403; a rate limit: 429; any route: 500), plus those it
 * names in `schema.errors`. Tests check every answer's status against this list (apps/server/test/contract.ts).
 */
function errorStatusesOf(route: RouteOptions, schema: FastifySchema): ErrorStatus[] {
  const methods = [route.method].flat();
  const hasBody = methods.some((m) => BODY_METHODS.has(m));
  const implied: ErrorStatus[] = [];
  if (hasBody || schema.querystring || schema.params || schema.body || schema.headers) implied.push(400);
  if (hasBody) implied.push(413, 415);
  if ((schema.security as unknown[] | undefined)?.length) implied.push(401);
  if (requiredRoles(route)) implied.push(403);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) implied.push(429);
  implied.push(500);
  const all = new Set([...implied, ...(schema.errors ?? [])]);
  return ERROR_STATUSES.filter((s) => all.has(s));
}

/** `GET /api/v1/order/:order_id` → `getOrderByOrderId`: unique as long as method and path are. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.startsWith(':') || segment.startsWith('{');
      const parts = segment.replace(/^[:{]|}$/g, '').split(/[^A-Za-z0-9]+/);
      return [...(param ? ['by'] : []), ...parts];
    })
    .filter(Boolean);
  const pascal = (w: string) => (w[0] ?? '').toUpperCase() + w.slice(1);
  return method.toLowerCase() + words.map(pascal).join('');
}

const errorEnvelope = (status: ErrorStatus, data: z.ZodType | undefined) =>
  z.object({ code: z.literal(status), msg: z.string(), data: data ?? z.null() });

/** The error envelopes without data, once each in `components.schemas` (`Error400`, ...); routes refer to them. */
const errorComponents = Object.fromEntries(
  ERROR_STATUSES.map((status) => {
    const { $schema: _, ...schema } = z.toJSONSchema(errorEnvelope(status, undefined), {
      target: 'draft-2020-12',
      io: 'output',
    });
    return [`Error${status}`, schema];
  }),
);

function errorDescription(
  status: ErrorStatus,
  schema: FastifySchema,
  roles: readonly string[] | null,
): string {
  if (status !== 403 || !roles) return ERROR_TEXT[status];
  const description = `Signed in without the role (${roles.join(' or ')}; admin holds every role)`;
  return schema.errors?.includes(403) ? `${description}, or ${ERROR_TEXT[403].toLowerCase()}` : description;
}

/**
 * A route's schema as the document shows it: an operationId, the 200 answer described, and the error statuses
 * whose `data` the route names (the envelope with that data). Only the document gets these: at run time the
 * success answer is serialized by its zod schema and errors as the errors plugin writes them.
 */
function documented(schema: FastifySchema, route: RouteOptions, url: string): FastifySchema {
  const { errors: _named, errorData, response, ...rest } = schema;
  const roles = requiredRoles(route);
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries((response ?? {}) as Record<string, unknown>)) {
    responses[status] =
      answer instanceof z.ZodType
        ? {
            description: 'Success: `code` 200, the answer in `data`',
            content: { 'application/json': { schema: answer } },
          }
        : answer;
  }
  for (const status of errorStatusesOf(route, schema)) {
    const data = errorData?.[status];
    if (!data) continue;
    responses[status] = {
      description: errorDescription(status, schema, roles),
      content: { 'application/json': { schema: errorEnvelope(status, data) } },
    };
  }
  return {
    ...rest,
    operationId: rest.operationId ?? operationIdOf([route.method].flat()[0] ?? 'get', url),
    response: responses,
  };
}

/** The error statuses without data of a route, each referring to its envelope in `components.schemas`. */
function errorResponses(schema: FastifySchema, route: RouteOptions): Record<string, unknown> {
  const roles = requiredRoles(route);
  return Object.fromEntries(
    errorStatusesOf(route, schema)
      .filter((status) => !schema.errorData?.[status])
      .map((status) => [
        status,
        {
          description: errorDescription(status, schema, roles),
          content: { 'application/json': { schema: { $ref: `#/components/schemas/Error${status}` } } },
        },
      ]),
  );
}

/** Drops the error envelopes no route refers to (a 425 exists only where a route names it). */
function withoutUnusedErrors<
  D extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } },
>(document: D): D {
  const paths = JSON.stringify(document.paths ?? {});
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(
      ([name]) => !(name in errorComponents) || paths.includes(`"#/components/schemas/${name}"`),
    ),
  );
  return { ...document, components: { ...document.components, schemas } };
}

/** OpenAPI 3.1 generated from the route schemas: /api/v1/openapi.json and a docs page at /api/v1/docs. */
export const docsPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AGCFund Portfolio API',
        version: '1.0.0',
        description: [
          'Every answer is `{code, msg, data}`: `code` 200 with the answer in `data` on success, else `code` equals',
          'the HTTP status and `msg` says why, in the language of Accept-Language.',
          'A signed-in route needs `Authorization: Bearer <token>` (from `POST /api/v1/auth`) and the address the',
          'token was issued to in `X-Wallet-Address`.',
        ].join(' '),
      },
      // Relative: the origin that serves this document (PUBLIC_ORIGIN behind a proxy), the same in every deployment.
      servers: [{ url: '/', description: 'The origin serving this document' }],
      components: {
        // zod's JSON Schema type is wider than the one @fastify/swagger declares; the schemas are plain JSON Schema.
        schemas: errorComponents as never,
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token `POST /api/v1/auth` answers (a session, until it expires or logs out)',
          },
          wallet: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Wallet-Address',
            description: 'The address the bearer token was issued to (any letter case); required with it',
          },
        },
      },
    },
    transform: ({ schema, url, route, ...document }) => {
      if (!schema || schema.hide) return jsonSchemaTransform({ ...document, schema, url, route });
      const out = jsonSchemaTransform({ ...document, schema: documented(schema, route, url), url, route });
      const response = { ...(out.schema.response as object), ...errorResponses(schema, route) };
      return { ...out, schema: { ...out.schema, response } };
    },
    transformObject: (document) =>
      'openapiObject' in document ? withoutUnusedErrors(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', transformStaticCSP: docsCsp });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
