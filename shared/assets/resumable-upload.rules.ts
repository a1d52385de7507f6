import { z } from 'zod';
import { accessModeSchema, ASSET_KINDS, type AccessMode, type AssetKind } from './assets.schema.ts';

const HOUR = 60 * 60_000;

/**
 * How long an unfinished resumable upload is kept: after this it can no longer be resumed, and
 * the hourly cleanup removes what had arrived (both from local disk and from S3, where its
 * multipart upload is aborted).
 */
export const UNFINISHED_UPLOAD_KEEP_MS = 24 * HOUR;
export const UNFINISHED_UPLOAD_KEEP_HOURS = UNFINISHED_UPLOAD_KEEP_MS / HOUR;

/** The size of each PATCH the console sends: a dropped connection loses at most this much. */
export const RESUMABLE_CHUNK_BYTES = 16 * 1024 * 1024;

/** The tus endpoint (POST creates an upload, HEAD/PATCH/DELETE `/{id}` resume, send, cancel). */
export const RESUMABLE_UPLOAD_PATH = '/api/assets/resumable';

/** The only Upload-Metadata keys an upload may carry. */
export const RESUMABLE_METADATA_KEYS = ['filename', 'filetype', 'kind', 'accessMode'] as const;

export const resumableMetadataSchema = z.strictObject(
  {
    filename: z
      .string({ error: 'Upload-Metadata must name the file (filename)' })
      .min(1, 'Upload-Metadata must name the file (filename)')
      .max(255, 'The file name (filename) is at most 255 characters'),
    filetype: z.string().max(200, 'The file type (filetype) is at most 200 characters').optional(),
    kind: z.enum(ASSET_KINDS, { error: 'The kind must be image, video, pdf or spreadsheet' }).optional(),
    accessMode: accessModeSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown upload metadata: ${issue.keys.join(', ')}` : undefined) },
);

export interface ResumableUploadMetadata {
  filename: string;
  filetype?: string;
  kind?: AssetKind;
  accessMode?: AccessMode;
}

/** The share of an upload that has arrived, 0–100, rounded down (what "(60 %)" shows). */
export function uploadedPercent(offset: number, size: number): number {
  if (!(size > 0) || !(offset > 0)) return 0;
  return Math.min(100, Math.floor((offset / size) * 100));
}
