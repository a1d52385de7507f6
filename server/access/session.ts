import { hkdfSync } from 'node:crypto';

/** Sessions: the cookie's name and content, the idle clock's step, and keys derived from SESSION_SECRET. */
export const SESSION_COOKIE = 'psc_session';
/**
 * How stale the idle clock in the cookie may get before a request moves it forward. Renewing
 * it means a new Set-Cookie, so it is not done on every request; but a session can end this
 * much before the timeout, so the step is a sixtieth of the timeout, and at most a minute:
 * 1 s for a one-minute timeout, 12 s for twelve minutes, a minute for an hour or more.
 */
export function idleClockStepMs(idleTimeoutMinutes: number): number {
  return Math.min(60_000, idleTimeoutMinutes * 1_000);
}

interface CookieSessionData {
  sid: string;
  uid: string;
  sv: number;
  /** Issued at, ms: the absolute lifetime counts from here. */
  iat: number;
  /** Last seen, ms: the idle timeout counts from here. */
  seen: number;
}

declare module '@fastify/secure-session' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation merges the fields in
  interface SessionData extends CookieSessionData {}
}

export type AuthState = 'signed-out' | 'expired' | 'signed-in';

export interface CookieSession {
  /** Starts a fresh session cookie (sign-in renews it completely). */
  establish(session: { sessionId: string; userId: string; sessionVersion: number }): void;
  /** Ends the cookie; does nothing on a request that carries a bearer token (which never touches the cookie). */
  clear(): void;
}

/** A 32-byte key for one purpose, derived from SESSION_SECRET. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'psc-console', purpose, 32));
}
