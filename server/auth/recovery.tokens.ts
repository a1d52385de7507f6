import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../shared/auth/auth.constants.ts';
import type { RecoveryOptionType } from '../../shared/auth/auth.schema.ts';
import { deriveKey } from '../access/session.ts';

/** How long the options handed out by initiate stay usable. */
const OPTION_KEY_TTL_MS = 30 * 60_000;
const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;

interface OptionKeyPayload {
  uid: string;
  type: RecoveryOptionType;
  exp: number;
}

function hmac(secret: string, purpose: string, data: string): Buffer {
  return createHmac('sha256', deriveKey(secret, purpose)).update(data).digest();
}

/**
 * An expiring reference to one recovery option of one account, sealed (AES-256-GCM with a
 * key derived from SESSION_SECRET): it is handed out before sign-in, so whoever holds it
 * learns nothing from it, not even which account it names, and cannot alter it unnoticed.
 */
export function sealOptionKey(secret: string, uid: string, type: RecoveryOptionType, now = Date.now()): string {
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'recovery-option-seal'), iv);
  const payload: OptionKeyPayload = { uid, type, exp: now + OPTION_KEY_TTL_MS };
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The option a sealed key names, or undefined when it was altered, sealed with another secret, or has expired. */
export function openOptionKey(secret: string, key: string, now = Date.now()): OptionKeyPayload | undefined {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length <= SEAL_IV_BYTES + SEAL_TAG_BYTES || bytes.toString('base64url') !== key) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, 'recovery-option-seal'), bytes.subarray(0, SEAL_IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - SEAL_TAG_BYTES));
    const opened = Buffer.concat([decipher.update(bytes.subarray(SEAL_IV_BYTES, bytes.length - SEAL_TAG_BYTES)), decipher.final()]);
    const payload = JSON.parse(opened.toString('utf8')) as OptionKeyPayload;
    if (typeof payload.uid !== 'string' || typeof payload.exp !== 'number' || payload.exp < now) return undefined;
    if (payload.type !== 'email' && payload.type !== 'phone') return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
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
