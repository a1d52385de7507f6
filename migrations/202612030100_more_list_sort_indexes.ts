import { sql, type Kysely } from 'kysely';

/**
 * More of the console's lists sort by their columns, each column both ways with the id breaking
 * ties: as in 202612020130, an index on (column, id) serves both directions, a column that can be
 * null holding its nulls first (the smallest value).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index lakshya_students_sort_name_idx on lakshya_students (name, id)`.execute(db);
  await sql`create index lakshya_students_sort_phone_idx on lakshya_students (phone_number, id)`.execute(db);
  await sql`create index lakshya_students_sort_expiry_idx on lakshya_students (expiry_date nulls first, id)`.execute(db);
  await sql`create index admin_alerts_sort_read_idx on admin_alerts (read_at nulls first, id)`.execute(db);
  // queue_items_created_idx (created_at desc, id) breaks ties the other way from the sorted list.
  await sql`create index queue_items_sort_created_idx on queue_items (created_at, id)`.execute(db);
  await sql`create index queue_items_sort_updated_idx on queue_items (last_state_updated_on, id)`.execute(db);
  await sql`create index queue_items_sort_type_idx on queue_items (type, id)`.execute(db);
  await sql`create index queue_items_sort_state_idx on queue_items (state, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index queue_items_sort_state_idx`.execute(db);
  await sql`drop index queue_items_sort_type_idx`.execute(db);
  await sql`drop index queue_items_sort_updated_idx`.execute(db);
  await sql`drop index queue_items_sort_created_idx`.execute(db);
  await sql`drop index admin_alerts_sort_read_idx`.execute(db);
  await sql`drop index lakshya_students_sort_expiry_idx`.execute(db);
  await sql`drop index lakshya_students_sort_phone_idx`.execute(db);
  await sql`drop index lakshya_students_sort_name_idx`.execute(db);
}
