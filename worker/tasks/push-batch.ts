import type { Task } from 'graphile-worker';
import { enqueue } from '../../server/jobs/enqueue.ts';
import { deliverBatch, PUSH_TIMEOUT_MS } from '../push/push-delivery.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/**
 * Sends one batch of a notification. A 429 puts the batch back for after its Retry-After; pushes
 * that got a 5xx, a timeout or no answer make the job fail, so that the worker tries them again
 * with backoff; on the job's last attempt they count as failed.
 */
export function pushBatchTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const job = taskPayload('push-batch', rawPayload);
    const finalAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    const log = { warn: (details: unknown, message: string) => helpers.logger.warn(message, { details }) };
    const result = await deliverBatch({ ...deps, log }, job, { finalAttempt });
    if (result.stragglers > 0) {
      // Looked at again once their answers (or the timeout) are in.
      const later = Math.max(result.retryAfterSeconds ?? 0, PUSH_TIMEOUT_MS / 1000 + 5);
      await enqueue(deps.db, 'push-batch', job, {
        keyId: `${job.notificationId}:${job.batch}`,
        runAt: new Date(Date.now() + later * 1000),
        maxAttempts: helpers.job.max_attempts,
      });
      return;
    }
    if (result.retryAfterSeconds !== null) {
      await enqueue(deps.db, 'push-batch', job, {
        keyId: `${job.notificationId}:${job.batch}`,
        runAt: new Date(Date.now() + result.retryAfterSeconds * 1000),
        maxAttempts: helpers.job.max_attempts,
      });
      helpers.logger.info(`push batch ${job.batch} of ${job.notificationId}: the push service asked to wait ${result.retryAfterSeconds} s`);
      return;
    }
    if (result.retriable > 0) throw new Error(`${result.retriable} pushes got no answer or a server error; trying again`);
  };
}
