import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { VIDEO_KEY_BYTES } from '../../shared/media/hls-encryption.rules.ts';
import { deriveKey } from '../access/session.ts';
import type { Db } from '../db/database.ts';
import { findSealedVideoKey, insertVideoKeyIfMissing } from './video-keys.repository.ts';

/**
 * A video's segment key (16 bytes) is stored sealed: AES-256-GCM under a key derived from
 * SESSION_SECRET, with the asset id as associated data (a sealed key copied to another row opens
 * nothing). A database copy alone therefore holds no usable key; a changed SESSION_SECRET makes
 * the keys unreadable, and the videos then play nowhere until they are processed again.
 */
const SEAL_PURPOSE = 'video-segment-keys';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function sealVideoKey(secret: string, assetId: string, key: Uint8Array): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, SEAL_PURPOSE), nonce);
  cipher.setAAD(Buffer.from(assetId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]);
}

/** The key, or an error when the sealed bytes were not sealed for this asset with this secret. */
export function unsealVideoKey(secret: string, assetId: string, sealed: Uint8Array): Buffer {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, SEAL_PURPOSE), bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(assetId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  const key = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
  if (key.length !== VIDEO_KEY_BYTES) throw new Error('A sealed video key does not hold 16 bytes');
  return key;
}

/**
 * The video's key, made (16 random bytes) the first time its processing starts and kept from then
 * on: a retry, a re-process and a replaced file keep it, so the ladder a replace keeps serving and
 * the new one play with the same key. Two runs at once agree on one key.
 */
export async function videoKeyFor(db: Db, secret: string, assetId: string): Promise<Buffer> {
  const sealed = await insertVideoKeyIfMissing(db, assetId, sealVideoKey(secret, assetId, randomBytes(VIDEO_KEY_BYTES)));
  return unsealVideoKey(secret, assetId, sealed);
}

/** The video's key, if it has one. */
export async function findVideoKey(db: Db, secret: string, assetId: string): Promise<Buffer | undefined> {
  const sealed = await findSealedVideoKey(db, assetId);
  return sealed ? unsealVideoKey(secret, assetId, sealed) : undefined;
}
