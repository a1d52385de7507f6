import { sql, type Kysely } from 'kysely';

/**
 * A meeting link belongs to one or more courses: a student's app lists it only to those who may
 * open one of them. Links made before keep no course (staff only until one is set). A course
 * deleted later leaves its links without it. Edits are saved from the version loaded, and a
 * create carries the id of the form that sent it, so a double submit makes one link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meeting_link_courses')
    .addColumn('meeting_link_id', 'uuid', (c) => c.notNull().references('meeting_links.id').onDelete('cascade'))
    .addColumn('course_id', 'uuid', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('meeting_link_courses_pkey', ['meeting_link_id', 'course_id'])
    .execute();
  await db.schema.createIndex('meeting_link_courses_course_idx').on('meeting_link_courses').column('course_id').execute();

  await db.schema
    .alterTable('meeting_links')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('create_request_id', 'uuid', (c) => c.unique())
    .execute();
  await sql`update meeting_links set updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meeting_link_courses').ifExists().execute();
  await db.schema.alterTable('meeting_links').dropColumn('create_request_id').dropColumn('updated_at').dropColumn('updated_by').dropColumn('version').execute();
}
