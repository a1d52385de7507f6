import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../errors.ts';
import type { Database } from './types.ts';
import type { Db } from './database.ts';

/**
 * Every connection of the pool starts with the default statement_timeout
 * (DATABASE_STATEMENT_TIMEOUT_MS). The few operations whose statements legitimately run longer
 * raise it for their own transaction only, with these bounds.
 */
export const LONG_STATEMENT_TIMEOUTS_MS = {
  /** Saving an exam writes its whole paper (5,000 questions, up to 32 MB of JSON) in one statement. */
  examSave: 60_000,
  /** A 100,000-row lakshya-students CSV is inserted in one transaction, 20,000 rows a statement. */
  lakshyaStudentsImport: 120_000,
  /** A regrade re-marks and re-ranks every submitted attempt of an exam in one transaction. */
  regradeApply: 300_000,
  /** A submit waits this long for a regrade of its exam being applied (30 s at a million attempts). */
  submitDuringRegrade: 120_000,
  /** A rank sync aggregates every submitted attempt of an exam (a million and more). */
  rankSync: 600_000,
  /** Hourly housekeeping deletes whatever expired since (after an attack, millions of rate-limit windows). */
  housekeeping: 300_000,
} as const;

/** PostgreSQL's query_canceled: a statement stopped by statement_timeout or by a cancel request. */
export const QUERY_CANCELED = '57014';

export const TIMED_OUT_MESSAGE = 'The server took too long to answer. Please try again.';
/** What a timed-out answer suggests in Retry-After. */
export const TIMED_OUT_RETRY_AFTER_SECONDS = 5;

/** Whether the error (or what it wraps) is a statement that was cancelled or ran out of time. */
export function isQueryCanceled(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== null && typeof cause === 'object' && depth < 4; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if ((cause as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/** The answer to a statement that ran out of time: 503 with Retry-After, never a 500. */
export function timedOutError(): AppError {
  return new AppError('unavailable', TIMED_OUT_MESSAGE, { retryAfterSeconds: TIMED_OUT_RETRY_AFTER_SECONDS });
}

/**
 * Raises the statement_timeout of the current transaction (SET LOCAL: it ends with the transaction)
 * to at least `ms`; a larger setting, or none at all (0), is kept.
 */
export async function allowLongStatements(trx: Transaction<Database> | Kysely<Database>, ms: number): Promise<void> {
  const bound = String(Math.trunc(ms));
  await sql`
    select set_config('statement_timeout', case when setting::bigint = 0 or setting::bigint >= ${bound}::bigint then setting else ${bound} end, true)
    from pg_settings where name = 'statement_timeout'`.execute(trx);
}

/** Runs `work` in a transaction whose statements may each run up to `ms`. */
export function withLongStatements<T>(db: Db, ms: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await allowLongStatements(trx, ms);
    return work(trx);
  });
}
