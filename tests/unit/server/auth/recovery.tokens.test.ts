import { describe, expect, it } from 'vitest';
import { hashOtpCode, hashOtpToken, newOtpCode, otpCodeMatches, openOptionKey, sealOptionKey } from '../../../../server/auth/recovery.tokens.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('recovery option keys', () => {
  it('round-trips the account and option type', () => {
    const key = sealOptionKey(SECRET, 'user-1', 'phone');
    expect(openOptionKey(SECRET, key)).toMatchObject({ uid: 'user-1', type: 'phone' });
  });

  it('are opaque: neither the account nor the option can be read from them, and each is new', () => {
    const uid = '7c7445c9-083e-43c3-bed9-45d1e309c50f';
    const key = sealOptionKey(SECRET, uid, 'email');
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = Buffer.from(key, 'base64url').toString('latin1');
    for (const hidden of [uid, 'email', 'uid', 'exp']) expect(bytes).not.toContain(hidden);
    expect(sealOptionKey(SECRET, uid, 'email')).not.toBe(key);
  });

  it('refuses a tampered, foreign, truncated or expired key', () => {
    const key = sealOptionKey(SECRET, 'user-1', 'email');
    const bytes = Buffer.from(key, 'base64url');
    for (let i = 0; i < bytes.length; i += 7) {
      const altered = Buffer.from(bytes);
      altered[i] = altered[i]! ^ 0x01;
      expect(openOptionKey(SECRET, altered.toString('base64url')), `byte ${i} altered`).toBeUndefined();
    }
    const forged = Buffer.from(JSON.stringify({ uid: 'user-2', type: 'email', exp: Date.now() + 60_000 })).toString('base64url');
    expect(openOptionKey(SECRET, forged)).toBeUndefined();
    expect(openOptionKey(`${SECRET}-other`, key)).toBeUndefined();
    expect(openOptionKey(SECRET, key.slice(0, -4))).toBeUndefined();
    expect(openOptionKey(SECRET, `${key}.`)).toBeUndefined();
    expect(openOptionKey(SECRET, '')).toBeUndefined();
    expect(openOptionKey(SECRET, key, Date.now() + 31 * 60_000)).toBeUndefined();
    expect(openOptionKey(SECRET, key, Date.now() + 29 * 60_000)).toBeDefined();
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
