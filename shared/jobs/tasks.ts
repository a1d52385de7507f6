import { z } from 'zod';

/**
 * Every background task of the product: its name (the graphile-worker task identifier and the file
 * under worker/tasks/ that runs it), the payload it takes, and which runner takes it. A job's key is
 * `<task>:<id>` of the thing it is about, so a second job for the same thing can replace, keep or
 * be folded into the first (see server/jobs/enqueue.ts).
 */
export const TASKS = {
  /** Sends one queued e-mail or SMS (or files it in the outbox). */
  'deliver-message': { payload: z.object({ messageId: z.uuid() }), runner: 'general' },
  /** Hourly housekeeping: expired rate limits, ended sessions, old codes, orphaned files. */
  cleanup: { payload: z.object({}), runner: 'general' },
  /** Hourly: looks for the lectures' PDF notes whose file is gone (the pending-PDF report). */
  'check-lecture-notes': { payload: z.object({}), runner: 'general' },
  /** Every minute: asks the payment provider about waiting orders whose check is due, and finishes refunds. */
  'reconcile-payments': { payload: z.object({}), runner: 'general' },
  /** Applies one stored webhook event of the payment provider (a payment, a failure, a refund). */
  'apply-payment-event': { payload: z.object({ eventId: z.string().min(1).max(300) }), runner: 'general' },
  /** Every minute: submits attempts whose time (and grace) is over. */
  'submit-overdue-attempts': { payload: z.object({}), runner: 'general' },
  /** Sends one batch of a push notification's deliveries. */
  'push-batch': { payload: z.object({ notificationId: z.uuid(), batch: z.number().int().min(0) }), runner: 'general' },
  /** Turns one uploaded video into HLS renditions, or one PDF into page images. */
  'process-media': { payload: z.object({ assetId: z.uuid() }), runner: 'media' },
  /** Encrypts the segments of one ready video stored before segments were encrypted (a backfill). */
  'encrypt-video': { payload: z.object({ assetId: z.uuid() }), runner: 'media' },
  /** Every ten minutes: queues encrypt-video for a batch of ready videos not yet known to be encrypted. */
  'encrypt-videos': { payload: z.object({}), runner: 'general' },
} as const;

export type TaskName = keyof typeof TASKS;
export type TaskPayload<Task extends TaskName> = z.input<(typeof TASKS)[Task]['payload']>;
/** Which runner takes a task: `media` has its own small concurrency, so a transcode never holds up a message. */
export type TaskRunner = (typeof TASKS)[TaskName]['runner'];

export const TASK_NAMES = Object.keys(TASKS) as TaskName[];

/** The key of the job of `task` about the thing with this id. */
export function jobKey(task: TaskName, id: string): string {
  return `${task}:${id}`;
}

export interface ScheduledTask {
  /** Stays the same across releases: graphile-worker remembers by it what already ran (no double runs, no backfill surprises). */
  id: string;
  task: TaskName;
  /** A cron pattern, in UTC. */
  match: string;
  maxAttempts: number;
}

/** Recurring jobs; whichever process of the fleet gets there first runs each occurrence once. */
export const SCHEDULE: readonly ScheduledTask[] = [
  { id: 'cleanup', task: 'cleanup', match: '17 * * * *', maxAttempts: 3 },
  { id: 'check-lecture-notes', task: 'check-lecture-notes', match: '41 * * * *', maxAttempts: 3 },
  { id: 'reconcile-payments', task: 'reconcile-payments', match: '* * * * *', maxAttempts: 3 },
  { id: 'submit-overdue-attempts', task: 'submit-overdue-attempts', match: '* * * * *', maxAttempts: 3 },
  { id: 'encrypt-videos', task: 'encrypt-videos', match: '*/10 * * * *', maxAttempts: 3 },
];
