import type { Compilable, InferResult } from 'kysely';
import type pg from 'pg';
import { poolOf, type Db } from '../db/database.ts';

/** Rows an export reads from PostgreSQL at a time: a batch in memory, never the whole list. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Opens a server-side cursor over a list's own query (its filters and its order, no page limit) and
 * answers its rows a batch at a time, each batch read only when the one before has been written:
 * a million rows hold one batch in memory (small batches die young: the memory stays flat). The cursor lives in a read-only transaction on a pool
 * connection of its own, taken in the request's scope, so a client that goes away cancels the
 * statement running and the rest is never read. The query is checked (declared) before this
 * answers, so a failing query is an error answer, not a broken file.
 */
export async function openRowCursor<Query extends Compilable>(
  db: Db,
  query: Query,
  batchRows = EXPORT_BATCH_ROWS,
): Promise<AsyncGenerator<Array<InferResult<Query>[number]>>> {
  const pool = poolOf(db);
  if (!pool) throw new Error('An export reads through the pool, not inside a transaction');
  const client = await pool.connect();
  try {
    const { sql, parameters } = query.compile();
    await client.query('begin read only');
    await client.query(`declare export_rows no scroll cursor for ${sql}`, parameters as unknown[]);
  } catch (error) {
    await finish(client, false);
    throw error;
  }
  return batches<InferResult<Query>[number]>(client, batchRows);
}

async function* batches<Row>(client: pg.PoolClient, batchRows: number): AsyncGenerator<Row[]> {
  let done = false;
  try {
    for (;;) {
      const { rows } = await client.query(`fetch forward ${batchRows} from export_rows`);
      if (rows.length === 0) break;
      yield rows as Row[];
    }
    done = true;
  } finally {
    await finish(client, done);
  }
}

/** Ends the cursor's transaction and gives the connection back; a connection that cannot roll back is closed instead. */
async function finish(client: pg.PoolClient, committed: boolean): Promise<void> {
  try {
    await client.query(committed ? 'commit' : 'rollback');
    client.release();
  } catch (error) {
    client.release(error as Error);
  }
}
