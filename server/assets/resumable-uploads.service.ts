import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { UploadedAsset } from '../../shared/assets/assets.schema.ts';
import { sanitizeFileName } from '../../shared/assets/file-name.rules.ts';
import { resumableMetadataSchema, type ResumableUploadMetadata } from '../../shared/assets/resumable-upload.rules.ts';
import { requireConsoleActor } from '../access/access.ts';
import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { replaceFile, uploadFiles } from './assets.service.ts';
import type { ResumableStore } from './resumable-store.ts';
import {
  claimFinishing,
  deleteResumableUpload,
  findOwnUpload,
  insertResumableUpload,
  markFinished,
  FINISHING_HEARTBEAT_MS,
  releaseFinishing,
  renewFinishing,
  type ResumableUploadRow,
} from './resumable-uploads.repository.ts';
import { detectFileType, SNIFF_BYTES } from './file-kind.ts';
import { notOfKindMessage } from '../../shared/assets/upload.rules.ts';
import { kindLimitBytes, tooLargeError } from './upload.ts';

export const UPLOAD_NOT_FOUND = 'This upload was not found: it finished, expired or was cancelled. Choose the file again to upload it.';
const LENGTH_REQUIRED = 'Upload-Length must give the size of the file in bytes';
const BEING_FINISHED = 'This upload is being stored; try again in a moment';

/** The headers of a tus creation request (POST). */
export interface ResumableCreation {
  uploadLength: string | undefined;
  deferLength: string | undefined;
  metadata: string | undefined;
}

/** Upload-Metadata: comma-separated `key base64(value)` pairs (tus 1.0.0). */
export function parseUploadMetadata(header: string | undefined): ResumableUploadMetadata {
  const pairs: Record<string, string> = {};
  for (const item of (header ?? '').split(',')) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    const [key = '', value = '', extra] = trimmed.split(' ');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(key) || extra !== undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || key in pairs) {
      throw new AppError('validation', 'Upload-Metadata is not valid: it takes pairs of a key and a base64 value', { field: 'Upload-Metadata' });
    }
    pairs[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  const parsed = resumableMetadataSchema.safeParse(pairs);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation', issue?.message ?? 'Upload-Metadata is not valid', { field: 'Upload-Metadata' });
  }
  return parsed.data;
}

/**
 * POST /api/assets/resumable: checks the file's name, kind, access and size as the multipart
 * upload does (the kind's limit when the kind is given, else the upload limit), and records who
 * began it. Answers the new upload's id; the tus server then creates it in the data store.
 */
export async function beginResumableUpload(ctx: RequestContext, creation: ResumableCreation): Promise<string> {
  const actor = await requireConsoleActor(ctx);
  const metadata = parseUploadMetadata(creation.metadata);
  const fileName = sanitizeFileName(metadata.filename);
  if (creation.deferLength !== undefined || creation.uploadLength === undefined || !/^[0-9]{1,16}$/.test(creation.uploadLength)) {
    throw new AppError('validation', LENGTH_REQUIRED, { field: 'Upload-Length' });
  }
  const size = Number(creation.uploadLength);
  if (size === 0) throw new AppError('validation', `The file ${fileName} is empty`, { field: 'Upload-Length' });
  const limit = metadata.kind ? kindLimitBytes(ctx.config, metadata.kind) : ctx.config.ASSET_MAX_UPLOAD_MB * 1024 * 1024;
  if (size > limit) {
    const error = tooLargeError(fileName, limit, metadata.kind);
    throw new AppError('too-large', error.message, { field: 'Upload-Length' });
  }
  const id = randomUUID();
  await insertResumableUpload(ctx.db, {
    id,
    created_by: actor.id,
    file_name: fileName,
    kind: metadata.kind ?? null,
    access_mode: metadata.accessMode ?? 'private',
    size_in_bytes: size,
  });
  return id;
}

/** The caller's own unfinished upload; anyone else's, a finished one or none answers 404 alike. */
export async function requireOwnUnfinishedUpload(ctx: RequestContext, id: string): Promise<ResumableUploadRow> {
  const actor = await requireConsoleActor(ctx);
  const row = await findOwnUpload(ctx.db, id, actor.id);
  if (!row || row.asset_id !== null) throw new AppError('not-found', UPLOAD_NOT_FOUND);
  return row;
}

/**
 * The first chunk of an upload of a known kind (PATCH at offset 0, long enough to tell): the
 * content's first bytes must be of that kind, so a wrong file is refused at once, with the
 * multipart upload's message, rather than after all of it has arrived. `readHead` answers the
 * bytes (left in the request for the tus server). A refused upload is removed.
 */
export async function checkFirstBytes(
  ctx: RequestContext,
  resumable: ResumableStore,
  row: ResumableUploadRow,
  chunk: { offset: string | undefined; length: number | undefined; readHead: (bytes: number) => Promise<Buffer> },
): Promise<void> {
  const size = Number(row.size_in_bytes);
  const bytes = Math.min(SNIFF_BYTES, size);
  if (!row.kind || chunk.offset !== '0' || chunk.length === undefined || chunk.length < bytes) return;
  const head = await chunk.readHead(bytes);
  if (head.length < bytes) return;
  const detected = await detectFileType(head, row.file_name);
  if (detected?.kind === row.kind) return;
  await resumable.remove(row.id).catch(() => {});
  await deleteResumableUpload(ctx.db, row.id);
  throw new AppError('unsupported-media-type', notOfKindMessage(row.file_name, row.kind));
}

/** After a tus DELETE (the upload was cancelled): forgets it. */
export async function forgetResumableUpload(ctx: RequestContext, id: string): Promise<void> {
  await deleteResumableUpload(ctx.db, id);
}

/**
 * POST /api/assets/resumable/{id}/finish: once every byte has arrived, the upload becomes a file
 * through the multipart upload's own path (its kind read from its content, checked against the
 * kind asked for and its limit, stored, recorded, a video or PDF then queued by its editor), and
 * what the data store held is removed. Asked again (a retry, a second tab), it answers the same
 * file. A file refused for its content is removed with the upload.
 */
export async function finishResumableUpload(ctx: RequestContext, resumable: ResumableStore, id: string): Promise<UploadedAsset> {
  const actor = await requireConsoleActor(ctx);
  const row = await findOwnUpload(ctx.db, id, actor.id);
  if (!row) throw new AppError('not-found', UPLOAD_NOT_FOUND);
  if (row.asset_id !== null) return { _id: row.asset_id, sizeInBytes: Number(row.size_in_bytes), fileName: row.file_name };
  return finishWith(ctx, resumable, row, async (open) => {
    const file = await open();
    const uploaded = await uploadFiles(ctx, {
      accessMode: row.access_mode,
      ...(row.kind ? { kind: row.kind } : {}),
      parts: (async function* () {
        yield { filename: row.file_name, file };
      })(),
      recordWith: async (trx, stored) => markFinished(trx, id, stored[0]!.id),
    });
    return uploaded[0]!;
  });
}

/**
 * POST /api/assets/resumable/{id}/replace/{fileId}: once every byte has arrived, the upload becomes
 * the new content of an existing file through the replace route's own path (PUT
 * /api/assets/replace/{fileId}: same kind, not while it is being processed, its outputs reset and a
 * video or PDF queued again). Asked again after it succeeded, it answers the same; an upload that
 * already became another file is refused.
 */
export async function finishResumableReplace(ctx: RequestContext, resumable: ResumableStore, id: string, fileId: string): Promise<UploadedAsset> {
  const actor = await requireConsoleActor(ctx);
  const row = await findOwnUpload(ctx.db, id, actor.id);
  if (!row) throw new AppError('not-found', UPLOAD_NOT_FOUND);
  if (row.asset_id === fileId) return { _id: row.asset_id, sizeInBytes: Number(row.size_in_bytes), fileName: row.file_name };
  if (row.asset_id !== null) throw new AppError('conflict', `The upload of ${row.file_name} has already been stored as another file`);
  return finishWith(ctx, resumable, row, (open) =>
    replaceFile(ctx, {
      assetId: fileId,
      part: async () => ({ filename: row.file_name, file: await open() }),
      recordWith: (trx) => markFinished(trx, id, fileId),
    }),
  );
}

/**
 * The finishing run shared by a new file and a replace: checks every byte has arrived, holds the
 * upload (one run at a time), hands `store` the way to read it, and removes what the data store held.
 */
async function finishWith(
  ctx: RequestContext,
  resumable: ResumableStore,
  row: ResumableUploadRow,
  store: (open: () => Promise<Readable>) => Promise<UploadedAsset>,
): Promise<UploadedAsset> {
  const id = row.id;
  let arrived: number;
  try {
    arrived = (await resumable.store.getUpload(resumable.storeId(id))).offset;
  } catch {
    throw new AppError('not-found', UPLOAD_NOT_FOUND);
  }
  const size = Number(row.size_in_bytes);
  if (arrived !== size) {
    throw new AppError('conflict', `The upload of ${row.file_name} is not complete: ${arrived} of ${size} bytes have arrived`);
  }
  if (!(await claimFinishing(ctx.db, id))) throw new AppError('locked', BEING_FINISHED, { retryAfterSeconds: 2 });
  let uploaded: UploadedAsset;
  // Copying a large file takes minutes: the hold is renewed meanwhile, and lapses soon if this server stops.
  const heartbeat = setInterval(() => void renewFinishing(ctx.db, id).catch(() => {}), FINISHING_HEARTBEAT_MS);
  try {
    uploaded = await store(() => resumable.read(id));
  } catch (error) {
    if (error instanceof AppError && error.type === 'validation') {
      // Refused for what it is: it never can be a file, so nothing of it is kept.
      await resumable.remove(id).catch(() => {});
      await deleteResumableUpload(ctx.db, id);
    } else {
      await releaseFinishing(ctx.db, id).catch(() => {});
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
  // Left for the hourly cleanup if this fails: the file is recorded either way.
  await resumable.remove(id).catch((error: unknown) => ctx.log.warn({ err: error, uploadId: id }, 'resumable upload: could not remove finished data'));
  return uploaded;
}
