import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import type { AssetKind } from '../../shared/assets/assets.schema.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { sanitizeFileName } from '../../shared/assets/file-name.rules.ts';
import { detectFileType, KIND_LABELS, SNIFF_BYTES } from './file-kind.ts';
import type { Storage } from './storage/storage.ts';

/** One file part of a multipart upload, as @fastify/multipart hands it over. */
export interface UploadPart {
  filename: string;
  file: Readable;
}

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

export function kindLimitBytes(config: Config, kind: AssetKind): number {
  const total = config.ASSET_MAX_UPLOAD_MB * MB;
  const byKind: Record<AssetKind, number> = {
    image: config.ASSET_MAX_IMAGE_MB * MB,
    pdf: config.ASSET_MAX_PDF_MB * MB,
    spreadsheet: config.ASSET_MAX_SPREADSHEET_MB * MB,
    video: total,
  };
  return Math.min(byKind[kind], total);
}

const KIND_NAMES: Record<AssetKind, string> = { image: 'images', video: 'videos', pdf: 'PDFs', spreadsheet: 'spreadsheets' };

export function tooLargeError(fileName: string, limitBytes: number, kind?: AssetKind): AppError {
  const megabytes = Math.round(limitBytes / MB);
  const what = kind ? ` allowed for ${KIND_NAMES[kind]}` : ' upload limit';
  return new AppError('validation', `The file ${fileName} is larger than the ${megabytes} MB${what}`, { statusCode: 413 });
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

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Streams one uploaded file into storage: its kind is decided by its first bytes,
 * its size is limited by kind, and nothing is left in storage when it is refused.
 */
export async function storeUpload(
  part: UploadPart,
  options: { storage: Storage; config: Config; expectedKind?: AssetKind; assetId?: string },
): Promise<StoredUpload> {
  const fileName = sanitizeFileName(part.filename);
  const totalLimit = options.config.ASSET_MAX_UPLOAD_MB * MB;
  let head: Buffer;
  let whole: Readable;
  try {
    ({ head, whole } = await peek(part.file, SNIFF_BYTES));
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLargeError(fileName, totalLimit);
    throw error;
  }
  if (head.length === 0) {
    part.file.resume();
    throw new AppError('validation', `The file ${fileName} is empty`);
  }
  const detected = await detectFileType(head, fileName);
  if (!detected || (options.expectedKind && detected.kind !== options.expectedKind)) {
    part.file.resume();
    const expected = options.expectedKind
      ? KIND_LABELS[options.expectedKind]
      : 'an image, a video, a PDF or a spreadsheet';
    throw new AppError('validation', `The file ${fileName} is not ${expected}`, { statusCode: 415 });
  }
  const limit = kindLimitBytes(options.config, detected.kind);
  const id = options.assetId ?? randomUUID();
  const storageKey = originalKey(id);
  const measuring = new MeasuringStream(limit, () => tooLargeError(fileName, limit, detected.kind));
  try {
    // pipeline passes a failure of the upload itself (e.g. the multipart limit) on to storage.
    pipeline(whole, measuring, () => {});
    await options.storage.put(storageKey, measuring, { contentType: detected.contentType });
  } catch (error) {
    part.file.resume();
    await options.storage.delete(storageKey).catch(() => {});
    if (isFileTooLarge(error)) throw tooLargeError(fileName, totalLimit);
    throw error;
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
