import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_CHANGELOG, API_VERSION } from '../http/api-changelog.ts';
import { documentedUrl, operationIdFor, SECURITY_SCHEMES, SESSION_SECURITY, STATUS_DESCRIPTIONS } from '../http/openapi-operation.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };
type JsonObject = Record<string, unknown>;

/**
 * Each documented status gets its meaning (unless the route gave its own) and its media types: a
 * failure is always the JSON error body, a success what the route produces.
 */
function describeResponses(response: JsonObject | undefined, produces: string[] | undefined): JsonObject | undefined {
  if (response === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(response).map(([status, answer]) => {
      const { description: own, ...schema } = answer as JsonObject;
      const description = typeof own === 'string' && own !== '' ? own : (STATUS_DESCRIPTIONS[status] ?? `HTTP ${status}`);
      if (schema.content !== undefined) return [status, { ...schema, description }];
      if (schema.type === 'null') return [status, { type: 'null', description }];
      const mediaTypes = Number(status) >= 400 || produces === undefined ? ['application/json'] : produces;
      return [status, { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) }];
    }),
  );
}

/**
 * What any route may answer besides its own: 400 for input PostgreSQL cannot store (the input guard
 * checks every route's params, query and body) and, without a session, 401 unless the route is public.
 */
function withAnswersOfEveryRoute(response: JsonObject | undefined, isPublic: boolean): JsonObject | undefined {
  if (response === undefined) return undefined;
  const errorBody = { $ref: '#/components/schemas/Error' };
  return { ...response, 400: response[400] ?? errorBody, ...(isPublic ? {} : { 401: response[401] ?? errorBody }) };
}

/** The parameters of the documented URL: Fastify's wildcard `*` is named `path`. */
function renameWildcard(params: JsonObject | undefined): JsonObject | undefined {
  const properties = params?.properties as JsonObject | undefined;
  if (params === undefined || properties?.['*'] === undefined) return params;
  const { '*': wildcard, ...rest } = properties;
  const required = (params.required as string[] | undefined) ?? [];
  return {
    ...params,
    properties: { ...rest, path: { ...(wildcard as JsonObject), description: 'The rest of the path; it may contain slashes' } },
    required: required.map((name) => (name === '*' ? 'path' : name)),
  };
}

/**
 * One route's operation: its JSON Schemas from zod, then what every operation states the same way
 * (operationId, security, the meaning of each status, real parameter names).
 */
function transformRoute(input: TransformInput): { schema: FastifySchema; url: string } {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as JsonObject;
  const hidden = !input.url.startsWith('/api/') && !input.url.startsWith('/v2/') && input.url !== '/healthz' && input.url !== '/readyz';
  if (hidden || schema.hide === true) return { ...result, schema: { ...schema, hide: true } };
  const method = Array.isArray(input.route.method) ? input.route.method.join('') : input.route.method;
  const isPublic = input.route.config?.public === true;
  const url = documentedUrl(input.url);
  return {
    url,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdFor(method, url),
      security: (schema.security as FastifySchema['security']) ?? (isPublic ? [] : SESSION_SECURITY),
      params: renameWildcard(schema.params as JsonObject | undefined),
      response: describeResponses(withAnswersOfEveryRoute(schema.response as JsonObject | undefined, isPublic), schema.produces as string[] | undefined),
    },
  };
}

/**
 * The document without the component schemas nothing refers to: the zod provider writes an input and
 * an output copy of every named schema, and most are only ever one of the two.
 */
function withoutUnusedSchemas(document: JsonObject): JsonObject {
  const components = document.components as JsonObject;
  const schemas = { ...(components.schemas as JsonObject) };
  const referenced = (value: unknown) => new Set([...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]));
  for (;;) {
    const used = referenced({ ...document, components: { ...components, schemas } });
    const unused = Object.keys(schemas).filter((name) => !used.has(name));
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  return { ...document, components: { ...components, schemas } };
}

/**
 * A body a route takes or goes without (its zod schema `.nullish()`, which Fastify validates as null
 * when nothing is sent) is documented as an optional request body of the object alone: @fastify/swagger
 * marks every body required and would show the null as a value to send.
 */
export function withOptionalBodies(document: JsonObject): JsonObject {
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const body = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonObject }> } | undefined;
      for (const media of Object.values(body?.content ?? {})) {
        const branches = media.schema?.anyOf as JsonObject[] | undefined;
        const objects = branches?.filter((branch) => branch.type !== 'null');
        if (!branches || objects?.length !== 1 || objects.length === branches.length) continue;
        media.schema = objects[0];
        body!.required = false;
      }
    }
  }
  return document;
}

/** Every REST route under /api is described at /api/openapi.json and browsable at /api/docs. */
async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PSC exam preparation API',
        description:
          'REST compatibility layer used by the student apps and the admin console. ' +
          'Every failure answers the `Error` body (`{ message, type?, warnings?, field?, issues? }`). ' +
          'A session is carried by the `psc_session` cookie (the console) or by `Authorization: Bearer <token>` from `POST /api/auth/token` ' +
          '(the apps; console operations accept only the cookie); operations with an empty `security` need neither. ' +
          'Browsers must send state-changing requests with the cookie from the console origin as JSON or multipart.' +
          API_CHANGELOG,
        version: API_VERSION,
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => transformRoute(input as TransformInput),
    transformObject: (input) => withOptionalBodies(withoutUnusedSchemas(jsonSchemaTransformObject(input) as JsonObject)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'openapi' });
