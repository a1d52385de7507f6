import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { AppError } from '../errors.ts';
import { SESSION_COOKIE } from '../access/session.ts';
import { bearerCredentialOf } from '../access/bearer-token.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigins(request: FastifyRequest, publicOrigin: string | undefined): Set<string> {
  const origins = new Set<string>();
  if (publicOrigin) origins.add(publicOrigin);
  // The host the browser addressed (through a dev proxy or a load balancer, as Fastify reports it).
  const host = request.host;
  if (host) {
    origins.add(`http://${host}`);
    origins.add(`https://${host}`);
  }
  return origins;
}

/** True when a browser says the request comes from another site. */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '' && !requestOrigins(request, publicOrigin).has(origin)) return true;
  return false;
}

function carriesSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.includes(`${SESSION_COOKIE}=`);
}

/**
 * True when the request signs in with an app's bearer token and carries no session cookie. Such a
 * request holds no ambient credential (a browser never adds a bearer token by itself), so a
 * cross-site page cannot forge it: the checks against forged requests do not apply to it.
 */
export async function signsInWithBearerOnly(request: FastifyRequest): Promise<boolean> {
  if (carriesSessionCookie(request) || bearerCredentialOf(request.headers.authorization).kind !== 'token') return false;
  return (await request.actor())?.credential === 'bearer';
}

function isJsonOrMultipart(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '') return request.headers['content-length'] === undefined || request.headers['content-length'] === '0';
  // A resumable upload's bytes: like JSON, a type no cross-site form can send.
  return type === 'application/json' || type.endsWith('+json') || type === 'multipart/form-data' || type === 'application/offset+octet-stream';
}

/**
 * A state-changing request must come from the console's own origin, and one that
 * carries the session cookie must be JSON or multipart: a cross-site form post
 * (urlencoded or text/plain) is refused before it reaches any handler. Student apps
 * send no Origin and no Sec-Fetch-Site headers, so they are not affected; a request signed in
 * with a bearer token alone is exempt whatever it sends.
 */
async function sameOriginPlugin(app: FastifyInstance, options: { publicOrigin: string | undefined }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (await signsInWithBearerOnly(request)) return;
    if (isCrossSite(request, options.publicOrigin)) throw new AppError('forbidden', MESSAGES.crossSiteRefused);
    if (carriesSessionCookie(request) && !isJsonOrMultipart(request)) {
      throw new AppError('unsupported-media-type', MESSAGES.contentTypeRefused);
    }
  });
}

export default fp(sameOriginPlugin, { name: 'same-origin' });
