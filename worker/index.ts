import type { TaskList } from 'graphile-worker';
import { DELIVER_MESSAGE_TASK } from '../server/messages/messages.service.ts';
import { PROCESS_MEDIA_TASK } from '../server/queue/queue.repository.ts';
import type { WorkerDeps } from './deps.ts';
import { cleanup } from './tasks/cleanup.ts';
import { deliverMessage } from './tasks/deliver-message.ts';
import { processMedia } from './tasks/process-media.ts';
import { SUBMIT_OVERDUE_ATTEMPTS_TASK, submitOverdueAttemptsTask } from './tasks/submit-attempt.ts';

/** Short jobs: messages and housekeeping. */
export function createTaskList(deps: WorkerDeps): TaskList {
  return {
    [DELIVER_MESSAGE_TASK]: deliverMessage(deps),
    cleanup: cleanup(deps),
    [SUBMIT_OVERDUE_ATTEMPTS_TASK]: submitOverdueAttemptsTask(deps),
  };
}

/** Long, CPU-heavy jobs run by their own runner, with their own (small) concurrency. */
export function createMediaTaskList(deps: WorkerDeps): TaskList {
  return {
    [PROCESS_MEDIA_TASK]: processMedia(deps),
  };
}

/** Recurring jobs: graphile-worker makes sure one fleet member runs each once. */
export const CRONTAB = ['17 * * * * cleanup ?max=3', `* * * * * ${SUBMIT_OVERDUE_ATTEMPTS_TASK} ?max=3`].join('\n');
