import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer tokens of the student apps: `psc_` and 32 random bytes in base64url (256 bits). The
 * database keeps only their SHA-256, so a copy of it holds no token that works.
 */
const PREFIX = 'psc_';
const TOKEN_FORMAT = /^psc_[A-Za-z0-9_-]{43}$/;

export function hashBearerToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function newBearerToken(): { token: string; hash: Buffer } {
  const token = PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashBearerToken(token) };
}

/**
 * What a request's Authorization header says: no bearer token, a token (as its hash), or a bearer
 * credential that is not one of ours (which is never looked up). Another scheme (a proxy's Basic
 * authentication, say) is not a bearer token and is left alone. The scheme's name is case-insensitive.
 */
export type BearerCredential = { kind: 'none' } | { kind: 'malformed' } | { kind: 'token'; hash: Buffer };

export function bearerCredentialOf(authorization: string | undefined): BearerCredential {
  if (authorization === undefined || !/^bearer(\s|$)/i.test(authorization)) return { kind: 'none' };
  const token = authorization.slice('bearer'.length).trim();
  return TOKEN_FORMAT.test(token) ? { kind: 'token', hash: hashBearerToken(token) } : { kind: 'malformed' };
}
