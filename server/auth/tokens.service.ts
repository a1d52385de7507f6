import type { z } from 'zod';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { loginInputSchema, socialAuthInputSchema } from '../../shared/auth/auth.schema.ts';
import type { IssuedToken } from '../../shared/auth/bearer-token.schema.ts';
import type { RequestContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { requireActor } from '../access/access.ts';
import { newBearerToken } from '../access/bearer-token.ts';
import * as repo from './auth.repository.ts';
import { createSignInSession, type SignInWay } from './sign-in-session.ts';
import { checkGoogleSignIn, checkPasswordSignIn, currentUserOf, sessionExpiry } from './auth.service.ts';

/**
 * Bearer tokens for the apps: the same sign-in checks, limits and messages as the cookie's, ending
 * in a session row that holds the token's hash instead of in a cookie.
 */
async function issueToken(ctx: RequestContext, user: UserRow, method: SignInWay['method']): Promise<IssuedToken> {
  const { token, hash } = newBearerToken();
  const expiresAt = sessionExpiry(ctx);
  await createSignInSession(ctx, user, { expiresAt, tokenHash: hash }, { method, session: 'bearer' });
  return { accessToken: token, tokenType: 'Bearer', expiresAt: expiresAt.toISOString(), user: currentUserOf(user) };
}

export async function signInForToken(ctx: RequestContext, input: z.output<typeof loginInputSchema>): Promise<IssuedToken> {
  return issueToken(ctx, await checkPasswordSignIn(ctx, input), 'password');
}

export async function googleSignInForToken(ctx: RequestContext, input: z.output<typeof socialAuthInputSchema>): Promise<IssuedToken> {
  return issueToken(ctx, await checkGoogleSignIn(ctx, input), 'google');
}

/** Ends the bearer token the request carries; a request signed in with the cookie is told to send one. */
export async function revokeToken(ctx: RequestContext): Promise<{ status: 'success' }> {
  const actor = await requireActor(ctx);
  if (actor.credential !== 'bearer') throw new AppError('validation', MESSAGES.bearerTokenRequired, { field: 'authorization' });
  await repo.revokeSession(ctx.db, actor.sessionId);
  return { status: 'success' };
}
