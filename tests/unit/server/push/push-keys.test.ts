import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isAuthSecret, isP256PublicKey, sameAuthSecret } from '../../../../server/push/push-keys.ts';

const publicKey = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey();
};

describe('isP256PublicKey', () => {
  it('takes an uncompressed point on the curve', () => {
    expect(isP256PublicKey(publicKey().toString('base64url'))).toBe(true);
  });

  it('refuses a point off the curve, a compressed point, another prefix, and other lengths', () => {
    const off = publicKey();
    off[64] = off[64]! ^ 1;
    expect(isP256PublicKey(off.toString('base64url'))).toBe(false);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    expect(isP256PublicKey(ecdh.getPublicKey(null, 'compressed').toString('base64url'))).toBe(false);
    const prefixed = publicKey();
    prefixed[0] = 0x06;
    expect(isP256PublicKey(prefixed.toString('base64url'))).toBe(false);
    expect(isP256PublicKey(Buffer.concat([publicKey(), Buffer.from([0])]).toString('base64url'))).toBe(false);
    expect(isP256PublicKey('')).toBe(false);
  });
});

describe('auth secrets', () => {
  it('are 16 bytes of base64url', () => {
    expect(isAuthSecret(randomBytes(16).toString('base64url'))).toBe(true);
    expect(isAuthSecret(randomBytes(15).toString('base64url'))).toBe(false);
    expect(isAuthSecret('AAAAAAAAAAAAAAAAAAAAAA==')).toBe(false);
    expect(isAuthSecret('+/AAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('match only when equal, whatever their lengths', () => {
    const secret = randomBytes(16).toString('base64url');
    expect(sameAuthSecret(secret, secret)).toBe(true);
    expect(sameAuthSecret(secret, randomBytes(16).toString('base64url'))).toBe(false);
    expect(sameAuthSecret(secret, secret.slice(0, 11))).toBe(false);
  });
});
