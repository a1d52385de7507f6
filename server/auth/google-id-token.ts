import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { MESSAGES } from '../../shared/auth/auth.constants.ts';
import { assertNoHeldConnection } from '../db/held-connection.ts';
import { AppError } from '../errors.ts';

export interface GoogleIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

const keySets = new Map<string, JWTVerifyGetKey>();

function keySetFor(jwksUrl: string): JWTVerifyGetKey {
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    // jose caches the keys and refetches them when Google rotates its signing key.
    keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

/** Verifies a Google ID token's signature, issuer, audience and expiry. */
export async function verifyGoogleIdToken(idToken: string, options: { clientId: string; jwksUrl: string }): Promise<GoogleIdentity> {
  assertNoHeldConnection("Google's key service");
  try {
    const { payload } = await jwtVerify(idToken, keySetFor(options.jwksUrl), {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: options.clientId,
      clockTolerance: 30,
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new AppError('unauthenticated', MESSAGES.socialTokenInvalid);
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
    return {
      subject: payload.sub,
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
      throw new AppError('unauthenticated', MESSAGES.socialTokenInvalid);
    }
    throw new AppError('unavailable', 'Google sign-in is unavailable right now. Please try again.');
  }
}
