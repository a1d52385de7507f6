import { z } from 'zod';
import type { Task } from 'graphile-worker';
import { submitAttempt, submitOverdueAttempts } from '../../server/exams/attempts.service.ts';
import type { WorkerDeps } from '../deps.ts';

const payloadSchema = z.object({ attemptId: z.uuid() });

/** Submits an attempt its student did not submit in time; its finish time is the deadline. */
export function submitAttemptTask(deps: WorkerDeps): Task {
  return async (rawPayload) => {
    const { attemptId } = payloadSchema.parse(rawPayload);
    const exists = await deps.db.selectFrom('exam_attempts').select('id').where('id', '=', attemptId).executeTakeFirst();
    if (!exists) return;
    await submitAttempt(deps.db, attemptId, 'deadline');
  };
}

/** Every minute: submits overdue attempts whose own job was lost (e.g. removed by an operator). */
export function submitOverdueAttemptsTask(deps: WorkerDeps): Task {
  return async (_payload, helpers) => {
    const count = await submitOverdueAttempts(deps.db);
    if (count > 0) helpers.logger.info(`submitted ${count} overdue attempt(s)`);
  };
}
