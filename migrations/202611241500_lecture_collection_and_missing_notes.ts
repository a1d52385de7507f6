import { sql, type Kysely } from 'kysely';

/**
 * The custom lecture collection (one, with a title and an ordered list of lectures) and the
 * lectures' missing PDF notes found by the hourly check, with when staff marked them resolved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lecture_collection')
    // One row only: the key can only be true.
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 300`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`insert into lecture_collection (id, title) values (true, 'Custom Lectures')`.execute(db);

  await db.schema
    .createTable('lecture_collection_items')
    .addColumn('lecture_id', 'uuid', (c) => c.primaryKey().references('lectures.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`comment on table lecture_collection_items is 'The lectures of the custom collection, in order; a lecture in it cannot be deleted'`.execute(db);

  await db.schema
    .createTable('lecture_missing_notes')
    .addColumn('lecture_id', 'uuid', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    // No foreign key: the file may be the very thing that is gone.
    .addColumn('pdf_file_id', 'uuid', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('no-file', 'file-gone')`))
    .addColumn('detected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('lecture_missing_notes_pk', ['lecture_id', 'pdf_file_id'])
    .execute();
  await sql`create index lecture_missing_notes_open_idx on lecture_missing_notes (lecture_id) where resolved_at is null`.execute(db);
  await sql`comment on table lecture_missing_notes is 'PDF notes of lectures whose file is missing; pending until resolved, forgotten once the file is back or the note removed'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lecture_missing_notes').execute();
  await db.schema.dropTable('lecture_collection_items').execute();
  await db.schema.dropTable('lecture_collection').execute();
}
