import { AsyncLocalStorage } from 'node:async_hooks';
import net from 'node:net';
import pg from 'pg';
import { assertFirstConnectionOfTransaction } from './held-connection.ts';

/**
 * The pooled connections one HTTP request is using, so that its statements can be cancelled when
 * its client goes away. Services never see this: the pool below records each connection checked out
 * while a request's scope is current (Kysely checks one out per statement or transaction), and the
 * request's hook cancels what they run when the client disconnects before the answer.
 */
export class QueryScope {
  #aborted = false;
  readonly #held = new Set<pg.PoolClient>();
  /** Connections that were sent a cancel: they leave the pool when released (see release below). */
  #cancelled: Set<pg.PoolClient> | null = null;

  get aborted(): boolean {
    return this.#aborted;
  }

  /** The client went away: cancel every statement running on this request's connections, and start no more. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#cancelled = new Set(this.#held);
    for (const client of this.#held) sendCancelRequest(client);
  }

  /** Records a connection checked out for this request until it is released. */
  hold(client: pg.PoolClient): pg.PoolClient {
    refuseStatementsAfterAbort(client);
    this.#held.add(client);
    holders.set(client, this);
    // pg's pool gives each checkout a release function of its own.
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      this.#held.delete(client);
      holders.delete(client);
      // A cancel request travels on its own connection and may arrive late: had this connection gone
      // back to the pool, it could cancel the next request's statement. It is closed instead.
      release(error ?? (this.#cancelled?.has(client) ? new ClientGoneError() : undefined));
    };
    return client;
  }
}

/** The scope holding each checked-out connection. */
const holders = new WeakMap<pg.PoolClient, QueryScope>();
const guarded = new WeakSet<pg.PoolClient>();

/**
 * Statements started after the client left fail at once; a rollback still runs, so that the
 * connection never goes back to the pool inside a transaction. Installed once per connection (its
 * shape then stays the same), it asks which scope holds the connection now.
 */
function refuseStatementsAfterAbort(client: pg.PoolClient): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    if (holders.get(client)?.aborted && !isRollback(args[0]) && !isSubmittable(args[0])) {
      const error = new ClientGoneError();
      const callback = args.find((arg) => typeof arg === 'function') as ((error: Error) => void) | undefined;
      if (callback) {
        process.nextTick(() => callback(error));
        return undefined;
      }
      return Promise.reject(error);
    }
    return query.apply(client, args);
  }) as typeof client.query;
}

const scopes = new AsyncLocalStorage<QueryScope>();

/** Runs `run` (and everything it starts) as part of the request whose scope this is. */
export function runInQueryScope<T>(scope: QueryScope, run: () => T): T {
  return scopes.run(scope, run);
}

/**
 * Runs `run` outside any request's scope: for work shared by several requests (a cache filled once
 * for everyone who asks meanwhile), which must not be cancelled because the first asker left.
 */
export function outsideRequestScope<T>(run: () => T): T {
  return scopes.exit(run);
}

/** The request scope this code runs in, if any (for tests and logs). */
export function currentQueryScope(): QueryScope | undefined {
  return scopes.getStore();
}

/** The statement was not run, or was cancelled, because the request's client had disconnected. */
export class ClientGoneError extends Error {
  /** PostgreSQL's query_canceled, as a cancelled statement reports it. */
  readonly code = '57014';
  constructor() {
    super('canceling statement: the client closed the request');
    this.name = 'ClientGoneError';
  }
}

const isRollback = (query: unknown) => typeof query === 'string' && /^\s*rollback\b/i.test(query);
const isSubmittable = (query: unknown) => typeof query === 'object' && query !== null && typeof (query as { submit?: unknown }).submit === 'function';

/**
 * PostgreSQL's CancelRequest (16 bytes: length, the code 80877102, the backend's process id and
 * secret key) on a connection of its own. It needs no sign-in and no pool connection: when the pool
 * is exhausted by the very statements to cancel, a `select pg_cancel_backend()` would wait behind them.
 */
function sendCancelRequest(client: pg.PoolClient): void {
  const { processID, secretKey } = client as unknown as { processID: number | null; secretKey: number | null };
  if (processID === null || secretKey === null) return;
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = client.host.startsWith('/') ? net.connect(`${client.host}/.s.PGSQL.${client.port}`) : net.connect(client.port, client.host);
  // The server closes it once read; a failure leaves the statement to its statement_timeout.
  socket.on('error', () => socket.destroy());
  socket.setTimeout(5000, () => socket.destroy());
  socket.end(packet);
}

/**
 * No connection of the pool came free within its wait (connectionTimeoutMillis): the database is
 * busier than the pool can serve. Answered as a statement that ran out of time (503, try again).
 */
export class PoolBusyError extends Error {
  /** PostgreSQL's query_canceled, as a statement that ran out of time reports it. */
  readonly code = '57014';
  constructor(cause: unknown) {
    super('no database connection came free in time', { cause });
    this.name = 'PoolBusyError';
  }
}

/** pg-pool's own words when its wait for a connection ends. */
const isCheckoutTimeout = (error: unknown) => error instanceof Error && error.message === 'timeout exceeded when trying to connect';

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** pg's pool, recording the connections checked out within a request's scope (Kysely and pool.query alike). */
export class ScopedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const scope = scopes.getStore();
    let checkedOut: Promise<pg.PoolClient>;
    try {
      assertFirstConnectionOfTransaction();
      checkedOut = scope ? this.#connectFor(scope) : super.connect();
    } catch (error) {
      checkedOut = Promise.reject(error as Error);
    }
    checkedOut = checkedOut.catch((error: unknown) => {
      throw isCheckoutTimeout(error) ? new PoolBusyError(error) : error;
    });
    if (!callback) return checkedOut;
    checkedOut.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  async #connectFor(scope: QueryScope): Promise<pg.PoolClient> {
    if (scope.aborted) throw new ClientGoneError();
    const client = await super.connect();
    // The client left while this request waited for a free connection: give it straight back.
    if (scope.aborted) {
      client.release();
      throw new ClientGoneError();
    }
    return scope.hold(client);
  }
}
