import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsCsp } from './headers.ts';

/** OpenAPI generated from the route schemas: /api/v1/openapi.json and a docs page at /api/v1/docs. */
export const docsPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AGCFund Portfolio API',
        version: '1.0.0',
        description: 'Every response is {code, msg, data}; code 200 is success.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', transformStaticCSP: docsCsp });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
