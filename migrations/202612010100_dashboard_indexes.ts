import { sql, type Kysely } from 'kysely';

/**
 * The console's home page sums the last 30 days of sales per day, counts new and active students and
 * refunds: each index holds the columns its sum reads, so the page reads only the days it shows,
 * however many orders there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_paid_at_idx on orders (paid_at) include (gross_paise, gst_paise, net_paise) where paid_at is not null`.execute(db);
  await sql`create index refunds_processed_idx on refunds (created_at) include (amount_paise) where status = 'processed'`.execute(db);
  await sql`create index exam_attempts_started_idx on exam_attempts (started_at) include (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index exam_attempts_started_idx`.execute(db);
  await sql`drop index refunds_processed_idx`.execute(db);
  await sql`drop index orders_paid_at_idx`.execute(db);
}
