/**
 * The media queue's priorities, lowest first (the order graphile-worker takes jobs in): a new
 * upload before a re-process of a file already processed, and both before a backfill that
 * reworks files already playable (such as encrypting existing lectures).
 */
export const MEDIA_PRIORITY = { upload: 0, reprocess: 10, backfill: 20 } as const;

export type MediaPriorityClass = keyof typeof MEDIA_PRIORITY;
