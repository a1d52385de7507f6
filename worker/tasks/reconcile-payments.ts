import type { Task } from 'graphile-worker';
import { reconcileOpenOrders } from '../../server/orders/payment-events.service.ts';
import type { WorkerDeps } from '../deps.ts';
import { payloadOf } from './payload.ts';

/** Every 5 minutes: asks Razorpay about orders still waiting for their payment after 15 minutes. */
export function reconcilePaymentsTask(deps: WorkerDeps): Task {
  return async (rawPayload, helpers) => {
    payloadOf('reconcile-payments', rawPayload);
    const { checked, fulfilled, expired } = await reconcileOpenOrders(deps);
    if (checked > 0) helpers.logger.info(`reconciled ${checked} waiting orders: ${fulfilled} paid, ${expired} expired`);
  };
}
