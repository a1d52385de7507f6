import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** graphile-worker's add_job on the given connection; nulls take graphile-worker's defaults. */
export async function addJob(
  db: Db,
  job: {
    task: string;
    payload: unknown;
    queueName: string | null;
    runAt: Date | null;
    maxAttempts: number | null;
    key: string | null;
    keyMode: string | null;
    priority: number | null;
  },
): Promise<void> {
  await sql`select graphile_worker.add_job(
    identifier => ${job.task},
    payload => ${JSON.stringify(job.payload)}::json,
    queue_name => ${job.queueName},
    run_at => ${job.runAt},
    max_attempts => ${job.maxAttempts},
    job_key => ${job.key},
    job_key_mode => ${job.keyMode},
    priority => ${job.priority}
  )`.execute(db);
}

/** The keys of the task's keyed jobs no worker has taken (only those among `keys` when given). */
export async function waitingJobKeys(db: Db, task: string, keys?: readonly string[]): Promise<string[]> {
  const result = await sql<{ key: string }>`
    select key from graphile_worker.jobs
    where task_identifier = ${task} and locked_at is null and key is not null
    ${keys ? sql`and key = any(${keys})` : sql``}`.execute(db);
  return result.rows.map((row) => row.key);
}

/** graphile-worker's remove_job: a job a worker has taken is left to finish. */
export async function removeJobByKey(db: Db, key: string): Promise<void> {
  await sql`select graphile_worker.remove_job(${key})`.execute(db);
}

/**
 * The keyed job, its row locked until the transaction ends so that no worker takes it meanwhile
 * (graphile-worker skips locked rows): `waiting` when no worker has it, `taken` when one has,
 * `none` when there is no such job.
 */
export async function lockJobByKey(db: Db, key: string): Promise<'waiting' | 'taken' | 'none'> {
  const result = await sql<{ locked_at: Date | null }>`
    select locked_at from graphile_worker._private_jobs where key = ${key} for update`.execute(db);
  const row = result.rows[0];
  if (!row) return 'none';
  return row.locked_at === null ? 'waiting' : 'taken';
}
