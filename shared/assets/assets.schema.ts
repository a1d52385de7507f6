import { z } from 'zod';
import { MEDIA_PRIORITY_CLASSES } from '../queue/priority-class.rules.ts';

export const ASSET_KINDS = ['image', 'video', 'pdf', 'spreadsheet'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export const accessModeSchema = z.enum(['public', 'private'], { error: 'The access mode must be public or private' });
export type AccessMode = z.infer<typeof accessModeSchema>;

/** Where a file is in processing: uploaded, the five working steps, ready, or failed. */
export const PROCESS_STATES = ['uploaded', 'preparing', 'downloading', 'processing', 'post-processing', 'uploading', 'ready', 'failed'] as const;
export type ProcessState = (typeof PROCESS_STATES)[number];
export const QUEUE_ITEM_STATES = ['queued', ...PROCESS_STATES.filter((s) => s !== 'uploaded')] as const;
export type QueueItemState = (typeof QUEUE_ITEM_STATES)[number];

const progressEntrySchema = z.object({ total: z.number(), loaded: z.number() });
export const processProgressSchema = z.record(z.string(), progressEntrySchema);

export const renditionSchema = z.object({
  name: z.string(),
  width: z.number(),
  height: z.number(),
  bitrate: z.number(),
  audioRate: z.number(),
  segmentCount: z.number(),
  totalSizeInBytes: z.number(),
  playlist: z.string(),
});

/** An uploaded file, as the upload answers it. */
export const uploadedAssetSchema = z.object({ _id: z.string(), sizeInBytes: z.number(), fileName: z.string() });
export type UploadedAsset = z.infer<typeof uploadedAssetSchema>;

/** An uploaded file, with what the console needs to show and play it. */
export const assetSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  sizeInBytes: z.number(),
  kind: z.enum(ASSET_KINDS),
  contentType: z.string(),
  accessMode: accessModeSchema,
  state: z.enum(PROCESS_STATES),
  processProgress: processProgressSchema,
  renditions: z.array(renditionSchema),
  hasConvertedtoImage: z.boolean(),
  durationInSeconds: z.number().nullable(),
  pageCount: z.number().nullable(),
  failureReason: z.string().nullable(),
  /** The file itself. */
  url: z.string(),
  /** The master playlist once at least one rendition is playable, else null. */
  playlistUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** Page images of a converted PDF, 1-based, in order. */
  pageUrls: z.array(z.string()),
  /** The state of the file's queue item, or null when it has none (readable without the queue screen). */
  queueState: z.enum(['queued', 'preparing', 'downloading', 'processing', 'post-processing', 'uploading', 'ready', 'failed']).nullable(),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const queueItemSchema = z.object({
  _id: z.string(),
  fileId: z.string(),
  /** What the file is used under: the title of the lecture whose video or PDF note it is, else its file name. */
  title: z.string(),
  fileName: z.string(),
  type: z.enum(['video', 'pdf']),
  state: z.enum(QUEUE_ITEM_STATES),
  processProgress: processProgressSchema,
  failureReason: z.string().nullable(),
  attempts: z.number(),
  /** Lower runs sooner (shared/queue/media-priority.ts); priorityClass is the class it falls in. */
  priority: z.number(),
  priorityClass: z.enum(MEDIA_PRIORITY_CLASSES),
  lastStateUpdatedOn: z.string(),
  createdAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const QUEUE_STATES = ['RUNNING', 'STOPPED'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
