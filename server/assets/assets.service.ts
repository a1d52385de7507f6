import type { AccessMode, Asset, AssetKind, UploadedAsset } from '../../shared/assets/assets.schema.ts';
import { shortPostDate } from '../../shared/current-affairs/current-affair-dates.rules.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { actsForConsole } from '../access/access.ts';
import { currentAffairLinkHolds } from '../current-affairs/current-affairs.repository.ts';
import type { Db } from '../db/database.ts';
import { isStillReferenced } from '../db/references.ts';
import { retryOnConflict } from '../db/retry.ts';
import type { AssetRow, QueueItemState } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { removeJob } from '../jobs/enqueue.ts';
import { queueForProcessing, isBeingProcessed } from '../queue/queue.service.ts';
import { mediaPriority } from '../../shared/queue/priority-class.rules.ts';
import {
  checkAssetSignature,
  keyLink,
  parseGrant,
  publicUrls,
  scopeOpens,
  signAsset,
  signatureQuery,
  UNSCOPED_LINK_SCOPE,
  type SignedQuery,
} from '../access/asset-urls.ts';
import { deleteAssetRow, findAsset, insertAssets, lockAsset, lockAssetForReplace, queueStateOf } from './assets.repository.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { coursesUsingAsset, currentAffairsUsingAsset, lecturesUsingAsset, rankFilesWithBanner, winnersWithPhoto } from './asset-uses.repository.ts';
import type { StoredFileResponse } from './send-stored-file.ts';
import { releaseStorageKeys } from './storage-claims.repository.ts';
import { storeUpload, uploadLimits, type UploadPart, type StoredUpload } from './upload.ts';
import type { UploadLimits } from '../../shared/assets/upload.rules.ts';
import { resetAssetOutputs } from '../queue/asset-state.repository.ts';
import { hasKeyLine, rewriteKeyUri } from '../../shared/media/hls-encryption.rules.ts';
import { filterMasterPlaylist, type LadderChoice } from '../../shared/media/master-playlist.rules.ts';

const NOT_FOUND = 'File not found';
const BEING_PROCESSED = 'This file is being processed. Try again when it is done.';

/** Kinds that need processing before use start as uploaded; the others are ready at once. */
function initialState(kind: AssetKind): 'uploaded' | 'ready' {
  return kind === 'video' || kind === 'pdf' ? 'uploaded' : 'ready';
}

export function toAssetView(row: AssetRow, queueState: QueueItemState | null = null): Asset {
  return {
    _id: row.id,
    fileName: row.file_name,
    sizeInBytes: Number(row.size_in_bytes),
    kind: row.kind,
    contentType: row.content_type,
    accessMode: row.access_mode,
    state: row.state,
    processProgress: row.process_progress as Asset['processProgress'],
    renditions: row.renditions,
    hasConvertedtoImage: row.has_converted_to_image,
    durationInSeconds: row.duration_seconds,
    pageCount: row.page_count,
    failureReason: row.failure_reason,
    ...publicUrls(row),
    queueState,
    createdAt: row.created_at.toISOString(),
  };
}

/** What the audit log compares of a file (its stored key and outputs are the product's own). */
const assetAudited = (row: Pick<AssetRow, 'file_name' | 'kind' | 'content_type' | 'access_mode' | 'size_in_bytes' | 'state'>) => ({
  fileName: row.file_name,
  kind: row.kind,
  contentType: row.content_type,
  accessMode: row.access_mode,
  sizeInBytes: Number(row.size_in_bytes),
  state: row.state,
});

async function requireAsset(ctx: AppContext, id: string): Promise<AssetRow> {
  const asset = await findAsset(ctx.db, id);
  if (!asset) throw new AppError('not-found', NOT_FOUND);
  return asset;
}

/**
 * POST /api/assets/{accessMode}: stores every file part, then records them all in one
 * transaction. When one file is refused, none is kept.
 */
export async function uploadFiles(
  ctx: RequestContext,
  input: {
    accessMode: AccessMode;
    kind?: AssetKind;
    parts: AsyncIterable<UploadPart>;
    /** More to record in the transaction that records the files (a resumable upload notes its file). */
    recordWith?: (trx: Db, stored: readonly StoredUpload[]) => Promise<void>;
  },
): Promise<UploadedAsset[]> {
  const by = await auditBy(ctx);
  const actor = by.actor;
  const stored: StoredUpload[] = [];
  const options = { db: ctx.db, storage: ctx.storage, config: ctx.config, ...(input.kind ? { expectedKind: input.kind } : {}) };
  try {
    for await (const part of input.parts) stored.push(await storeUpload(part, options));
    if (stored.length === 0) throw new AppError('validation', 'Choose a file to upload');
    await ctx.db.transaction().execute(async (trx) => {
      await insertAssets(
        trx,
        stored.map((file) => ({
          id: file.id,
          file_name: file.fileName,
          content_type: file.contentType,
          kind: file.kind,
          access_mode: input.accessMode,
          size_in_bytes: file.sizeInBytes,
          sha256: file.sha256,
          storage_key: file.storageKey,
          state: initialState(file.kind),
          created_by: actor?.id ?? null,
        })),
      );
      await releaseStorageKeys(
        trx,
        stored.map((file) => file.storageKey),
      );
      await input.recordWith?.(trx, stored);
      await recordAudit(
        trx,
        by,
        stored.map((file) => ({
          action: 'create' as const,
          resourceType: 'asset' as const,
          resourceId: file.id,
          title: file.fileName,
          changes: changedFields(null, {
            ...assetAudited({
              file_name: file.fileName,
              kind: file.kind,
              content_type: file.contentType,
              access_mode: input.accessMode,
              size_in_bytes: file.sizeInBytes,
              state: initialState(file.kind),
            }),
          }),
        })),
      );
    });
  } catch (error) {
    await forgetStored(
      ctx,
      stored.map((file) => file.storageKey),
    );
    throw error;
  }
  return stored.map((file) => ({ _id: file.id, sizeInBytes: file.sizeInBytes, fileName: file.fileName }));
}

/** Removes files an upload stored but could not record, and lets their keys go. */
async function forgetStored(ctx: AppContext, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => {})));
  // Left claimed if this fails: the claim expires, and the cleanup removes what is still there.
  await releaseStorageKeys(ctx.db, keys).catch(() => {});
}

/**
 * PUT /api/assets/replace/{fileId}: new content of the same kind under the same id. The
 * old content and its processed outputs go; a video or PDF is queued to process again.
 *
 * Replaces of one file take turns: each locks the row, swaps in its file, and after the commit
 * deletes exactly the file (and outputs) it replaced. However many run at once, the last one's
 * file is the only one left.
 */
export async function replaceFile(
  ctx: RequestContext,
  {
    assetId,
    part: given,
    recordWith,
  }: {
    assetId: string;
    /** The request's file part, or (a resumable upload) how to open the stored file once the checks pass. */
    part: UploadPart | (() => Promise<UploadPart>);
    /** More to record in the transaction that swaps the content in (a resumable upload notes its file). */
    recordWith?: (trx: Db) => Promise<void>;
  },
): Promise<UploadedAsset> {
  // A request's body is read to its end when refused before it is read, so that the console hears the answer.
  const refuse = (error: AppError) => {
    if (typeof given !== 'function') given.file.resume();
    return error;
  };
  const asset = await findAsset(ctx.db, assetId);
  if (!asset) throw refuse(new AppError('not-found', NOT_FOUND));
  // Answered before the upload is read, so the console hears it at once; checked again under the lock.
  if (await isBeingProcessed(ctx.db, assetId)) throw refuse(new AppError('conflict', BEING_PROCESSED));
  const part = typeof given === 'function' ? await given() : given;
  const stored = await storeUpload(part, { db: ctx.db, storage: ctx.storage, config: ctx.config, expectedKind: asset.kind, assetId });
  const by = await auditBy(ctx);
  let replaced: { storage_key: string; output_prefix: string | null };
  try {
    replaced = await retryOnConflict(
      () =>
        ctx.db.transaction().execute(async (trx) => {
          const current = await lockAssetForReplace(trx, assetId);
          if (!current) throw new AppError('not-found', NOT_FOUND);
          if (await isBeingProcessed(trx, assetId)) throw new AppError('conflict', BEING_PROCESSED);
          const before = (await lockAsset(trx, assetId))!;
          // A video's complete ladder stays and is served until the new content's is ready (the worker then removes it).
          const keepLadder = current.kind === 'video' && current.output_prefix !== null && current.poster_key !== null;
          const content = {
            file_name: stored.fileName,
            content_type: stored.contentType,
            size_in_bytes: stored.sizeInBytes,
            sha256: stored.sha256,
            storage_key: stored.storageKey,
          };
          await resetAssetOutputs(trx, assetId, initialState(stored.kind), content, { keepLadder });
          if (stored.kind === 'video' || stored.kind === 'pdf') {
            await queueForProcessing(trx, {
              assetId,
              title: stored.fileName,
              type: stored.kind,
              priority: mediaPriority('reprocess', 'editor'),
              restart: true,
            });
          }
          await releaseStorageKeys(trx, [stored.storageKey]);
          await recordWith?.(trx);
          const after = (await lockAsset(trx, assetId))!;
          await recordAudit(trx, by, {
            action: 'update',
            resourceType: 'asset',
            resourceId: assetId,
            title: after.file_name,
            // The same name, kind and size still mean new content: say so.
            changes: { ...changedFields(assetAudited(before), assetAudited(after)), content: { from: before.sha256, to: after.sha256 } },
          });
          return { storage_key: current.storage_key, output_prefix: keepLadder ? null : current.output_prefix };
        }),
      { attempts: 4, pause: false },
    );
  } catch (error) {
    await forgetStored(ctx, [stored.storageKey]);
    throw error;
  }
  // Only what this replace took the place of: a newer replace, or a processing run it queued,
  // may already be writing under other keys of this file. Leftovers go with the hourly cleanup.
  await ctx.storage.delete(replaced.storage_key).catch((error: unknown) => ctx.log.warn({ err: error }, 'old file not removed'));
  if (replaced.output_prefix) {
    await ctx.storage.deletePrefix(replaced.output_prefix).catch((error: unknown) => ctx.log.warn({ err: error }, 'old outputs not removed'));
  }
  return { _id: assetId, sizeInBytes: stored.sizeInBytes, fileName: stored.fileName };
}

/** The largest file of each kind, for the console to check a chosen file before sending it. */
export function getUploadLimits(ctx: AppContext): UploadLimits {
  return uploadLimits(ctx.config);
}

/** Refuses with the list of lectures and courses that use the file, if any do. */
async function refuseIfInUse(db: Db, assetId: string): Promise<void> {
  const [lectures, courses, rankFiles, currentAffairs, winners] = await Promise.all([
    lecturesUsingAsset(db, assetId),
    coursesUsingAsset(db, assetId),
    rankFilesWithBanner(db, assetId),
    currentAffairsUsingAsset(db, assetId),
    winnersWithPhoto(db, assetId),
  ]);
  const warnings = [
    ...lectures.map((lecture) => `It is the ${lecture.use} of the lecture “${lecture.title}”`),
    ...courses.map((course) => `It is the ${course.use} of the course “${course.title}”`),
    ...rankFiles.map((rankFile) => `It is the banner image of the rank file “${rankFile.title}”`),
    ...currentAffairs.map((post) => `It is the ${post.use} of the current-affairs post of ${shortPostDate(post.title)}`),
    ...winners.map((winner) => `It is the photo of the winner announcement “${winner.winner_name || 'No name provided'}”`),
  ];
  if (warnings.length > 0) throw new AppError('has-warnings', 'This file is still in use', { warnings });
}

/** DELETE /api/assets/{id}: refused while a lecture or a course uses the file, or it is being processed. */
export async function deleteAsset(ctx: RequestContext, { assetId }: { assetId: string }): Promise<{ status: 'deleted' }> {
  const asset = await requireAsset(ctx, assetId);
  await refuseIfInUse(ctx.db, assetId);
  if (await isBeingProcessed(ctx.db, assetId)) {
    throw new AppError('conflict', BEING_PROCESSED);
  }
  const by = await auditBy(ctx);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Two deletes at once: the second finds it gone, and says so.
      const before = await lockAsset(trx, assetId);
      if (!before) throw new AppError('not-found', NOT_FOUND);
      await removeJob(trx, 'process-media', assetId);
      await deleteAssetRow(trx, assetId);
      await recordAudit(trx, by, {
        action: 'delete',
        resourceType: 'asset',
        resourceId: assetId,
        title: before.file_name,
        changes: changedFields(assetAudited(before), null),
      });
    });
  } catch (error) {
    // Something started using the file meanwhile: refused the same way, naming it.
    if (isStillReferenced(error)) {
      await refuseIfInUse(ctx.db, assetId);
      throw new AppError('has-warnings', 'This file is still in use', {
        warnings: ['Something started using this file while it was being deleted: try again'],
      });
    }
    throw error;
  }
  await ctx.storage.deletePrefix(`assets/${asset.id}/`);
  return { status: 'deleted' };
}

export async function getAsset(ctx: AppContext, { assetId }: { assetId: string }): Promise<Asset> {
  const asset = await requireAsset(ctx, assetId);
  return toAssetView(asset, await queueStateOf(ctx.db, assetId));
}

/** GET /api/admin/pdf-missing/{id}: whether the stored file of an asset is gone. */
export async function isFileMissing(ctx: AppContext, { assetId }: { assetId: string }): Promise<{ fileMissing: boolean }> {
  const asset = await findAsset(ctx.db, assetId);
  if (!asset) return { fileMissing: true };
  return { fileMissing: !(await ctx.storage.exists(asset.storage_key)) };
}

/** A link for console users that opens a private asset (the upload, its playlists, poster and pages) without a session. */
export async function signedUrl(ctx: AppContext, { assetId }: { assetId: string }): Promise<{ url: string; expiresAt: string }> {
  const asset = await requireAsset(ctx, assetId);
  const expiresAt = new Date(Date.now() + ctx.config.SIGNED_URL_TTL_SECONDS * 1000);
  const signed = signAsset(ctx.config.SESSION_SECRET, asset.id, expiresAt, { scope: 'asset' });
  return { url: `/api/assets/${asset.id}?${signatureQuery(signed)}`, expiresAt: expiresAt.toISOString() };
}

export type FileTarget = { type: 'original' } | { type: 'hls'; path: string; ladder?: LadderChoice } | { type: 'poster' } | { type: 'page'; page: number };

const HLS_PATH = /^(?:[A-Za-z0-9_-]+\/)?[A-Za-z0-9_-]+\.(m3u8|ts|m4s|mp4)$/;
/** A video's master playlist, in its HLS folder (the worker writes it under this name). */
const MASTER_PLAYLIST = 'master.m3u8';
const HLS_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};

/** Whether what a link was handed out for still stands (a current-affairs post still published, with that PDF). */
async function grantHolds(ctx: RequestContext, asset: AssetRow, query: SignedQuery): Promise<boolean> {
  if (query.grant === undefined) return true;
  const grant = parseGrant(query.grant);
  if (!grant) return false;
  return currentAffairLinkHolds(ctx.db, { postId: grant.id, generation: grant.generation, assetId: asset.id, studentId: query.student ?? null });
}

/**
 * Who may read: anyone for public assets; for private ones a console user, or anyone holding a valid
 * signed link whose scope opens the file asked for (for a link signed for one student: that student
 * signed in; for a link with a grant: while the grant holds).
 */
async function assertCanRead(ctx: RequestContext, asset: AssetRow, file: FileTarget['type'], query: SignedQuery) {
  if (asset.access_mode === 'public') return;
  const check = checkAssetSignature(ctx.config.SESSION_SECRET, asset.id, query);
  if (check === 'expired') throw new AppError('forbidden', 'This link has expired');
  if (check === 'invalid') throw new AppError('forbidden', 'This link is not valid');
  if (check === 'valid' && scopeOpens(query.scope ?? UNSCOPED_LINK_SCOPE, file, asset.kind)) {
    if (query.student !== undefined) {
      const actor = await ctx.actor();
      if (!actor) throw new AppError('unauthenticated', 'Please sign in to open this file');
      if (actor.id !== query.student) throw new AppError('forbidden', 'This link is for another student');
    }
    if (!(await grantHolds(ctx, asset, query))) throw new AppError('forbidden', 'This file has been withdrawn');
    return;
  }
  // Staff open every file with their session, whatever link came with it.
  const actor = await ctx.actor();
  if (actor && actsForConsole(actor)) return;
  if (check === 'valid') throw new AppError('forbidden', 'This link does not open this file');
  if (!actor) throw new AppError('unauthenticated', 'Please sign in to open this file');
  throw new AppError('forbidden', 'You cannot open this file');
}

/**
 * What a served playlist becomes: a signed playlist hands its signature on to the playlists and
 * segments it lists, and a rendition playlist's key URI becomes a short-lived key link for whoever
 * asked (their session must come with the key request too), or the bare key route without a session.
 */
async function playlistRewrite(ctx: RequestContext, asset: AssetRow, query: SignedQuery): Promise<(text: string) => string> {
  const { scope, student, grant } = query;
  const suffix = query.signature
    ? signatureQuery({
        expires: Number(query.expires),
        signature: query.signature,
        ...(scope === undefined ? {} : { scope }),
        ...(student === undefined ? {} : { student }),
        ...(grant === undefined ? {} : { grant }),
      })
    : undefined;
  const requester = await ctx.actor();
  const keyUri = keyLink(ctx.config.SESSION_SECRET, asset.id, requester?.id);
  return (text) => {
    const signed = suffix
      ? text
          .split('\n')
          .map((line) => (line.trim() !== '' && !line.startsWith('#') ? `${line.trim()}${line.includes('?') ? '&' : '?'}${suffix}` : line))
          .join('\n')
      : text;
    return hasKeyLine(signed) ? rewriteKeyUri(signed, keyUri) : signed;
  };
}

/** Resolves what GET /api/assets/{id}[/...] should send, after the access check. */
export async function openAssetFile(
  ctx: RequestContext,
  input: { assetId: string; target: FileTarget; query: SignedQuery },
): Promise<StoredFileResponse & { rewritePlaylist?: (text: string) => string }> {
  const asset = await requireAsset(ctx, input.assetId);
  await assertCanRead(ctx, asset, input.target.type, input.query);
  // Playlists are never kept (below): they name a key link for the one who asked, and grow while the video is processed.
  const cacheControl = asset.access_mode === 'public' ? 'public, max-age=300' : 'private, max-age=0, must-revalidate';

  let key: string;
  let contentType: string;
  let fileName: string | undefined;
  const target = input.target;
  if (target.type === 'original') {
    key = asset.storage_key;
    contentType = asset.content_type;
    fileName = asset.file_name;
  } else if (target.type === 'poster') {
    if (!asset.poster_key) throw new AppError('not-found', NOT_FOUND);
    key = asset.poster_key;
    contentType = 'image/jpeg';
  } else if (target.type === 'page') {
    if (!asset.output_prefix || !asset.has_converted_to_image || !asset.page_count || target.page < 1 || target.page > asset.page_count) {
      throw new AppError('not-found', NOT_FOUND);
    }
    key = `${asset.output_prefix}pages/${target.page}.png`;
    contentType = 'image/png';
  } else {
    const match = HLS_PATH.exec(target.path);
    if (!asset.output_prefix || !match) throw new AppError('not-found', NOT_FOUND);
    key = `${asset.output_prefix}hls/${target.path}`;
    contentType = HLS_TYPES[match[1]!]!;
  }
  const stat = await ctx.storage.stat(key);
  if (!stat) throw new AppError('not-found', NOT_FOUND);
  const result: StoredFileResponse & { rewritePlaylist?: (text: string) => string } = {
    size: stat.size,
    contentType,
    etag: target.type === 'original' ? asset.sha256 : `${asset.sha256.slice(0, 16)}-${stat.size}-${stat.modifiedAt.getTime()}`,
    lastModified: stat.modifiedAt,
    cacheControl,
    ...(fileName ? { fileName } : {}),
    open: (range) => ctx.storage.get(key, range),
  };
  if (target.type === 'hls' && contentType === HLS_TYPES.m3u8) {
    // Signed links passed on to what it lists, the key link made for the one who asked, and for the
    // master playlist only the variants of the ladder asked for.
    const rewrite = await playlistRewrite(ctx, asset, input.query);
    const ladder = target.path === MASTER_PLAYLIST && target.ladder !== undefined && target.ladder !== 'full' ? target.ladder : undefined;
    result.rewritePlaylist = ladder ? (text) => rewrite(filterMasterPlaylist(text, ladder)) : rewrite;
    // The key link in it is for the one who asked: no cache may keep it for anyone else.
    result.cacheControl = 'private, no-store';
  }
  return result;
}
