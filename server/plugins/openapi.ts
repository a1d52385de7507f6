import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_CHANGELOG, API_VERSION } from '../http/api-changelog.ts';

/** Every REST route under /api is described at /api/openapi.json and browsable at /api/docs. */
async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PSC exam preparation API',
        description:
          'REST compatibility layer used by the student apps and the admin console. ' +
          'Every failure answers `{ message, type?, warnings? }`. Sessions are carried by the `psc_session` cookie. ' +
          'Browsers must send state-changing requests from the console origin as JSON or multipart.' +
          API_CHANGELOG,
        version: API_VERSION,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'psc_session' } },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const hidden = !input.url.startsWith('/api/') && input.url !== '/healthz' && input.url !== '/readyz';
      return hidden ? { ...result, schema: { ...result.schema, hide: true } } : result;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'openapi' });
