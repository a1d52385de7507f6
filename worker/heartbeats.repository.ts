import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';

/** Records that these workers of this process are alive now. */
export async function recordHeartbeats(db: Db, workerIds: string[], hostname: string, pid: number): Promise<void> {
  await db
    .insertInto('worker_heartbeats')
    .values(workerIds.map((id) => ({ worker_id: id, hostname, pid })))
    .onConflict((oc) => oc.column('worker_id').doUpdateSet({ last_seen_at: sql`now()` }))
    .execute();
}

export async function deleteHeartbeat(db: Db, workerId: string): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('worker_id', '=', workerId).execute();
}

export async function deleteHeartbeats(db: Db, workerIds: string[]): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('worker_id', 'in', workerIds).execute();
}

/** Workers that have held a job for longer than `silentSeconds` and sent no heartbeat in that time. */
export async function silentLockHolders(db: Db, silentSeconds: number): Promise<string[]> {
  const { rows } = await sql<{ locked_by: string }>`
    select distinct j.locked_by
    from graphile_worker.jobs j
    where j.locked_by is not null
      and j.locked_at < now() - make_interval(secs => ${silentSeconds})
      and not exists (
        select 1 from worker_heartbeats h
        where h.worker_id = j.locked_by and h.last_seen_at > now() - make_interval(secs => ${silentSeconds})
      )`.execute(db);
  return rows.map((row) => row.locked_by);
}

/** graphile-worker's force_unlock_workers: the jobs these workers hold become free to run again. */
export async function forceUnlockWorkers(db: Db, workerIds: string[]): Promise<void> {
  await sql`select graphile_worker.force_unlock_workers(${workerIds}::text[])`.execute(db);
}
