import { outsideRequestScope } from './query-scope.ts';

/**
 * Gathers calls that arrive together into one statement ("smart batching"). The calls made in one
 * turn of the event loop (the requests read together, or the callers one batch's answer resumed)
 * start a batch at the end of that turn while fewer than `concurrency` batches are running, so a
 * quiet server answers as fast as without batching; calls made while they all run wait for the
 * first to end and then go together (up to `maxBatch` in one). Under a burst (10,000 students starting an exam within
 * seconds) PostgreSQL then parses, plans, locks and commits once for many rows instead of once a row.
 *
 * - `runMany` answers one result per item, in the items' order.
 * - When a batch fails with an error one row can cause (a constraint or a value PostgreSQL refuses:
 *   SQLSTATE classes 22 and 23), each of its items is run alone, so that the error reaches only the
 *   caller it belongs to. Any other error (a timeout, a lost connection) reaches every caller.
 * - Batches run outside the request that started them: a student closing the app cancels neither
 *   the statement nor the others' rows in it.
 */
export interface BatcherOptions<In, Out> {
  maxBatch: number;
  concurrency: number;
  runMany(items: In[]): Promise<Out[]>;
}

interface Waiting<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export type Batched<In, Out> = (item: In) => Promise<Out>;

/** Whether a batch's error may come from one of its rows (then each row is tried alone). */
export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

export function createBatcher<In, Out>(options: BatcherOptions<In, Out>): Batched<In, Out> {
  const queue: Array<Waiting<In, Out>> = [];
  let running = 0;

  const settle = async (batch: Array<Waiting<In, Out>>): Promise<void> => {
    try {
      const results = await options.runMany(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1 || !isRowError(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => settle([waiting])));
    }
  };

  const pump = (): void => {
    while (running < options.concurrency && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      running += 1;
      void outsideRequestScope(() => settle(batch)).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  // Calls made in the same turn of the event loop (the requests read together, or the callers a
  // batch's answer resumed) go together: the queue is looked at once they have all been made.
  let pumpDue = false;
  const pumpSoon = (): void => {
    if (pumpDue) return;
    pumpDue = true;
    setImmediate(() => {
      pumpDue = false;
      pump();
    });
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pumpSoon();
    });
}

/** One batcher per database (tests open several), made on first use. */
export function batcherPerDatabase<Key extends object, In, Out>(make: (key: Key) => Batched<In, Out>): (key: Key) => Batched<In, Out> {
  const batchers = new WeakMap<Key, Batched<In, Out>>();
  return (key) => {
    let batcher = batchers.get(key);
    if (!batcher) {
      batcher = make(key);
      batchers.set(key, batcher);
    }
    return batcher;
  };
}
