import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionBuilder } from 'kysely';

/**
 * The house rule "never wait on the outside world inside a transaction", checked as the code runs:
 * every Kysely transaction runs its callback with a mark in this async context, and every client of
 * an outside service (Razorpay, SMS, SMTP, push services, file storage, Google's keys) calls
 * `assertNoHeldConnection` before it sends anything. A call made while a transaction holds a pool
 * connection throws instead of holding the connection (and the rows it locked) for as long as the
 * service takes to answer; the transaction then rolls back, so nothing half-done is kept.
 */
const holding = new AsyncLocalStorage<{ since: number; connected: boolean }>();

const execute = TransactionBuilder.prototype.execute;
TransactionBuilder.prototype.execute = function guardedExecute<T>(
  this: TransactionBuilder<unknown>,
  callback: Parameters<TransactionBuilder<unknown>['execute']>[0],
): Promise<T> {
  return holding.run({ since: Date.now(), connected: false }, () => execute.call(this, callback) as Promise<T>);
} as TransactionBuilder<unknown>['execute'];

export class HeldConnectionError extends Error {
  constructor(service: string) {
    super(`${service} was called inside a database transaction: commit first, then call it with no connection held`);
    this.name = 'HeldConnectionError';
  }
}

/** Throws when this code runs inside a database transaction. */
export function assertNoHeldConnection(service: string): void {
  if (holding.getStore()) throw new HeldConnectionError(service);
}

export class SecondConnectionError extends Error {
  constructor() {
    super('a pool connection was asked for inside a database transaction: read and write through the transaction (trx), not db');
    this.name = 'SecondConnectionError';
  }
}

/**
 * Called by the pool before each checkout: the first one inside a transaction is the
 * transaction's own; a second one throws. Holding one connection while waiting for another waits
 * for ever once every connection of the pool is held that way (a burst of exam submits did).
 */
export function assertFirstConnectionOfTransaction(): void {
  const transaction = holding.getStore();
  if (!transaction) return;
  if (transaction.connected) throw new SecondConnectionError();
  transaction.connected = true;
}

/** Whether this code runs inside a database transaction (for tests and logs). */
export function insideTransaction(): boolean {
  return holding.getStore() !== undefined;
}
