import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { AssetKind } from '../../shared/assets/assets.schema.ts';
import { sanitizeFileName } from '../../shared/assets/file-name.rules.ts';
import { kindLimitBytes as kindLimit, notOfKindMessage, tooLargeMessage, type UploadLimits } from '../../shared/assets/upload.rules.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { detectFileType, SNIFF_BYTES } from './file-kind.ts';
import { multipartError, type UploadPart } from './multipart.ts';
import { claimStorageKey, releaseStorageKeys } from './storage-claims.repository.ts';
import type { Storage } from './storage/storage.ts';

export type { UploadPart } from './multipart.ts';

export interface StoredUpload {
  id: string;
  fileName: string;
  kind: AssetKind;
  contentType: string;
  sizeInBytes: number;
  sha256: string;
  storageKey: string;
}

const MB = 1024 * 1024;

type LimitSettings = Pick<Config, 'ASSET_MAX_UPLOAD_MB' | 'ASSET_MAX_IMAGE_MB' | 'ASSET_MAX_PDF_MB' | 'ASSET_MAX_SPREADSHEET_MB'>;

export function kindLimitBytes(config: LimitSettings, kind: AssetKind): number {
  return kindLimit(
    { totalMb: config.ASSET_MAX_UPLOAD_MB, imageMb: config.ASSET_MAX_IMAGE_MB, pdfMb: config.ASSET_MAX_PDF_MB, spreadsheetMb: config.ASSET_MAX_SPREADSHEET_MB },
    kind,
  );
}

/** The largest file of each kind, in bytes: the console checks a chosen file against these before sending it. */
export function uploadLimits(config: LimitSettings): UploadLimits {
  return {
    image: kindLimitBytes(config, 'image'),
    video: kindLimitBytes(config, 'video'),
    pdf: kindLimitBytes(config, 'pdf'),
    spreadsheet: kindLimitBytes(config, 'spreadsheet'),
  };
}

export function tooLargeError(fileName: string, limitBytes: number, kind?: AssetKind): AppError {
  return new AppError('too-large', tooLargeMessage(fileName, limitBytes, kind));
}

/** Counts and hashes what passes through, and stops the upload once it passes the limit. */
class MeasuringStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly limit: number;
  private readonly onTooLarge: () => Error;
  constructor(limit: number, onTooLarge: () => Error) {
    super();
    this.limit = limit;
    this.onTooLarge = onTooLarge;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return callback(this.onTooLarge());
    this.hash.update(chunk);
    callback(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Reads the first bytes of a stream without losing them: answers them and a stream of the whole. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let finished = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    if (head.length > 0) yield head;
    if (finished) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, whole: Readable.from(rest(), { objectMode: false }) };
}

export function originalKey(assetId: string): string {
  // A new key per content, so that a replacement never overwrites what is being read.
  return `assets/${assetId}/original/${randomBytes(6).toString('hex')}`;
}

/**
 * Streams one uploaded file into storage: its kind is decided by its first bytes, its size is
 * limited by kind, and nothing is left in storage when it is refused. The key is claimed (see
 * storage-claims.repository.ts) before anything is written, so the hourly cleanup leaves the
 * file alone until the caller records it, however long the rest of the request takes.
 */
export async function storeUpload(
  part: UploadPart,
  options: { db: Db; storage: Storage; config: Config; expectedKind?: AssetKind; assetId?: string },
): Promise<StoredUpload> {
  const fileName = sanitizeFileName(part.filename);
  const totalLimit = options.config.ASSET_MAX_UPLOAD_MB * MB;
  // A failure of the request itself (cut off, malformed, a parser limit) reaches us through the file stream.
  let requestError: unknown;
  part.file.on('error', (error) => {
    requestError ??= error;
  });
  const fromRequest = (error: unknown, limitBytes: number, kind?: AssetKind) =>
    multipartError(requestError ?? error, () => tooLargeError(fileName, limitBytes, kind));

  let head: Buffer;
  let whole: Readable;
  try {
    ({ head, whole } = await peek(part.file, SNIFF_BYTES));
  } catch (error) {
    throw fromRequest(error, totalLimit);
  }
  if (head.length === 0) {
    part.file.resume();
    throw new AppError('validation', `The file ${fileName} is empty`);
  }
  const detected = await detectFileType(head, fileName);
  if (!detected || (options.expectedKind && detected.kind !== options.expectedKind)) {
    part.file.resume();
    throw new AppError('unsupported-media-type', notOfKindMessage(fileName, options.expectedKind));
  }
  const limit = kindLimitBytes(options.config, detected.kind);
  const tooLarge = () => tooLargeError(fileName, limit, detected.kind);
  if (part.file.truncated) {
    part.file.resume();
    throw tooLarge();
  }
  const id = options.assetId ?? randomUUID();
  const storageKey = originalKey(id);
  const measuring = new MeasuringStream(limit, tooLarge);
  // busboy cuts a file at the upload limit and says so with 'limit': the cut file must not be kept.
  const onLimit = () => measuring.destroy(tooLarge());
  part.file.once('limit', onLimit);
  try {
    await claimStorageKey(options.db, storageKey);
    // pipeline passes a failure of the upload itself (e.g. the multipart limit) on to storage.
    pipeline(whole, measuring, () => {});
    await options.storage.put(storageKey, measuring, { contentType: detected.contentType });
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    part.file.resume();
    await options.storage.delete(storageKey).catch(() => {});
    await releaseStorageKeys(options.db, [storageKey]).catch(() => {});
    if (error instanceof AppError) throw error;
    if (requestError !== undefined) throw fromRequest(error, limit, detected.kind);
    throw error;
  } finally {
    part.file.off('limit', onLimit);
  }
  return {
    id,
    fileName,
    kind: detected.kind,
    contentType: detected.contentType,
    sizeInBytes: measuring.size,
    sha256: measuring.digest(),
    storageKey,
  };
}
