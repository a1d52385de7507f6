import { sql, type Kysely } from 'kysely';

/** The exams a lecture offers after it (its Exams card): ordered, and an exam listed by a lecture cannot be deleted. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lecture_exams')
    .addColumn('lecture_id', 'uuid', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lecture_exams_pk', ['lecture_id', 'exam_id'])
    .execute();
  await db.schema.createIndex('lecture_exams_exam_idx').on('lecture_exams').column('exam_id').execute();
  await sql`comment on table lecture_exams is 'Exams offered with a lecture, in order'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lecture_exams').execute();
}
