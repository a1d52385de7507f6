import { sql, type Kysely } from 'kysely';

/**
 * The console's lists sort by their columns, each column both ways with the id breaking ties: an
 * index on (column, id) serves both directions (read backwards for one), so a page of a sorted list
 * reads only its rows however long the list is. A column that can be null sorts its nulls as the
 * smallest value (`nulls first`). The orders' indexes hold the paid and deleted orders, the two lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Replaces orders_paid_idx (paid_at desc, id desc), whose nulls came first when descending.
  await sql`drop index orders_paid_idx`.execute(db);
  await sql`create index orders_paid_sort_date_idx on orders (paid_at nulls first, id) where status = 'paid'`.execute(db);
  await sql`create index orders_sort_mode_idx on orders (status, mode, id) where status in ('paid', 'deleted')`.execute(db);
  await sql`create index orders_sort_coupon_idx on orders (status, coupon_code nulls first, id) where status in ('paid', 'deleted')`.execute(db);
  await sql`create index orders_sort_title_idx on orders (status, title, id) where status in ('paid', 'deleted')`.execute(db);
  await sql`create index orders_sort_amount_idx on orders (status, net_paise, id) where status in ('paid', 'deleted')`.execute(db);
  await sql`create index users_sort_name_idx on users (name, id)`.execute(db);
  await sql`create index users_sort_phone_idx on users (phone_number nulls first, id)`.execute(db);
  await sql`create index users_sort_email_idx on users (email_address nulls first, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_sort_email_idx`.execute(db);
  await sql`drop index users_sort_phone_idx`.execute(db);
  await sql`drop index users_sort_name_idx`.execute(db);
  await sql`drop index orders_sort_amount_idx`.execute(db);
  await sql`drop index orders_sort_title_idx`.execute(db);
  await sql`drop index orders_sort_coupon_idx`.execute(db);
  await sql`drop index orders_sort_mode_idx`.execute(db);
  await sql`drop index orders_paid_sort_date_idx`.execute(db);
  await sql`create index orders_paid_idx on orders (paid_at desc, id desc) where status = 'paid'`.execute(db);
}
