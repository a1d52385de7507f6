import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import type { CurrentUser, loginInputSchema, registerInputSchema, socialAuthInputSchema } from '../../shared/auth/auth.schema.ts';
import type { z } from 'zod';
import type { RequestContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimit, consumeRateLimits, resetRateLimit } from '../rate-limit/rate-limit.service.ts';
import { requireActor } from '../access/access.ts';
import { toCurrentUser } from '../access/actor.ts';
import * as repo from './auth.repository.ts';
import { addressRule, signInFailureRules, signInKeys } from './auth.limits.ts';
import { verifyGoogleIdToken } from './google-id-token.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { createSignInSession, type SignInWay } from './sign-in-session.ts';

export function currentUserOf(user: UserRow): CurrentUser {
  return toCurrentUser({
    id: user.id,
    name: user.name,
    roles: user.roles,
    phoneNumber: user.phone_number,
    emailAddress: user.email_address,
  });
}

/** When a session begun now ends at the latest (SESSION_MAX_AGE_DAYS). */
export function sessionExpiry(ctx: RequestContext): Date {
  return new Date(Date.now() + ctx.config.SESSION_MAX_AGE_DAYS * 86_400_000);
}

/** Creates a session row and a fresh cookie for it. */
async function startSession(ctx: RequestContext, user: UserRow, method: SignInWay['method']): Promise<void> {
  const sessionId = await createSignInSession(ctx, user, { expiresAt: sessionExpiry(ctx) }, { method, session: 'cookie' });
  ctx.session.establish({ sessionId, userId: user.id, sessionVersion: user.session_version });
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function register(ctx: RequestContext, input: z.output<typeof registerInputSchema>): Promise<CurrentUser> {
  await consumeRateLimit(ctx.db, addressRule('register', ctx.ip));
  if (await repo.findUserByEmail(ctx.db, input.emailAddress)) throw new AppError('conflict', MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await repo.insertUser(ctx.db, {
      name: input.name,
      email_address: input.emailAddress,
      password_hash: passwordHash,
      roles: [],
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the second loses here.
    if (isUniqueViolation(error)) throw new AppError('conflict', MESSAGES.emailTaken);
    throw error;
  }
  await startSession(ctx, user, 'password');
  return currentUserOf(user);
}

/**
 * The account an e-mail address and password sign in to, for a cookie or a bearer token alike.
 * Only failures count against the sign-in limits: each attempt takes its place in the
 * counts before the password is checked (so simultaneous guesses are counted exactly) and
 * gives it back when it was not a wrong password. A success also clears the failures of its
 * own address for the account, but not the account's daily budget.
 */
export async function checkPasswordSignIn(ctx: RequestContext, input: z.output<typeof loginInputSchema>): Promise<UserRow> {
  const attempt = await consumeRateLimits(ctx.db, signInFailureRules(input.emailAddress, ctx.ip));
  const user = await repo.findUserByEmail(ctx.db, input.emailAddress);
  const passwordMatches = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordMatches) throw new AppError('unauthenticated', MESSAGES.wrongCredentials);
  await attempt.release();
  if (user.disabled_at) throw new AppError('forbidden', MESSAGES.accountDisabled);
  await resetRateLimit(ctx.db, signInKeys(input.emailAddress, ctx.ip).pair);
  if (needsRehash(user.password_hash!)) {
    await repo.updatePasswordHash(ctx.db, user.id, await hashPassword(input.password));
  }
  return user;
}

export async function login(ctx: RequestContext, input: z.output<typeof loginInputSchema>): Promise<CurrentUser> {
  const user = await checkPasswordSignIn(ctx, input);
  await startSession(ctx, user, 'password');
  return currentUserOf(user);
}

/** Ends the session the request signed in with: its cookie, or its bearer token. */
export async function logout(ctx: RequestContext): Promise<{ status: 'success' }> {
  const actor = await ctx.actor();
  if (actor) await repo.revokeSession(ctx.db, actor.sessionId);
  ctx.session.clear();
  return { status: 'success' };
}

export async function me(ctx: RequestContext): Promise<CurrentUser> {
  return toCurrentUser(await requireActor(ctx));
}

/** The console asks this at start; signed out is an answer, not an error. */
export async function currentUserOrNull(ctx: RequestContext): Promise<CurrentUser | null> {
  const actor = await ctx.actor();
  return actor ? toCurrentUser(actor) : null;
}

/** The account a Google ID token signs in to (linked or created on first use), for a cookie or a bearer token alike. */
export async function checkGoogleSignIn(ctx: RequestContext, input: z.output<typeof socialAuthInputSchema>): Promise<UserRow> {
  await consumeRateLimit(ctx.db, addressRule('login', ctx.ip));
  const clientId = ctx.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw new AppError('not-configured', MESSAGES.socialNotConfigured);
  const identity = await verifyGoogleIdToken(input.idToken, { clientId, jwksUrl: ctx.config.GOOGLE_JWKS_URL });
  let user = await repo.findUserByGoogleSubject(ctx.db, identity.subject);
  if (!user && identity.email && identity.emailVerified) {
    const byEmail = await repo.findUserByEmail(ctx.db, identity.email);
    if (byEmail) {
      user = await repo.setGoogleSubject(ctx.db, byEmail.id, identity.subject);
    }
  }
  if (!user) {
    try {
      user = await repo.insertUser(ctx.db, {
        name: identity.name ?? '',
        email_address: identity.email && identity.emailVerified ? identity.email : null,
        google_subject: identity.subject,
        roles: [],
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await repo.findUserByGoogleSubject(ctx.db, identity.subject);
      if (!user) throw error;
    }
  }
  if (user.disabled_at) throw new AppError('forbidden', MESSAGES.accountDisabled);
  return user;
}

export async function socialAuthenticate(ctx: RequestContext, input: z.output<typeof socialAuthInputSchema>): Promise<CurrentUser> {
  const user = await checkGoogleSignIn(ctx, input);
  await startSession(ctx, user, 'google');
  return currentUserOf(user);
}
