import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorResponses } from '../http/route-options.ts';
import { loginInputSchema, socialAuthInputSchema } from '../../shared/auth/auth.schema.ts';
import { issuedTokenSchema } from '../../shared/auth/bearer-token.schema.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import * as tokens from './tokens.service.ts';

const errors = errorResponses(400, 401, 403, 429);
const lifetime =
  'It works until `expiresAt` (SESSION_MAX_AGE_DAYS after sign-in), ends after SESSION_IDLE_TIMEOUT_MINUTES without a request, ' +
  'and ends at sign-out, a password change or reset, and when the account is disabled. ' +
  'The sign-in limits and messages are those of the cookie sign-in, counted together with it.';

/** Sign-in for the apps: a bearer token instead of the console's cookie. */
export const tokenRoutes: DomainRoutes = async (app) => {
  app.post(
    '/api/auth/token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail address and password for a bearer token (apps)',
        description: `Answers a bearer token to send as \`Authorization: Bearer <accessToken>\`; sets no cookie. ${lifetime} A wrong address or password answers 401, a disabled account 403.`,
        body: loginInputSchema,
        response: { 200: issuedTokenSchema, ...errors },
      },
    },
    async (request) => tokens.signInForToken(request.ctx, request.body),
  );

  app.post(
    '/api/auth/token/social-authentication',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token for a bearer token (apps)',
        description: `The token counterpart of \`POST /api/auth/social-authentication\`. ${lifetime} Answers 501 when Google sign-in is not configured on the server.`,
        body: socialAuthInputSchema,
        response: { 200: issuedTokenSchema, 501: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request) => tokens.googleSignInForToken(request.ctx, request.body),
  );

  app.delete(
    '/api/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out an app: the bearer token the request carries stops working',
        description: 'An unknown, expired or revoked token answers 401; a request with no bearer token (the cookie only) answers 400.',
        response: { 200: z.object({ status: z.literal('success') }), ...errors },
      },
    },
    async (request) => tokens.revokeToken(request.ctx),
  );
};
