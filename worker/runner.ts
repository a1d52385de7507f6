import { Logger, run, type Runner } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { WorkerDeps } from './deps.ts';
import { createTaskList, CRONTAB } from './index.ts';

export interface WorkerHandle {
  /** Stops taking jobs, lets running ones finish (or releases them after the timeout). */
  stop(): Promise<void>;
}

function loggerFor(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    log[method]({ worker: scope.workerId, task: scope.taskIdentifier, job: scope.jobId, ...meta }, message);
  });
}

export async function startWorker(options: {
  pool: pg.Pool;
  deps: WorkerDeps;
  log: FastifyBaseLogger;
  concurrency: number;
  pollInterval?: number;
}): Promise<WorkerHandle> {
  const runner: Runner = await run({
    pgPool: options.pool,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    taskList: createTaskList(options.deps),
    crontab: CRONTAB,
    logger: loggerFor(options.log),
    gracefulShutdownAbortTimeout: 25_000,
  });
  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= runner.stop().then(() => undefined);
      return stopping;
    },
  };
}
