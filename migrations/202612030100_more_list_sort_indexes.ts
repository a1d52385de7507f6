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
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index admin_alerts_sort_read_idx`.execute(db);
  await sql`drop index lakshya_students_sort_expiry_idx`.execute(db);
  await sql`drop index lakshya_students_sort_phone_idx`.execute(db);
  await sql`drop index lakshya_students_sort_name_idx`.execute(db);
}
