import type { Task } from 'graphile-worker';
import { reconcileOpenOrders } from '../../server/orders/reconciler.ts';
import type { WorkerDeps } from '../deps.ts';
import { taskPayload } from './payload.ts';

/** Every minute: asks Razorpay about waiting orders whose check is due, each on its own, and finishes unfinished refunds. */
export function reconcilePaymentsTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    taskPayload('reconcile-payments', rawPayload);
    const { checked, fulfilled, expired, failed } = await reconcileOpenOrders(deps);
    if (checked > 0)
      helpers.logger.info(`reconciled ${checked} waiting orders: ${fulfilled} paid, ${expired} expired, ${failed} could not be looked up (tried again later)`);
  };
}
