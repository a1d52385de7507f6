import { sql, type Kysely } from 'kysely';

/**
 * A push notification may go to the students of one course (the composer opened from a meeting
 * link): its target type is 'course' and the course is recorded with it. A course deleted later
 * leaves the notification's record with no course.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table push_notifications drop constraint if exists push_notifications_target_type_check`.execute(db);
  await sql`alter table push_notifications add constraint push_notifications_target_type_check check (target_type in ('specific-user', 'everyone', 'group', 'course'))`.execute(
    db,
  );
  await db.schema
    .alterTable('push_notifications')
    .addColumn('target_course_id', 'uuid', (c) => c.references('courses.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('push_notifications_target_course_idx')
    .on('push_notifications')
    .column('target_course_id')
    .where(sql.ref('target_course_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('push_notifications_target_course_idx').ifExists().execute();
  await db.schema.alterTable('push_notifications').dropColumn('target_course_id').execute();
  await sql`delete from push_notifications where target_type = 'course'`.execute(db);
  await sql`alter table push_notifications drop constraint if exists push_notifications_target_type_check`.execute(db);
  await sql`alter table push_notifications add constraint push_notifications_target_type_check check (target_type in ('specific-user', 'everyone', 'group'))`.execute(
    db,
  );
}
