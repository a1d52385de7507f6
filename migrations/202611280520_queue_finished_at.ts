import { sql, type Kysely } from 'kysely';

/**
 * A finished queue item records when it finished, so that the Process Queue's default view leaves
 * out what finished over a day ago while its Status filter still finds it. The queue is read a page
 * at a time, filtered by state, newest first: the indexes serve each view at any number of items.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table queue_items add column finished_at timestamptz`.execute(db);
  await sql`update queue_items set finished_at = last_state_updated_on where state = 'ready'`.execute(db);
  await sql`create index queue_items_created_idx on queue_items (created_at desc, id)`.execute(db);
  await sql`create index queue_items_state_created_idx on queue_items (state, created_at desc, id)`.execute(db);
  await sql`create index queue_items_finished_idx on queue_items (finished_at) where state = 'ready'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index queue_items_finished_idx`.execute(db);
  await sql`drop index queue_items_state_created_idx`.execute(db);
  await sql`drop index queue_items_created_idx`.execute(db);
  await sql`alter table queue_items drop column finished_at`.execute(db);
}
