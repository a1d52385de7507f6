import type { Task } from 'graphile-worker';
import { submitOverdueAttempts } from '../../server/exams/attempts.service.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/** Every minute: submits the attempts whose time (and its grace) is over, with the deadline as their finish time. */
export function submitOverdueAttemptsTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    taskPayload('submit-overdue-attempts', rawPayload);
    const count = await submitOverdueAttempts(deps.db);
    if (count > 0) helpers.logger.info(`submitted ${count} overdue attempt(s)`);
  };
}
