import { sql, type Kysely } from 'kysely';

/**
 * exam_key_reports: a student's report that a question of an exam they submitted has a wrong answer
 * key, one per question per student, until staff resolve it (with an optional note).
 *
 * The staff lists read an exam's reports open first and newest first, all of them or one question's:
 * each has an index in that order, with the open/resolved state as its second (or third) column, so
 * that a page of any filter is an index range read at any number of reports. The student's own list
 * reads by (user, exam).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exam_key_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('question_res_id', 'text', (c) => c.notNull().check(sql`char_length(question_res_id) between 1 and 100`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 500`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolution_note', 'text', (c) => c.check(sql`char_length(resolution_note) <= 500`))
    .addUniqueConstraint('exam_key_reports_one_per_student', ['exam_id', 'question_res_id', 'user_id'])
    .execute();
  await sql`create index exam_key_reports_exam_idx on exam_key_reports (exam_id, (resolved_at is not null), created_at desc, id desc)`.execute(db);
  await sql`create index exam_key_reports_question_idx on exam_key_reports (exam_id, question_res_id, (resolved_at is not null), created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index exam_key_reports_user_idx on exam_key_reports (user_id, exam_id)`.execute(db);
  await sql`create index exam_key_reports_resolved_by_idx on exam_key_reports (resolved_by) where resolved_by is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exam_key_reports').execute();
}
