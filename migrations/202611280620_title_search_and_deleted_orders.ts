import { sql, type Kysely } from 'kysely';

/**
 * The console's pickers search courses, exams, lectures, rank files and rate cards by any part of
 * their title on the server, a page at a time, by title: a trigram index on each title lets
 * `ILIKE '%word%'` read only the rows that can match, and an index on (title, id) gives a page of the
 * unfiltered list without sorting the whole table.
 *
 * Deleted orders get their own list (newest deletion first, searched like the paid ones): an index
 * on when they were deleted and a trigram index on their search text, both over deleted orders only.
 * Who deleted an order is already recorded (`deleted_by`, null when unknown); nothing to backfill.
 */
const TITLED = ['courses', 'exams', 'lectures', 'rank_files', 'subscriptions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const table of TITLED) {
    await sql`create index ${sql.id(`${table}_title_trgm_idx`)} on ${sql.table(table)} using gin (title gin_trgm_ops)`.execute(db);
    await sql`create index ${sql.id(`${table}_title_order_idx`)} on ${sql.table(table)} (title, id)`.execute(db);
  }
  await sql`create index orders_deleted_idx on orders (deleted_at desc nulls last, id desc) where status = 'deleted'`.execute(db);
  await sql`create index orders_deleted_search_idx on orders using gin (search_text gin_trgm_ops) where status = 'deleted'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index orders_deleted_search_idx`.execute(db);
  await sql`drop index orders_deleted_idx`.execute(db);
  for (const table of TITLED) {
    await sql`drop index ${sql.id(`${table}_title_order_idx`)}`.execute(db);
    await sql`drop index ${sql.id(`${table}_title_trgm_idx`)}`.execute(db);
  }
}
