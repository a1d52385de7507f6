import { ECDH, timingSafeEqual } from 'node:crypto';

/** Whether a subscription's p256dh is an uncompressed P-256 point on the curve (65 bytes, 0x04 first). */
export function isP256PublicKey(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Whether a subscription's auth secret is 16 bytes. */
export function isAuthSecret(auth: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(auth) && Buffer.from(auth, 'base64url').length === 16;
}

/** Whether two auth secrets are the same, compared in constant time (the secret proves who holds a device). */
export function sameAuthSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'base64url');
  const b = Buffer.from(given, 'base64url');
  return a.length === b.length && timingSafeEqual(a, b);
}
