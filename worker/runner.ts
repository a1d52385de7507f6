import { EventEmitter } from 'node:events';
import { Logger, run, type Runner, type WorkerEvents } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { WorkerDeps } from './deps.ts';
import { watchWorkers } from './heartbeat.ts';
import { createMediaTaskList, createTaskList, scheduledJobs } from './index.ts';

export interface WorkerHandle {
  /** Stops taking jobs, lets running ones finish (or releases them after the timeout). */
  stop(): Promise<void>;
}

/**
 * graphile-worker's info messages (a runner connecting, each job completed: one a minute from
 * the schedule alone, with the whole job) are debug here; its warnings and errors (a failed
 * job) keep their level.
 */
function loggerFor(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'debug';
    log[method]({ worker: scope.workerId, task: scope.taskIdentifier, job: scope.jobId, ...meta }, message);
  });
}

/**
 * Two graphile-worker runners share the process's pool: one for short jobs (messages,
 * housekeeping) and one for media processing with its own concurrency, so that a long
 * transcode never holds up a recovery code. Heartbeats let other processes take back
 * the jobs of a process that died.
 */
export async function startWorker(options: {
  pool: pg.Pool;
  deps: WorkerDeps;
  log: FastifyBaseLogger;
  concurrency: number;
  mediaConcurrency?: number;
  pollInterval?: number;
}): Promise<WorkerHandle> {
  const logger = loggerFor(options.log);
  // Listened to before the runners start, so that the heartbeat knows every worker from its first job.
  const events: WorkerEvents = new EventEmitter();
  const watcher = watchWorkers({
    db: options.deps.db,
    events,
    log: options.log,
    heartbeatSeconds: options.deps.config.WORKER_HEARTBEAT_SECONDS,
    deadAfterSeconds: options.deps.config.WORKER_DEAD_AFTER_SECONDS,
  });
  const common = {
    events,
    pgPool: options.pool,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    logger,
    gracefulShutdownAbortTimeout: 25_000,
  };
  const runners: Runner[] = [];
  const general = await run({ ...common, concurrency: options.concurrency, taskList: createTaskList(options.deps), parsedCronItems: scheduledJobs() });
  runners.push(general);
  const media = await run({
    ...common,
    concurrency: options.mediaConcurrency ?? options.deps.config.MEDIA_CONCURRENCY,
    taskList: createMediaTaskList(options.deps),
    // No schedule of its own. Given none, graphile-worker would read a `crontab` file in the
    // working folder, and say at every start that there is none.
    parsedCronItems: [],
  });
  runners.push(media);
  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= (async () => {
        await Promise.all(runners.map((runner) => runner.stop()));
        await watcher.stop();
      })();
      return stopping;
    },
  };
}
