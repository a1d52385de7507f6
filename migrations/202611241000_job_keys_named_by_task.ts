import { sql, type Kysely } from 'kysely';

/**
 * Job keys are `<task>:<id>`: the media jobs' `media:<asset id>` becomes `process-media:<asset id>`,
 * so that jobs waiting in a running deployment are still found (stopping the queue, deleting a file)
 * and not added a second time. The job tables are graphile-worker's: they exist only once a worker
 * has started, and a fresh database has nothing to rename.
 */
async function renameKeys(db: Kysely<any>, from: string, to: string): Promise<void> {
  await sql`
    do $$
    begin
      if to_regclass('graphile_worker._private_jobs') is not null then
        update graphile_worker._private_jobs as job
        set key = ${sql.lit(to)} || substr(job.key, ${sql.lit(from.length + 1)})
        where job.key like ${sql.lit(`${from}%`)}
          and not exists (
            select 1 from graphile_worker._private_jobs as other
            where other.key = ${sql.lit(to)} || substr(job.key, ${sql.lit(from.length + 1)})
          );
      end if;
    end
    $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await renameKeys(db, 'media:', 'process-media:');
}

export async function down(db: Kysely<any>): Promise<void> {
  await renameKeys(db, 'process-media:', 'media:');
}
