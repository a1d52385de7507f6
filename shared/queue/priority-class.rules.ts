import { MEDIA_PRIORITY, type MediaPriorityClass } from './media-priority.ts';

/** The classes from the most urgent down. */
export const MEDIA_PRIORITY_CLASSES = (Object.keys(MEDIA_PRIORITY) as MediaPriorityClass[]).sort((a, b) => MEDIA_PRIORITY[a] - MEDIA_PRIORITY[b]) as [
  MediaPriorityClass,
  ...MediaPriorityClass[],
];

export const MEDIA_PRIORITY_LABELS: Record<MediaPriorityClass, string> = { upload: 'New upload', reprocess: 'Re-process', backfill: 'Backfill' };

/**
 * How a file came into the queue orders it within its class: a file triggered on its own, then the
 * editor's Process (and a replaced file), then bulk pulls. The offset stays below the gap to the next class.
 */
export const MEDIA_SOURCE_OFFSET = { trigger: 0, editor: 1, pull: 2 } as const;
export type MediaSource = keyof typeof MEDIA_SOURCE_OFFSET;

/** The stored priority (lower runs sooner) of a class and a way in. */
export function mediaPriority(priorityClass: MediaPriorityClass, source: MediaSource): number {
  return MEDIA_PRIORITY[priorityClass] + MEDIA_SOURCE_OFFSET[source];
}

/** The class a stored priority belongs to: the last class whose own priority it reaches (a raised item can be above the first). */
export function priorityClassOf(priority: number): MediaPriorityClass {
  let found = MEDIA_PRIORITY_CLASSES[0]!;
  for (const priorityClass of MEDIA_PRIORITY_CLASSES) if (priority >= MEDIA_PRIORITY[priorityClass]) found = priorityClass;
  return found;
}

/**
 * A file's first processing after its upload is a new upload; processing it again (after a replace,
 * a retry of a finished or failed item, a pull of files already processed) is a re-process.
 */
export function processingClass(file: { hasOutputs: boolean; processedBefore: boolean }): MediaPriorityClass {
  return file.hasOutputs || file.processedBefore ? 'reprocess' : 'upload';
}

/** How far a waiting item is raised: to the class above its own, or before everything. */
export const RAISE_TARGETS = ['next', 'top'] as const;
export type RaiseTarget = (typeof RAISE_TARGETS)[number];

/**
 * The priority a raise gives: `next` the class above (an item of the first class goes to its front),
 * `top` the first class's front. Null when the item is there already.
 */
export function raisedPriority(priority: number, to: RaiseTarget): number | null {
  const top = MEDIA_PRIORITY[MEDIA_PRIORITY_CLASSES[0]!];
  if (priority <= top) return null;
  if (to === 'top') return top;
  const index = MEDIA_PRIORITY_CLASSES.indexOf(priorityClassOf(priority));
  return MEDIA_PRIORITY[MEDIA_PRIORITY_CLASSES[Math.max(0, index - 1)]!];
}
