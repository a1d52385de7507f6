import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface EnqueueOptions {
  /** Replaces a pending job with the same key instead of adding a second one. */
  jobKey?: string;
  maxAttempts?: number;
  runAt?: Date;
  priority?: number;
  queueName?: string;
}

/**
 * Adds a graphile-worker job through SQL, so that called inside a transaction the job
 * exists only if the transaction commits and never refers to rolled-back data.
 */
export async function enqueueJob(db: Db, task: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  await sql`select graphile_worker.add_job(
    identifier => ${task},
    payload => ${JSON.stringify(payload)}::json,
    queue_name => ${options.queueName ?? null},
    run_at => ${options.runAt ?? null},
    max_attempts => ${options.maxAttempts ?? null},
    job_key => ${options.jobKey ?? null},
    priority => ${options.priority ?? null}
  )`.execute(db);
}
