import fp from 'fastify-plugin';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type pg from 'pg';
import type { Actor } from '../access/actor.ts';
import { touchTokenSession, type SessionUserRow } from '../access/sessions.repository.ts';
import { findLiveSession, findLiveTokenSession } from '../access/live-session-batches.ts';
import { bearerCredentialOf } from '../access/bearer-token.ts';
import { deriveKey, idleClockStepMs, SESSION_COOKIE, type AuthState, type CookieSession } from '../access/session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, checked against the database once per request. */
    actor(): Promise<Actor | null>;
    authState(): Promise<AuthState>;
    cookieSession: CookieSession;
  }
}

interface Resolved {
  state: AuthState;
  actor: Actor | null;
}

const EXPIRED: Resolved = { state: 'expired', actor: null };

function signedIn(row: SessionUserRow, sessionId: string, credential: Actor['credential']): Resolved {
  return {
    state: 'signed-in',
    actor: {
      id: row.id,
      name: row.name,
      roles: row.roles,
      phoneNumber: row.phone_number,
      emailAddress: row.email_address,
      sessionId,
      credential,
    },
  };
}

async function resolveCookie(request: FastifyRequest, pool: pg.Pool, config: Config): Promise<Resolved> {
  const session = request.session;
  const sid = session.get('sid');
  const uid = session.get('uid');
  const sv = session.get('sv');
  const iat = session.get('iat');
  const seen = session.get('seen');
  if (!sid || !uid || typeof sv !== 'number' || typeof iat !== 'number' || typeof seen !== 'number') {
    return { state: 'signed-out', actor: null };
  }
  const now = Date.now();
  const expired = now - iat > config.SESSION_MAX_AGE_DAYS * 86_400_000 || now - seen > config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000;
  const row = expired ? undefined : await findLiveSession(pool, sid, uid);
  if (!row || row.session_version !== sv) {
    session.delete();
    return EXPIRED;
  }
  if (now - seen >= idleClockStepMs(config.SESSION_IDLE_TIMEOUT_MINUTES)) session.set('seen', now);
  return signedIn(row, sid, 'cookie');
}

/** A bearer token's session: the row's own times say whether it is still live, in one query. */
async function resolveBearer(tokenHash: Buffer, pool: pg.Pool, config: Config): Promise<Resolved> {
  const stepMs = idleClockStepMs(config.SESSION_IDLE_TIMEOUT_MINUTES);
  const row = await findLiveTokenSession(pool, tokenHash, { idleTimeoutMinutes: config.SESSION_IDLE_TIMEOUT_MINUTES, stepMs });
  if (!row) return EXPIRED;
  if (row.clock_due) await touchTokenSession(pool, row.session_id, stepMs);
  return signedIn(row, row.session_id, 'bearer');
}

/**
 * A request with `Authorization: Bearer` is judged by its token alone: the cookie, if it carries one
 * too, is neither read nor changed. A bearer credential that is not a token of ours answers as an
 * expired session, without a query.
 */
function resolveActor(request: FastifyRequest, pool: pg.Pool, config: Config): Promise<Resolved> {
  const bearer = bearerCredentialOf(request.headers.authorization);
  if (bearer.kind === 'none') return resolveCookie(request, pool, config);
  if (bearer.kind === 'malformed') return Promise.resolve(EXPIRED);
  return resolveBearer(bearer.hash, pool, config);
}

async function authPlugin(app: FastifyInstance, options: { pool: pg.Pool; config: Config }): Promise<void> {
  const { pool, config } = options;
  await app.register(secureSession, {
    cookieName: SESSION_COOKIE,
    key: deriveKey(config.SESSION_SECRET, 'session-cookie'),
    expiry: config.SESSION_MAX_AGE_DAYS * 86_400,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: config.SESSION_MAX_AGE_DAYS * 86_400,
    },
  });

  app.decorateRequest('actor', async function actor(this: FastifyRequest) {
    return (await resolvedFor(this)).actor;
  });
  app.decorateRequest('authState', async function authState(this: FastifyRequest) {
    return (await resolvedFor(this)).state;
  });
  app.decorateRequest('cookieSession', {
    getter(this: FastifyRequest): CookieSession {
      return cookieSessionOf(this);
    },
  });

  function cookieSessionOf(request: FastifyRequest): CookieSession {
    return {
      establish({ sessionId, userId, sessionVersion }) {
        const now = Date.now();
        resolved.delete(request);
        request.session.regenerate();
        request.session.set('sid', sessionId);
        request.session.set('uid', userId);
        request.session.set('sv', sessionVersion);
        request.session.set('iat', now);
        request.session.set('seen', now);
      },
      clear() {
        // A request that signs in with a bearer token leaves the cookie alone, as it does when reading.
        if (bearerCredentialOf(request.headers.authorization).kind !== 'none') return;
        resolved.delete(request);
        request.session.delete();
      },
    };
  }

  const resolved = new WeakMap<FastifyRequest, Promise<Resolved>>();
  function resolvedFor(request: FastifyRequest): Promise<Resolved> {
    let pending = resolved.get(request);
    if (!pending) {
      pending = resolveActor(request, pool, config);
      resolved.set(request, pending);
    }
    return pending;
  }
}

export default fp(authPlugin, { name: 'auth' });
