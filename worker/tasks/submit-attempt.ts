import type { Task } from 'graphile-worker';
import { submitOverdueAttempts } from '../../server/exams/attempts.service.ts';
import type { WorkerDeps } from '../deps.ts';

export const SUBMIT_OVERDUE_ATTEMPTS_TASK = 'submit-overdue-attempts';

/** Every minute: submits the attempts whose time (and its grace) is over, with the deadline as their finish time. */
export function submitOverdueAttemptsTask(deps: WorkerDeps): Task {
  return async (_payload, helpers) => {
    const count = await submitOverdueAttempts(deps.db);
    if (count > 0) helpers.logger.info(`submitted ${count} overdue attempt(s)`);
  };
}
