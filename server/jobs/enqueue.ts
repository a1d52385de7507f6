import { jobKey, TASKS, type TaskName, type TaskPayload } from '../../shared/jobs/tasks.ts';
import type { Db } from '../db/database.ts';
import { addJob, lockJobByKey, removeJobByKey, waitingJobKeys } from './jobs.repository.ts';

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
  await addJob(db, {
    task,
    payload: checked,
    queueName: options.queueName ?? null,
    runAt: options.runAt ?? null,
    maxAttempts: options.maxAttempts ?? null,
    key,
    keyMode: key === null ? null : (options.keyMode ?? 'replace'),
    priority: options.priority ?? null,
  });
}

/**
 * Removes the jobs of `task` about these ids (every one of the task when ids is omitted) that no
 * worker has taken; a job being worked on is left to finish. Answers how many were removed.
 */
export async function removeWaitingJobs(db: Db, task: TaskName, ids?: readonly string[]): Promise<number> {
  const keys = await waitingJobKeys(
    db,
    task,
    ids?.map((id) => jobKey(task, id)),
  );
  for (const key of keys) await removeJobByKey(db, key);
  return keys.length;
}

/** Removes the job of `task` about this id, unless a worker has it (then it finishes). */
export async function removeJob(db: Db, task: TaskName, id: string): Promise<void> {
  await removeJobByKey(db, jobKey(task, id));
}

/** The job of `task` about this id, held until the transaction ends: no worker can take it meanwhile. */
export function lockJob(db: Db, task: TaskName, id: string): Promise<'waiting' | 'taken' | 'none'> {
  return lockJobByKey(db, jobKey(task, id));
}
