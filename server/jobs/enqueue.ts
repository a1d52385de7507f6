import { sql } from 'kysely';
import { jobKey, TASKS, type TaskName, type TaskPayload } from '../../shared/jobs/tasks.ts';
import type { Db } from '../db/database.ts';

/**
 * What a second job with the same key does (graphile-worker's job key modes):
 * - `replace`: the waiting job takes the new payload and run time;
 * - `preserve_run_at`: the waiting job takes the new payload but keeps its run time (a repeated
 *   "process this file" does not push the file back in the queue);
 * - `unsafe_dedupe`: the first job stays as it is, even if it is already running.
 */
export type JobKeyMode = 'replace' | 'preserve_run_at' | 'unsafe_dedupe';

export interface EnqueueOptions {
  /** The id of the thing the job is about: the job's key becomes `<task>:<id>`. */
  keyId?: string;
  /** With keyId: what a second job with the same key does (graphile-worker's default: replace). */
  keyMode?: JobKeyMode;
  maxAttempts?: number;
  runAt?: Date;
  /** Lower runs sooner. */
  priority?: number;
  queueName?: string;
}

/**
 * Adds a job through SQL on the given connection: called inside a transaction, the job exists only
 * if the transaction commits, so it never refers to rolled-back data. The payload is checked against
 * the task's schema first (a wrong payload is a programming error and throws).
 */
export async function enqueue<Task extends TaskName>(db: Db, task: Task, payload: TaskPayload<Task>, options: EnqueueOptions = {}): Promise<void> {
  const checked: unknown = TASKS[task].payload.parse(payload);
  const key = options.keyId === undefined ? null : jobKey(task, options.keyId);
  await sql`select graphile_worker.add_job(
    identifier => ${task},
    payload => ${JSON.stringify(checked)}::json,
    queue_name => ${options.queueName ?? null},
    run_at => ${options.runAt ?? null},
    max_attempts => ${options.maxAttempts ?? null},
    job_key => ${key},
    job_key_mode => ${key === null ? null : (options.keyMode ?? 'replace')},
    priority => ${options.priority ?? null}
  )`.execute(db);
}

/**
 * Removes the jobs of `task` about these ids (every one of the task when ids is omitted) that no
 * worker has taken; a job being worked on is left to finish. Answers how many were removed.
 */
export async function removeWaitingJobs(db: Db, task: TaskName, ids?: readonly string[]): Promise<number> {
  const result = await sql<{ key: string }>`
    select key from graphile_worker.jobs
    where task_identifier = ${task} and locked_at is null and key is not null
    ${ids ? sql`and key = any(${ids.map((id) => jobKey(task, id))})` : sql``}`.execute(db);
  for (const { key } of result.rows) await sql`select graphile_worker.remove_job(${key})`.execute(db);
  return result.rows.length;
}

/** Removes the job of `task` about this id, unless a worker has it (then it finishes). */
export async function removeJob(db: Db, task: TaskName, id: string): Promise<void> {
  await sql`select graphile_worker.remove_job(${jobKey(task, id)})`.execute(db);
}
