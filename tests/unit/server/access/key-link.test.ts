import { describe, expect, it } from 'vitest';
import { checkAssetSignature, keyLink, scopeOpens } from '../../../../server/access/asset-urls.ts';
import { sealVideoKey, unsealVideoKey } from '../../../../server/assets/video-keys.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const ASSET = '0b6f1c2e-8d4a-4f3b-9a57-1c2d3e4f5a6b';
const STUDENT = '7e1d2c3b-4a59-4867-8f9e-0a1b2c3d4e5f';
const query = (link: string) => Object.fromEntries(new URL(link, 'http://x').searchParams) as Record<string, string>;

describe('a key link', () => {
  it('is signed for one user, scope key, for 5 to 6 minutes ending on a whole minute', () => {
    const now = Date.UTC(2026, 10, 27, 10, 0, 10);
    const link = keyLink(SECRET, ASSET, STUDENT, now);
    expect(link.startsWith(`/api/assets/${ASSET}/key?`)).toBe(true);
    const signed = query(link);
    expect(signed).toMatchObject({ scope: 'key', student: STUDENT, expires: String(Date.UTC(2026, 10, 27, 10, 6, 0) / 1000) });
    expect(checkAssetSignature(SECRET, ASSET, signed, now)).toBe('valid');
    expect(checkAssetSignature(SECRET, ASSET, signed, now + 6 * 60_000)).toBe('expired');
    expect(checkAssetSignature(SECRET, ASSET, { ...signed, student: ASSET }, now)).toBe('invalid');
    expect(checkAssetSignature(SECRET, STUDENT, signed, now)).toBe('invalid');
  });

  it('stays the same within a minute, so a player reloading a playlist fetches the key once', () => {
    const start = Date.UTC(2026, 10, 27, 10, 0, 0, 1);
    expect(keyLink(SECRET, ASSET, STUDENT, start + 59_000)).toBe(keyLink(SECRET, ASSET, STUDENT, start));
    expect(keyLink(SECRET, ASSET, STUDENT, start + 60_000)).not.toBe(keyLink(SECRET, ASSET, STUDENT, start));
  });

  it('is the bare key route without a session, and opens no file of the asset', () => {
    expect(keyLink(SECRET, ASSET, undefined)).toBe(`/api/assets/${ASSET}/key`);
    for (const file of ['original', 'hls', 'poster', 'page'] as const) expect(scopeOpens('key', file, 'video')).toBe(false);
  });
});

describe('a sealed video key', () => {
  it('opens only with the same secret, for the same file', () => {
    const key = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const sealed = sealVideoKey(SECRET, ASSET, key);
    expect(sealed.includes(key)).toBe(false);
    expect(unsealVideoKey(SECRET, ASSET, sealed).equals(key)).toBe(true);
    expect(() => unsealVideoKey(`${SECRET}-changed`, ASSET, sealed)).toThrow();
    expect(() => unsealVideoKey(SECRET, STUDENT, sealed)).toThrow();
    // Sealed twice, the bytes differ (a fresh nonce each time).
    expect(sealVideoKey(SECRET, ASSET, key).equals(sealed)).toBe(false);
  });
});
