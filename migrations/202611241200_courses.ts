import { sql, type Kysely } from 'kysely';

/**
 * Courses: the catalogue students buy. A course's subjects, the lectures in each subject and the
 * exams on its plan are rows with foreign keys and positions (they are joined, counted and
 * refused deletes); its study-plan notes and its previous-question and syllabus PDFs are read and
 * written whole with the course, as JSONB.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('is_expired_course', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_best_selling', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cms_tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('banner_image_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('preview_video_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('day_planner_pdf_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addColumn('enable_day_schedule', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('day_schedule_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('previous_questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('syllabus', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('study_plan_notes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('courses_created_idx').on('courses').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('courses_rate_card_idx').on('courses').column('course_rate_card_id').execute();
  for (const column of ['banner_image_id', 'preview_video_id', 'day_planner_pdf_id']) {
    await db.schema.createIndex(`courses_${column}_idx`).on('courses').column(column).execute();
  }
  await sql`create index courses_previous_questions_idx on courses using gin (previous_questions jsonb_path_ops)`.execute(db);
  await sql`create index courses_syllabus_idx on courses using gin (syllabus jsonb_path_ops)`.execute(db);

  await db.schema
    .createTable('course_subjects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('course_id', 'uuid', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('banner_image_id', 'uuid', (c) => c.references('assets.id').onDelete('restrict'))
    .addUniqueConstraint('course_subjects_position_unique', ['course_id', 'position'], (c) => c.deferrable().initiallyDeferred())
    .execute();

  // A lecture is in a subject once; deleting a lecture that a course uses is refused.
  await db.schema
    .createTable('subject_lectures')
    .addColumn('subject_id', 'uuid', (c) => c.notNull().references('course_subjects.id').onDelete('cascade'))
    .addColumn('lecture_id', 'uuid', (c) => c.notNull().references('lectures.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('days', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('subject_lectures_pk', ['subject_id', 'lecture_id'])
    .addUniqueConstraint('subject_lectures_position_unique', ['subject_id', 'position'], (c) => c.deferrable().initiallyDeferred())
    .execute();
  await db.schema.createIndex('subject_lectures_lecture_idx').on('subject_lectures').column('lecture_id').execute();

  await db.schema
    .createTable('course_exams')
    .addColumn('course_id', 'uuid', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('days', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addPrimaryKeyConstraint('course_exams_pk', ['course_id', 'exam_id'])
    .execute();
  await db.schema.createIndex('course_exams_exam_idx').on('course_exams').column('exam_id').execute();

  await db.schema
    .createTable('course_rank_files')
    .addColumn('course_id', 'uuid', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('rank_file_id', 'uuid', (c) => c.notNull().references('rank_files.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_rank_files_pk', ['course_id', 'rank_file_id'])
    .execute();
  await db.schema.createIndex('course_rank_files_rank_file_idx').on('course_rank_files').column('rank_file_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_rank_files').execute();
  await db.schema.dropTable('course_exams').execute();
  await db.schema.dropTable('subject_lectures').execute();
  await db.schema.dropTable('course_subjects').execute();
  await sql`drop index if exists courses_previous_questions_idx`.execute(db);
  await sql`drop index if exists courses_syllabus_idx`.execute(db);
  for (const index of [
    'courses_created_idx',
    'courses_rate_card_idx',
    'courses_banner_image_id_idx',
    'courses_preview_video_id_idx',
    'courses_day_planner_pdf_id_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema
    .alterTable('courses')
    .dropColumn('is_visible')
    .dropColumn('is_published')
    .dropColumn('publish_warnings')
    .dropColumn('is_expired_course')
    .dropColumn('is_best_selling')
    .dropColumn('description')
    .dropColumn('sort_index')
    .dropColumn('cms_tags')
    .dropColumn('banner_image_id')
    .dropColumn('preview_video_id')
    .dropColumn('day_planner_pdf_id')
    .dropColumn('enable_day_schedule')
    .dropColumn('day_schedule_note')
    .dropColumn('previous_questions')
    .dropColumn('syllabus')
    .dropColumn('study_plan_notes')
    .dropColumn('created_by')
    .execute();
}
