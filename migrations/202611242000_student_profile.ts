import { sql, type Kysely } from 'kysely';

/**
 * A student's profile: a game nickname, and a phone number stored only once the student entered the
 * code sent to it (one account per verified number).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('game_nickname', 'text', (c) => c.check(sql`char_length(game_nickname) <= 40`))
    .addColumn('phone_verified_at', 'timestamptz')
    .execute();
  await sql`create unique index users_verified_mobile_key on users ((right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10))) where phone_verified_at is not null`.execute(
    db,
  );
  await db.schema
    .createTable('phone_verifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull().check(sql`phone_number ~ '^[6-9][0-9]{9}$'`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('wrong_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('phone_verifications_user_idx').on('phone_verifications').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_verifications').execute();
  await sql`drop index users_verified_mobile_key`.execute(db);
  await db.schema.alterTable('users').dropColumn('phone_verified_at').dropColumn('game_nickname').execute();
}
