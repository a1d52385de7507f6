import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AssetRow } from '../db/types.ts';
import { deriveKey } from './session.ts';

/** Where an asset's files are served. */
export const assetUrls = {
  file: (id: string) => `/api/assets/${id}`,
  playlist: (id: string) => `/api/assets/${id}/hls/master.m3u8`,
  poster: (id: string) => `/api/assets/${id}/poster.jpg`,
  page: (id: string, page: number) => `/api/assets/${id}/pages/${page}.png`,
  key: (id: string) => `/api/assets/${id}/key`,
};

/**
 * What a signed link opens of its asset; the scope is part of the signature.
 * - `hls`: a processed video's playlists, segments and poster (lecture playback), never the uploaded file;
 * - `pdf`: a PDF (the uploaded file, when it is a PDF) and its page images (notes, current affairs);
 * - `asset`: every file of the asset, the upload included (only console users are given these);
 * - `key`: a video's segment key, for one signed-in user, for minutes (handed out in its playlists).
 */
export const SIGNATURE_SCOPES = ['hls', 'pdf', 'asset', 'key'] as const;
export type SignatureScope = (typeof SIGNATURE_SCOPES)[number];

/** Which of an asset's files a request asks for. */
export type SignedFile = 'original' | 'hls' | 'poster' | 'page';

/** Whether a link of `scope` opens `file` of an asset of `kind`. */
export function scopeOpens(scope: SignatureScope, file: SignedFile, kind: AssetRow['kind']): boolean {
  if (scope === 'asset') return true;
  if (scope === 'key') return false;
  if (scope === 'hls') return file === 'hls' || file === 'poster';
  return file === 'page' || (file === 'original' && kind === 'pdf');
}

/**
 * Links signed before scopes existed carry none: they open what a playback link opens now, so a
 * lecture that was playing keeps playing until its link expires, and never the uploaded file.
 */
export const UNSCOPED_LINK_SCOPE: SignatureScope = 'hls';

/** A grant ties a link to what it was handed out for; the link stops when that is withdrawn. */
export interface SignatureGrant {
  kind: 'current-affair';
  id: string;
  /** Grows when the post is unpublished or its PDF changes: every link of an earlier one stops. */
  generation: number;
}

const GRANT_PATTERN = /^(current-affair)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9]{1,9})$/;

export function grantText(grant: SignatureGrant): string {
  return `${grant.kind}.${grant.id}.${grant.generation}`;
}

export function parseGrant(text: string): SignatureGrant | null {
  const match = GRANT_PATTERN.exec(text);
  return match ? { kind: match[1] as SignatureGrant['kind'], id: match[2]!, generation: Number(match[3]) } : null;
}

interface SignedFields {
  assetId: string;
  expires: number;
  scope: SignatureScope | undefined;
  student: string | undefined;
  grant: string | undefined;
}

function signature(secret: string, fields: SignedFields): string {
  const { assetId, expires, scope, student, grant } = fields;
  const subject =
    scope === undefined
      ? student === undefined
        ? `${assetId}:${expires}`
        : `${assetId}:${expires}:${student}`
      : JSON.stringify(['v2', scope, assetId, expires, student ?? null, grant ?? null]);
  return createHmac('sha256', deriveKey(secret, 'asset-url')).update(subject).digest('base64url');
}

export interface AssetSignature {
  expires: number;
  signature: string;
  scope: SignatureScope;
  /** Set when the link opens the file for one student only (their session must come with it). */
  student?: string;
  /** Set when the link holds only while what it was handed out for stands (see {@link SignatureGrant}). */
  grant?: string;
}

/**
 * Query parameters that open what `scope` names of an asset until `expires`; with `student`, only
 * for that signed-in student; with `grant`, only while the grant holds.
 */
export function signAsset(
  secret: string,
  assetId: string,
  expiresAt: Date,
  options: { scope: SignatureScope; student?: string; grant?: SignatureGrant },
): AssetSignature {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const grant = options.grant ? grantText(options.grant) : undefined;
  return {
    expires,
    signature: signature(secret, { assetId, expires, scope: options.scope, student: options.student, grant }),
    scope: options.scope,
    ...(options.student === undefined ? {} : { student: options.student }),
    ...(grant === undefined ? {} : { grant }),
  };
}

/** How long a key link lasts at least: a player fetches the key when it starts a rendition, right after its playlist. */
export const KEY_LINK_TTL_SECONDS = 5 * 60;
/**
 * Key links end on a whole minute, so a playlist served again within the minute (a growing playlist
 * is fetched every few seconds) names the same link, and a player fetches the key once, not on every reload.
 */
const KEY_LINK_STEP_SECONDS = 60;

/**
 * The link to a video's key for one signed-in user (a student, or staff), valid 5 to 6 minutes, or,
 * for a request without a session, the bare key route (which answers 401).
 */
export function keyLink(secret: string, assetId: string, userId: string | undefined, now = Date.now()): string {
  if (userId === undefined) return assetUrls.key(assetId);
  const expires = Math.ceil((now / 1000 + KEY_LINK_TTL_SECONDS) / KEY_LINK_STEP_SECONDS) * KEY_LINK_STEP_SECONDS;
  const signed = signAsset(secret, assetId, new Date(expires * 1000), { scope: 'key', student: userId });
  return `${assetUrls.key(assetId)}?${signatureQuery(signed)}`;
}

/** The query string of a signed link. */
export function signatureQuery(signed: Omit<AssetSignature, 'scope'> & { scope?: SignatureScope | undefined }): string {
  const params = new URLSearchParams({ expires: String(signed.expires), signature: signed.signature });
  if (signed.scope !== undefined) params.set('scope', signed.scope);
  if (signed.student !== undefined) params.set('student', signed.student);
  if (signed.grant !== undefined) params.set('grant', signed.grant);
  return params.toString();
}

export interface SignedQuery {
  expires?: string | undefined;
  signature?: string | undefined;
  scope?: SignatureScope | undefined;
  student?: string | undefined;
  grant?: string | undefined;
}

export type SignatureCheck = 'absent' | 'valid' | 'expired' | 'invalid';

/** Whether the query's signature is this server's for this asset (its scope, student and grant included). */
export function checkAssetSignature(secret: string, assetId: string, query: SignedQuery, now = Date.now()): SignatureCheck {
  if (query.expires === undefined && query.signature === undefined) return 'absent';
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || !query.signature) return 'invalid';
  // Links made before scopes existed carry no grant.
  if (query.scope === undefined && query.grant !== undefined) return 'invalid';
  const expected = Buffer.from(signature(secret, { assetId, expires, scope: query.scope, student: query.student, grant: query.grant }));
  const given = Buffer.from(query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires * 1000 < now ? 'expired' : 'valid';
}

export function publicUrls(asset: Pick<AssetRow, 'id' | 'output_prefix' | 'poster_key' | 'page_count' | 'renditions' | 'has_converted_to_image'>) {
  return {
    url: assetUrls.file(asset.id),
    playlistUrl: asset.output_prefix && asset.renditions.length > 0 ? assetUrls.playlist(asset.id) : null,
    posterUrl: asset.poster_key ? assetUrls.poster(asset.id) : null,
    pageUrls: asset.has_converted_to_image && asset.page_count ? Array.from({ length: asset.page_count }, (_, i) => assetUrls.page(asset.id, i + 1)) : [],
  };
}
