import type { TaskList } from 'graphile-worker';
import { DELIVER_MESSAGE_TASK } from '../server/messages/messages.service.ts';
import type { WorkerDeps } from './deps.ts';
import { cleanup } from './tasks/cleanup.ts';
import { deliverMessage } from './tasks/deliver-message.ts';

/** Every task of the product, registered explicitly. */
export function createTaskList(deps: WorkerDeps): TaskList {
  return {
    [DELIVER_MESSAGE_TASK]: deliverMessage(deps),
    cleanup: cleanup(deps),
  };
}

/** Recurring jobs: graphile-worker makes sure one fleet member runs each once. */
export const CRONTAB = '17 * * * * cleanup ?max=3';
