import { sql, type Kysely } from 'kysely';

/**
 * The media queue's priorities become classes (a new upload 0, a re-process 10, a backfill 20), each
 * ordered inside by how the file came in (triggered +0, the editor's Process +1, a pull +2). The old
 * values were that order alone: triggered 0, editor 5, pull 10. A waiting item is a re-process when its
 * file already has outputs, else a new upload; an item no longer waiting keeps the order it came in by,
 * as a new upload. The jobs still waiting take their item's new priority (graphile-worker's tables exist
 * only once a worker has started). The values are written out here: migrations stand alone.
 */
/** Waiting media jobs take their queue item's priority (when graphile-worker's schema exists yet). */
async function syncWaitingJobs(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      if to_regclass('graphile_worker._private_jobs') is not null then
        update graphile_worker._private_jobs as job
        set priority = q.priority
        from queue_items as q
        where job.key = 'process-media:' || q.asset_id::text and job.locked_at is null;
      end if;
    end
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update queue_items as q
    set priority = (case when q.state = 'queued' and a.output_prefix is not null then 10 else 0 end)
      + (case when q.priority <= 0 then 0 when q.priority <= 5 then 1 else 2 end)
    from assets as a
    where a.id = q.asset_id`.execute(db);
  await syncWaitingJobs(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update queue_items set priority = case priority % 10 when 0 then 0 when 1 then 5 else 10 end`.execute(db);
  await syncWaitingJobs(db);
}
