import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AssetRow } from '../db/types.ts';
import { deriveKey } from '../auth/session.ts';

/** Where an asset's files are served; every URL of one asset shares its signature. */
export const assetUrls = {
  file: (id: string) => `/api/assets/${id}`,
  playlist: (id: string) => `/api/assets/${id}/hls/master.m3u8`,
  poster: (id: string) => `/api/assets/${id}/poster.jpg`,
  page: (id: string, page: number) => `/api/assets/${id}/pages/${page}.png`,
};

function signature(secret: string, assetId: string, expires: number, student: string | undefined): string {
  const subject = student === undefined ? `${assetId}:${expires}` : `${assetId}:${expires}:${student}`;
  return createHmac('sha256', deriveKey(secret, 'asset-url')).update(subject).digest('base64url');
}

export interface AssetSignature {
  expires: number;
  signature: string;
  /** Set when the link opens the file for one student only (their session must come with it). */
  student?: string;
}

/**
 * Query parameters that open an asset (and its playlists, segments, poster and pages) until
 * `expires`; with `student`, only for that signed-in student.
 */
export function signAsset(secret: string, assetId: string, expiresAt: Date, student?: string): AssetSignature {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return { expires, signature: signature(secret, assetId, expires, student), ...(student === undefined ? {} : { student }) };
}

/** The query string of a signed link. */
export function signatureQuery(signed: AssetSignature): string {
  const params = new URLSearchParams({ expires: String(signed.expires), signature: signed.signature });
  if (signed.student !== undefined) params.set('student', signed.student);
  return params.toString();
}

export type SignatureCheck = 'absent' | 'valid' | 'expired' | 'invalid';

export function checkAssetSignature(
  secret: string,
  assetId: string,
  query: { expires?: string | undefined; signature?: string | undefined; student?: string | undefined },
  now = Date.now(),
): SignatureCheck {
  if (query.expires === undefined && query.signature === undefined) return 'absent';
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || !query.signature) return 'invalid';
  const expected = Buffer.from(signature(secret, assetId, expires, query.student));
  const given = Buffer.from(query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires * 1000 < now ? 'expired' : 'valid';
}

export function publicUrls(asset: Pick<AssetRow, 'id' | 'output_prefix' | 'poster_key' | 'page_count' | 'renditions' | 'has_converted_to_image'>) {
  return {
    url: assetUrls.file(asset.id),
    playlistUrl: asset.output_prefix && asset.renditions.length > 0 ? assetUrls.playlist(asset.id) : null,
    posterUrl: asset.poster_key ? assetUrls.poster(asset.id) : null,
    pageUrls:
      asset.has_converted_to_image && asset.page_count
        ? Array.from({ length: asset.page_count }, (_, i) => assetUrls.page(asset.id, i + 1))
        : [],
  };
}
