import { sql, type Kysely } from 'kysely';

/**
 * Resumable (tus) uploads under way: who began each (only they may resume, read or cancel it),
 * what it is (file name, kind, access, declared size), and once it has become a file, that file.
 * An unfinished upload is removed by the hourly cleanup once it is older than the keep period.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.check(sql`kind in ('image', 'video', 'pdf', 'spreadsheet')`))
    .addColumn('access_mode', 'text', (c) => c.notNull().check(sql`access_mode in ('public', 'private')`))
    .addColumn('size_in_bytes', 'bigint', (c) => c.notNull().check(sql`size_in_bytes > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finishing_since', 'timestamptz')
    .addColumn('asset_id', 'uuid')
    .execute();
  await db.schema.createIndex('resumable_uploads_created_at_idx').on('resumable_uploads').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resumable_uploads').execute();
}
