import os from 'node:os';
import type { WorkerEvents } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../server/db/database.ts';
import { deleteHeartbeat, deleteHeartbeats, forceUnlockWorkers, recordHeartbeats, silentLockHolders } from './heartbeats.repository.ts';

/**
 * How often a process looks for silent workers: at each heartbeat, and at least five times per
 * dead-after period, so that a dead worker's job is free within DEAD_AFTER_SECONDS plus a fifth of
 * it (with the defaults, 5 s heartbeats and 20 s: at most 24 s after its last heartbeat, plus the
 * runners' 2 s poll before another worker takes it).
 */
export function sweepIntervalMs(heartbeatSeconds: number, deadAfterSeconds: number): number {
  return Math.max(1000, Math.min(heartbeatSeconds, deadAfterSeconds / 5) * 1000);
}

/**
 * graphile-worker keeps a job locked for hours when the worker holding it dies (kill -9,
 * a lost machine). Each process records a heartbeat for its workers; any process finds
 * jobs locked for longer than DEAD_AFTER_SECONDS by workers without a recent heartbeat
 * and unlocks them, so another worker runs them again (the tasks are idempotent).
 */
export function watchWorkers(options: {
  db: Db;
  events: WorkerEvents;
  log: FastifyBaseLogger;
  /** How often a live process says so (WORKER_HEARTBEAT_SECONDS). */
  heartbeatSeconds: number;
  /** How long a silent worker has before its jobs are taken back (WORKER_DEAD_AFTER_SECONDS). */
  deadAfterSeconds: number;
}): { stop(): Promise<void> } {
  const { db, log } = options;
  const DEAD_AFTER_SECONDS = options.deadAfterSeconds;
  const workerIds = new Set<string>();
  options.events.on('pool:create', ({ workerPool }) => workerIds.add(workerPool.id));
  options.events.on('worker:create', ({ worker }) => {
    workerIds.add(worker.workerId);
    void beat().catch(() => {});
  });
  options.events.on('worker:stop', ({ worker }) => {
    workerIds.delete(worker.workerId);
    void deleteHeartbeat(db, worker.workerId).catch(() => {});
  });

  const beat = async () => {
    const ids = [...workerIds];
    if (ids.length === 0) return;
    await recordHeartbeats(db, ids, os.hostname(), process.pid);
  };

  const sweep = async () => {
    const dead = await silentLockHolders(db, DEAD_AFTER_SECONDS);
    if (dead.length === 0) return;
    await forceUnlockWorkers(db, dead);
    await deleteHeartbeats(db, dead);
    log.warn({ workers: dead }, 'released the jobs of workers that stopped sending heartbeats');
  };

  const safely = (name: string, run: () => Promise<void>) => () => {
    run().catch((error: unknown) => log.warn({ err: error }, `worker ${name} failed`));
  };
  const beatTimer = setInterval(safely('heartbeat', beat), options.heartbeatSeconds * 1000);
  const sweepTimer = setInterval(safely('sweep', sweep), sweepIntervalMs(options.heartbeatSeconds, DEAD_AFTER_SECONDS));
  beatTimer.unref();
  sweepTimer.unref();

  return {
    stop: async () => {
      clearInterval(beatTimer);
      clearInterval(sweepTimer);
      const ids = [...workerIds];
      if (ids.length > 0) await deleteHeartbeats(db, ids).catch(() => {});
    },
  };
}
