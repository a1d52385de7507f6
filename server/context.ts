import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Storage } from './assets/storage/storage.ts';
import type { Actor } from './access/actor.ts';
import type { AuthState, CookieSession } from './access/session.ts';

/** What every service needs from the running product. */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Where files live (local disk or an S3-compatible bucket). */
  storage: Storage;
}

/** A service call made on behalf of one HTTP request, from REST or tRPC alike. */
export interface RequestContext extends AppContext {
  ip: string;
  userAgent: string | null;
  actor(): Promise<Actor | null>;
  authState(): Promise<AuthState>;
  session: CookieSession;
}

export function requestContext(app: AppContext, request: FastifyRequest): RequestContext {
  return {
    ...app,
    log: request.log,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    actor: () => request.actor(),
    authState: () => request.authState(),
    session: request.cookieSession,
  };
}
