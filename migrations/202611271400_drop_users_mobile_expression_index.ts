import { sql, type Kysely } from 'kysely';

/**
 * Lookups by an account's mobile number read the stored column users.mobile and its index now; the
 * index on the same expression written out is no longer read, and only cost every write to users.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_mobile_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists users_mobile_idx on users ((right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)))`.execute(db);
}
