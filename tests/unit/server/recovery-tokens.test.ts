import { describe, expect, it } from 'vitest';
import {
  hashOtpCode,
  hashOtpToken,
  newOtpCode,
  otpCodeMatches,
  readOptionKey,
  signOptionKey,
} from '../../../server/auth/recovery.tokens.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('recovery option keys', () => {
  it('round-trips the account and option type', () => {
    const key = signOptionKey(SECRET, 'user-1', 'phone');
    expect(readOptionKey(SECRET, key)).toMatchObject({ uid: 'user-1', type: 'phone' });
  });

  it('refuses a tampered, foreign or expired key', () => {
    const key = signOptionKey(SECRET, 'user-1', 'email');
    const [body, signature] = key.split('.');
    const forged = Buffer.from(JSON.stringify({ uid: 'user-2', type: 'email', exp: Date.now() + 60_000 })).toString('base64url');
    expect(readOptionKey(SECRET, `${forged}.${signature}`)).toBeUndefined();
    expect(readOptionKey(`${SECRET}-other`, key)).toBeUndefined();
    expect(readOptionKey(SECRET, `${body}`)).toBeUndefined();
    expect(readOptionKey(SECRET, key, Date.now() + 31 * 60_000)).toBeUndefined();
  });
});

describe('one-time codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 200; i += 1) expect(newOtpCode()).toMatch(/^[0-9]{6}$/);
  });

  it('match only with the token they were made for', () => {
    const token = hashOtpToken('token-a');
    const stored = hashOtpCode(SECRET, token, '123456');
    expect(otpCodeMatches(SECRET, token, '123456', stored)).toBe(true);
    expect(otpCodeMatches(SECRET, token, '123457', stored)).toBe(false);
    expect(otpCodeMatches(SECRET, hashOtpToken('token-b'), '123456', stored)).toBe(false);
  });
});
