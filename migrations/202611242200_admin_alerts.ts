import { sql, type Kysely } from 'kysely';

/** Alerts for staff: a student wrote, a file failed for good, a winner confirmed their payout details. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`char_length(message) <= 1000`))
    .addColumn('resource_type', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('admin_alerts_created_idx').on('admin_alerts').columns(['created_at', 'id']).execute();
  await sql`create index admin_alerts_unread_idx on admin_alerts (created_at) where read_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_alerts').execute();
}
