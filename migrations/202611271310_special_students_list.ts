import { sql, type Kysely } from 'kysely';

/**
 * What the special-students list needs to answer at once with 100,000 students and 200,000 accounts.
 *
 * `users.mobile`: the last 10 digits of an account's phone number, however it was written (+91,
 * spaces, dashes), stored with the account and indexed. The list finds the account of each number
 * (its Registration column, the registered filter and its count) through it. Computed on the fly,
 * its expression index could serve no index-only join, and the planner, misjudging how many accounts
 * share a number, walked every account for each student (the count took minutes). The expression
 * is the one `accountMobileSql` computes.
 *
 * Trigram indexes on the students' names and numbers: the name and phone filters match anywhere in
 * the text, which a B-tree cannot serve.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    alter table users add column mobile text not null
    generated always as (right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)) stored`.execute(db);
  // In the list's order of accounts (the earliest first): the lookup of a number's account reads one
  // index entry, whatever the planner thinks of how many accounts share it.
  await sql`create index users_mobile_stored_idx on users (mobile, created_at)`.execute(db);
  await sql`create index lakshya_students_name_trgm_idx on lakshya_students using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index lakshya_students_phone_trgm_idx on lakshya_students using gin (phone_number gin_trgm_ops)`.execute(db);
  // Statistics of the new column now: autovacuum would gather them only after a tenth of the
  // accounts changed, and without them the planner misjudges every lookup by number.
  await sql`analyze users`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index lakshya_students_phone_trgm_idx`.execute(db);
  await sql`drop index lakshya_students_name_trgm_idx`.execute(db);
  await sql`drop index users_mobile_stored_idx`.execute(db);
  await sql`alter table users drop column mobile`.execute(db);
}
