import type { Compilable, InferResult } from 'kysely';
import { poolOf, type Db } from '../db/database.ts';

/** Rows an export reads from PostgreSQL at a time: a batch in memory, never the whole list. */
export const EXPORT_BATCH_ROWS = 1000;

/** How the export worker reaches PostgreSQL: the server pool's own settings, its statement_timeout included. */
export interface ExportConnection {
  connectionString?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  ssl?: boolean | Record<string, unknown>;
  statement_timeout?: number;
}

/**
 * A list's own query (its filters and its order, no page limit), compiled, with what the export
 * worker needs to read it through a server-side cursor of its own, a batch at a time. `Row` is the
 * type of the rows it answers (the columns are written for it).
 */
export interface RowCursor<Row> {
  sql: string;
  parameters: readonly unknown[];
  batchRows: number;
  connection: ExportConnection;
  /** Never set: carries the row type from the query to the file's columns. */
  readonly row?: Row;
}

const CONNECTION_SETTINGS = ['connectionString', 'host', 'port', 'user', 'password', 'database', 'ssl', 'statement_timeout'] as const;

/**
 * The cursor an export reads its rows through. The rows are read off the main thread, by the worker
 * that writes the file (see export-reply.ts): this compiles the query and takes the pool's
 * connection settings, so the worker's statements run with the same database and timeouts.
 */
export async function openRowCursor<Query extends Compilable>(
  db: Db,
  query: Query,
  batchRows = EXPORT_BATCH_ROWS,
): Promise<RowCursor<InferResult<Query>[number]>> {
  const pool = poolOf(db);
  if (!pool) throw new Error('An export reads through the pool, not inside a transaction');
  const { sql, parameters } = query.compile();
  const settings = pool.options as unknown as Record<string, unknown>;
  const connection: Record<string, unknown> = {};
  // Only what a thread can be sent (a password given as a function stays behind: the product gives a URL).
  for (const key of CONNECTION_SETTINGS) if (settings[key] !== undefined && typeof settings[key] !== 'function') connection[key] = settings[key];
  return { sql, parameters, batchRows, connection: connection as ExportConnection };
}
