import { sql, type Kysely } from 'kysely';

/** Discussions under lectures: comments (by students or staff) and their replies. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('lecture_id', 'uuid', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('display_name', 'text', (c) => c.notNull().check(sql`char_length(display_name) <= 200`))
    .addColumn('is_administrator', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`char_length(message) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index comments_lecture_idx on comments (lecture_id, is_pinned desc, created_at desc)`.execute(db);
  await sql`create index comments_latest_idx on comments (created_at desc) where user_id is not null`.execute(db);
  await db.schema
    .createTable('comment_replies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('comment_id', 'uuid', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('display_name', 'text', (c) => c.notNull().check(sql`char_length(display_name) <= 200`))
    .addColumn('is_administrator', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`char_length(message) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comment_replies_comment_idx').on('comment_replies').columns(['comment_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comment_replies').execute();
  await db.schema.dropTable('comments').execute();
}
