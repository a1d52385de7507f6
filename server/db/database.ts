import { Kysely, PostgresDialect, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './types.ts';
import { NamingClient, runNamed } from './named-statements.ts';
import { ScopedPool } from './query-scope.ts';
// Marks every transaction, so that outside calls made inside one are caught (see the file).
import './held-connection.ts';
// The value parsers every connection uses (int8 and numeric as numbers, dates as text).
import './type-parsers.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * The statement_timeout every connection starts with (0 or unset: PostgreSQL's own setting). Work
   * that needs longer raises it for its transaction (see statement-timeout.ts).
   */
  statementTimeoutMs?: number;
  /** How long a caller waits for a connection of the pool before PoolBusyError (POOL_WAIT_MS unless set). */
  poolWaitMs?: number;
}

/**
 * How long a caller waits for a free connection (or for a new one to open). Past it the request is
 * answered 503 "try again" rather than kept waiting: no wait on the pool is without end.
 */
export const POOL_WAIT_MS = 30_000;

const poolsOf = new WeakMap<Db, pg.Pool>();

/** The pool behind `db` (undefined for a transaction): for work that needs a client of its own (a cursor). */
export function poolOf(db: Db): pg.Pool | undefined {
  return poolsOf.get(db);
}

/**
 * A statement run often (every course read, every exam start) whose text never changes: a named
 * prepared statement, planned once per connection instead of on every call (a statement with many
 * entitlement branches costs far more to plan than to run). See named-statements.ts.
 */
export async function preparedRows<Row>(db: Db, name: string, query: RawBuilder<Row>): Promise<Row[]> {
  return (await runNamed(db, name, query.compile(db))).rows;
}

/**
 * `keepOpen` connections stay open while idle (the server keeps its whole pool: see warmPool);
 * connections above it close after 30 s without use.
 */
export function openDatabase(url: string, poolSize = 10, keepOpen = 0, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const pool = new ScopedPool({
    connectionString: url,
    // Sends the statements repositories name (runNamed) as prepared statements.
    Client: NamingClient,
    max: poolSize,
    min: Math.min(keepOpen, poolSize),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.poolWaitMs ?? POOL_WAIT_MS,
    // Sent with the connection's start-up, so that no statement of the connection runs unbounded.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (the server restarting) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  poolsOf.set(db, pool);
  let closed = false;
  return {
    db,
    pool,
    close: async () => {
      if (closed) return;
      closed = true;
      // Kysely's destroy ends the pool it was given.
      await db.destroy();
    },
  };
}

/**
 * Opens `count` connections of the pool at once and returns them to it. A new connection costs
 * PostgreSQL a backend process and a SCRAM exchange, tens of milliseconds under load; when
 * thousands of students start an exam in the same seconds right after the server started, opening
 * the connections then made every start of the first seconds wait (a p50 of 430 ms there against 9 ms
 * afterwards in the exams benchmark). Failures are left to the first query to report.
 */
export async function warmPool(pool: pg.Pool, count: number): Promise<void> {
  const clients = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  for (const result of clients) if (result.status === 'fulfilled') result.value.release();
}
