import type { Task } from 'graphile-worker';
import { applyPaymentEvent } from '../../server/orders/payment-events.service.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/** Applies one webhook event the server stored; Razorpay being unreachable fails the job, which is tried again later. */
export function applyPaymentEventTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    const { eventId } = taskPayload('apply-payment-event', rawPayload);
    const outcome = await applyPaymentEvent(deps, eventId);
    helpers.logger.debug(`payment event ${eventId}: ${outcome}`);
  };
}
