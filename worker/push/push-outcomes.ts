import type { Db } from '../../server/db/database.ts';
import { updateDeliveries } from '../../server/push/push-notifications.repository.ts';
import { deleteSubscriptions } from '../../server/push/push-subscriptions.repository.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'gone' | 'failed';

export interface DeliveryOutcome {
  subscriptionId: string;
  status: DeliveryStatus;
  error: string | null;
  /** Whether a request was sent (counts as an attempt). */
  attempted: boolean;
  /** 404 or 410: the subscription itself is deleted too. */
  deleteSubscription?: boolean;
}

/** How many outcomes, or how long, before they are written: one statement for many pushes instead of a commit each. */
const FLUSH_ROWS = 100;
const FLUSH_DELAY_MS = 50;

export interface OutcomeRecorder {
  add(outcome: DeliveryOutcome): void;
  /** Writes what is waiting and answers once every write so far is done; throws the first write error. */
  flush(): Promise<void>;
}

/**
 * Writes the outcomes of one notification's pushes in small groups: at most FLUSH_ROWS answers or
 * FLUSH_DELAY_MS after the first of them, in one transaction (deliveries updated, gone subscriptions
 * deleted). A worker that dies loses at most the answers of that last moment, whose pushes are then
 * sent again: nothing recorded as delivered is ever sent twice.
 */
export function outcomeRecorder(db: Db, notificationId: string, onError: (error: unknown) => void = () => {}): OutcomeRecorder {
  let waiting: DeliveryOutcome[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writes: Promise<void> = Promise.resolve();
  let failure: unknown;

  const write = async (outcomes: DeliveryOutcome[]) => {
    await db.transaction().execute(async (trx) => {
      await updateDeliveries(trx, notificationId, outcomes);
      const gone = outcomes.filter((o) => o.deleteSubscription).map((o) => o.subscriptionId);
      if (gone.length > 0) await deleteSubscriptions(trx, gone);
    });
  };

  const start = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return writes;
    const outcomes = waiting;
    waiting = [];
    writes = writes.then(() =>
      write(outcomes).catch((error: unknown) => {
        failure ??= error;
        onError(error);
      }),
    );
    return writes;
  };

  return {
    add(outcome) {
      waiting.push(outcome);
      if (waiting.length >= FLUSH_ROWS) void start();
      else timer ??= setTimeout(() => void start(), FLUSH_DELAY_MS);
    },
    async flush() {
      await start();
      if (failure) throw failure;
    },
  };
}
