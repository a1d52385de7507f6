import { sql, type Kysely } from 'kysely';

/**
 * Special (Lakshya) students: a list of 10-digit mobile numbers with names and an optional expiry
 * date. A rate card in free mode lakshya-students is free to the accounts with those numbers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lakshya_students')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 200`))
    .addColumn('phone_number', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`phone_number ~ '^[6-9][0-9]{9}$'`),
    )
    .addColumn('expiry_date', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('lakshya_students_created_idx').on('lakshya_students').columns(['created_at', 'id']).execute();
  // Accounts are matched to the list by the last 10 digits of their number, however it was written.
  await sql`create index users_mobile_idx on users ((right(regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g'), 10)))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_mobile_idx`.execute(db);
  await db.schema.dropTable('lakshya_students').execute();
}
