import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Anyone may call the route, signed in or not (sign-in, registration, recovery, the app's
     * settings, health). Every other route needs a session (a cookie or a bearer token): the OpenAPI
     * document declares it so, and student routes refuse a caller without one before reading input.
     */
    public?: boolean;
  }
}

/** True when the route the request reached is open to anyone. */
export function isPublicRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config.public === true;
}
