import { z } from '../validation/zod.ts';
import { sortSchema } from '../validation/sorting.ts';
import { titledRefSchema } from '../editing/record-fields.ts';
import { pageFields, pageNumberSchema, pageSizeSchema } from '../validation/paging.ts';
import { queueItemSchema, QUEUE_STATES } from '../assets/assets.schema.ts';
import { RAISE_TARGETS } from './priority-class.rules.ts';

/** Rows on one page of the Process Queue table. */
export const QUEUE_PAGE_SIZE = 10;
export const QUEUE_MAX_PAGE_SIZE = 100;

/** A finished item stays in the queue's default view for this long after it finished, then only its filters show it. */
export const FINISHED_SHOWN_FOR_HOURS = 24;

/**
 * The Status filter of the queue. `current` (the default) is everything still to do or failed,
 * and what finished in the last FINISHED_SHOWN_FOR_HOURS; `finished` is every finished item.
 */
export const QUEUE_VIEWS = ['current', 'waiting', 'processing', 'failed', 'finished', 'all'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
export const QUEUE_VIEW_LABELS: Record<QueueView, string> = {
  current: 'Current',
  waiting: 'Waiting',
  processing: 'Being processed',
  failed: 'Failed',
  finished: 'Finished',
  all: 'All',
};

/** The columns the queue sorts by (`updatedAt`: when its state last changed; `createdAt`: when it was queued). */
export const QUEUE_SORT_COLUMNS = ['type', 'state', 'updatedAt', 'createdAt'] as const;
export type QueueSortColumn = (typeof QUEUE_SORT_COLUMNS)[number];
export const QUEUE_USUAL_SORT = '-createdAt';

export const queueListInputSchema = z.object({
  status: z.enum(QUEUE_VIEWS, { error: `status is one of ${QUEUE_VIEWS.join(', ')}` }).default('current'),
  page: pageNumberSchema('page is at most 100000'),
  pageSize: pageSizeSchema(QUEUE_MAX_PAGE_SIZE, QUEUE_PAGE_SIZE),
  sort: sortSchema(QUEUE_SORT_COLUMNS, QUEUE_USUAL_SORT),
});
export type QueueListInput = z.input<typeof queueListInputSchema>;

export const queuePageSchema = z.object({
  items: z.array(queueItemSchema),
  state: z.enum(QUEUE_STATES),
  total: z.number(),
  ...pageFields,
});
export type QueuePage = z.infer<typeof queuePageSchema>;

/** The published lectures the caller agrees to unpublish by deleting a video's renditions. */
export const unpublishLectureIdsSchema = z
  .array(z.uuid({ error: 'unpublishLectureIds lists lecture ids' }), { error: 'unpublishLectureIds lists lecture ids' })
  .max(100, { error: 'unpublishLectureIds lists at most 100 lectures' });

/** A published lecture that plays a file's video, and so goes offline when the file's renditions are deleted. */
export const lectureShownSchema = titledRefSchema;
export type LectureShown = z.infer<typeof lectureShownSchema>;

/** What deleting a queue item's outputs would do: the published lectures it would take offline. */
export const removalImpactSchema = z.object({ unpublishes: z.array(lectureShownSchema) });
export type RemovalImpact = z.infer<typeof removalImpactSchema>;

/** Raising a waiting item: to the class above its own, or to the front of the queue. */
export const raiseInputSchema = z.object({ to: z.enum(RAISE_TARGETS, { error: `to is one of ${RAISE_TARGETS.join(', ')}` }) });
