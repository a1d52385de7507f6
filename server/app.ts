import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type pg from 'pg';
import type { Db } from './db/database.ts';
import type { Storage } from './assets/storage/storage.ts';
import multipart from '@fastify/multipart';
import { requestContext, type AppContext, type RequestContext } from './context.ts';
import authPlugin from './plugins/auth.ts';
import sameOrigin from './plugins/same-origin.ts';
import adminAccess from './plugins/admin-access.ts';
import errorsPlugin from './plugins/errors.ts';
import allowedMethods from './plugins/allowed-methods.ts';
import queryCancellation from './plugins/query-cancellation.ts';
import openapi from './plugins/openapi.ts';
import inputGuard from './plugins/input-guard.ts';
import jsonBody from './plugins/json-body.ts';
import { closeConnectionAfterEarlyAnswer } from './plugins/early-answer.ts';
import bodyLimits from './plugins/body-limits.ts';
import consoleStatic from './plugins/console-static.ts';
import cacheControl from './plugins/cache-control.ts';
import { appRouter, type AppRouter } from './router.ts';
import type { ProcedureMeta } from './trpc/trpc.ts';
import { healthRoutes } from './health/health.routes.ts';
import { MULTIPART_LIMITS } from './assets/multipart.ts';
import { DOMAINS } from './domains.ts';
import { domainScope } from './plugins/admin-access.ts';
import { studentScope } from './plugins/student-access.ts';
import { ROUTER_OPTIONS } from './http/router-options.ts';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/framework-errors.ts';
import { securityHeaderOptions } from './http/security-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The service context of this request (database, config, the signed-in user). */
    ctx: RequestContext;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** The pool behind db: the session check runs a prepared statement on it. */
  pool: pg.Pool;
  /** Where files live. */
  storage: Storage;
  /** Directory of the built console; null serves the API only. */
  consoleDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (the server process shares one with the worker). */
  loggerInstance?: FastifyBaseLogger;
  /** Extra plugins registered after the product's routes (tests add probe routes this way). */
  plugins?: Array<(app: FastifyInstance) => Promise<void>>;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger: options.logger ?? {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
        }),
    trustProxy: config.TRUST_PROXY,
    forceCloseConnections: 'idle',
    routerOptions: ROUTER_OPTIONS,
    // Addresses refused before routing answer like every other error.
    frameworkErrors: frameworkErrorHandler(config.secureCookies),
    clientErrorHandler: clientErrorHandler(config.secureCookies),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON and multipart bodies: a cross-site text/plain form post has no parser to reach.
  app.removeContentTypeParser('text/plain');

  // First, so that every hook and handler after it (the session check too) runs in the request's scope.
  await app.register(queryCancellation);

  const appContext: AppContext = { db, config, log: app.log, storage: options.storage };
  app.decorateRequest('ctx', {
    getter() {
      return requestContext(appContext, this);
    },
  });

  // Closing: answers still in flight tell the client to close the connection, so that
  // kept-alive connections do not hold the shutdown until their keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  // Any answer sent before its request's body arrived (a refused upload, a caller without access)
  // closes the connection, so the client sees it at once instead of sending the rest.
  app.addHook('onSend', closeConnectionAfterEarlyAnswer);

  await app.register(errorsPlugin);
  // Before any route, so that it sees them all.
  await app.register(allowedMethods);
  await app.register(cacheControl);
  await app.register(jsonBody);
  await app.register(helmet, securityHeaderOptions(config.secureCookies));
  await app.register(authPlugin, { pool: options.pool, config });
  await app.register(sameOrigin, { publicOrigin: config.publicOrigin });
  await app.register(adminAccess);
  await app.register(bodyLimits, { procedures: appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }> });
  await app.register(inputGuard);
  await app.register(openapi);
  await app.register(multipart, {
    // Files stream through; these limits stop oversized or malformed requests early.
    limits: { fileSize: config.ASSET_MAX_UPLOAD_MB * 1024 * 1024, ...MULTIPART_LIMITS },
    throwFileSizeLimit: true,
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => ({
        ...req.ctx,
        setHeader: (name: string, value: string) => void res.header(name, value),
      }),
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(healthRoutes, { db });
  for (const domain of DOMAINS) {
    await app.register(async (scope) => {
      domainScope(scope, domain.screen);
      for (const routes of domain.routes) await scope.register(routes, { app: appContext });
    });
    await app.register(async (scope) => {
      studentScope(scope);
      for (const routes of domain.studentRoutes ?? []) await scope.register(routes, { app: appContext });
    });
  }
  for (const plugin of options.plugins ?? []) await app.register(plugin);

  await app.register(consoleStatic, { dir: options.consoleDir ?? null });
  return app;
}
