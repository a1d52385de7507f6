import { parseCronItems, type ParsedCronItem, type Task } from 'graphile-worker';
import { SCHEDULE, TASKS, type TaskName, type TaskRunner } from '../shared/jobs/tasks.ts';
import type { WorkerDeps } from './deps.ts';
import { applyPaymentEventTask } from './tasks/apply-payment-event.ts';
import { checkLectureNotesTask } from './tasks/check-lecture-notes.ts';
import { cleanup } from './tasks/cleanup.ts';
import { deliverMessage } from './tasks/deliver-message.ts';
import { encryptVideo } from './tasks/encrypt-video.ts';
import { encryptVideos } from './tasks/encrypt-videos.ts';
import { processMedia } from './tasks/process-media.ts';
import { pushBatchTask } from './tasks/push-batch.ts';
import { reconcilePaymentsTask } from './tasks/reconcile-payments.ts';
import { submitOverdueAttemptsTask } from './tasks/submit-overdue-attempts.ts';

/** The code that runs each task (worker/tasks/<task name>.ts). */
function handlers(deps: WorkerDeps): Record<TaskName, Task> {
  return {
    'deliver-message': deliverMessage(deps),
    cleanup: cleanup(deps),
    'check-lecture-notes': checkLectureNotesTask(deps),
    'reconcile-payments': reconcilePaymentsTask(deps),
    'apply-payment-event': applyPaymentEventTask(deps),
    'push-batch': pushBatchTask(deps),
    'submit-overdue-attempts': submitOverdueAttemptsTask(deps),
    'process-media': processMedia(deps),
    'encrypt-video': encryptVideo(deps),
    'encrypt-videos': encryptVideos(deps),
  };
}

function taskListFor(deps: WorkerDeps, runner: TaskRunner): Record<string, Task> {
  const all = handlers(deps);
  return Object.fromEntries((Object.keys(TASKS) as TaskName[]).filter((task) => TASKS[task].runner === runner).map((task) => [task, all[task]]));
}

/** Short jobs: messages and housekeeping. */
export function createTaskList(deps: WorkerDeps): Record<string, Task> {
  return taskListFor(deps, 'general');
}

/** Long, CPU-heavy jobs run by their own runner, with their own (small) concurrency. */
export function createMediaTaskList(deps: WorkerDeps): Record<string, Task> {
  return taskListFor(deps, 'media');
}

/** Recurring jobs (shared/jobs/tasks.ts), each under its own id: one fleet member runs each occurrence. */
export function scheduledJobs(): ParsedCronItem[] {
  return parseCronItems(SCHEDULE.map((entry) => ({ identifier: entry.id, task: entry.task, match: entry.match, options: { maxAttempts: entry.maxAttempts } })));
}
