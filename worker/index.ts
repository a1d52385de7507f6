import type { TaskList } from 'graphile-worker';
import { DELIVER_MESSAGE_TASK } from '../server/messages/messages.service.ts';
import { PROCESS_MEDIA_TASK } from '../server/queue/queue.repository.ts';
import type { WorkerDeps } from './deps.ts';
import { cleanup } from './tasks/cleanup.ts';
import { deliverMessage } from './tasks/deliver-message.ts';
import { processMedia } from './tasks/process-media.ts';
import { SUBMIT_ATTEMPT_TASK } from '../server/exams/attempts.service.ts';
import { submitAttemptTask, submitOverdueAttemptsTask } from './tasks/submit-attempt.ts';

/** Short jobs: messages and housekeeping. */
export function createTaskList(deps: WorkerDeps): TaskList {
  return {
    [DELIVER_MESSAGE_TASK]: deliverMessage(deps),
    cleanup: cleanup(deps),
    [SUBMIT_ATTEMPT_TASK]: submitAttemptTask(deps),
    'submit-overdue-attempts': submitOverdueAttemptsTask(deps),
  };
}

/** Long, CPU-heavy jobs run by their own runner, with their own (small) concurrency. */
export function createMediaTaskList(deps: WorkerDeps): TaskList {
  return {
    [PROCESS_MEDIA_TASK]: processMedia(deps),
  };
}

/** Recurring jobs: graphile-worker makes sure one fleet member runs each once. */
export const CRONTAB = ['17 * * * * cleanup ?max=3', '* * * * * submit-overdue-attempts ?max=3'].join('\n');
