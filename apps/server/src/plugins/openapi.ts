/** The OpenAPI document, made from the routes' schemas: GET /api/openapi.json, and a UI at /api/docs. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export async function openapiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'XIX Arena', version: '0.1.0', description: 'Upload bots for XIX and pit them against each other. See docs/api.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'the token from POST /api/users' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
