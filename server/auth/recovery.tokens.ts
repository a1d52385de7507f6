import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../shared/auth/auth.constants.ts';
import type { RecoveryOptionType } from '../../shared/auth/auth.schema.ts';
import { deriveKey } from '../plugins/auth.ts';

/** How long the options handed out by initiate stay usable. */
const OPTION_KEY_TTL_MS = 30 * 60_000;

interface OptionKeyPayload {
  uid: string;
  type: RecoveryOptionType;
  exp: number;
}

function hmac(secret: string, purpose: string, data: string): Buffer {
  return createHmac('sha256', deriveKey(secret, purpose)).update(data).digest();
}

/** A signed, expiring reference to one recovery option of one account. */
export function signOptionKey(secret: string, uid: string, type: RecoveryOptionType, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ uid, type, exp: now + OPTION_KEY_TTL_MS })).toString('base64url');
  return `${body}.${hmac(secret, 'recovery-option', body).toString('base64url')}`;
}

export function readOptionKey(secret: string, key: string, now = Date.now()): OptionKeyPayload | undefined {
  const [body, signature] = key.split('.');
  if (!body || !signature) return undefined;
  const expected = hmac(secret, 'recovery-option', body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OptionKeyPayload;
    if (typeof payload.uid !== 'string' || typeof payload.exp !== 'number' || payload.exp < now) return undefined;
    if (payload.type !== 'email' && payload.type !== 'phone') return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
}

export function newOtpToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOtpToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The code is bound to its token, so a code is only good with the token it was sent for. */
export function hashOtpCode(secret: string, tokenHash: string, code: string): string {
  return hmac(secret, 'recovery-code', `${tokenHash}:${code}`).toString('hex');
}

export function otpCodeMatches(secret: string, tokenHash: string, code: string, codeHash: string): boolean {
  const expected = Buffer.from(hashOtpCode(secret, tokenHash, code), 'hex');
  const stored = Buffer.from(codeHash, 'hex');
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}
