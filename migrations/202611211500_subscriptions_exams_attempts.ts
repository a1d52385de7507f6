import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subscription_term', 'text', (c) => c.notNull().defaultTo('not-selected'))
    .addColumn('gross_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('gst_rate', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(18))
    .addColumn('gst_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('net_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('is_free', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('free_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`free_mode in ('none', 'lakshya-students')`),
    )
    .addColumn('compare_at_price', sql`numeric(12,2)`)
    .addColumn('discount_rate_promo_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('default')
        .check(sql`mode in ('default', 'tag-based')`),
    )
    .addColumn('resource_tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Courses and rank files get their editors later; their rate-card links exist from now on
  // so that a rate card's resources and its delete check cover all four kinds.
  await db.schema
    .createTable('courses')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('course_rate_card_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('course_subscriptions')
    .addColumn('course_id', 'uuid', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('subscriptions.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('course_subscriptions_pk', ['course_id', 'subscription_id'])
    .execute();
  await db.schema.createIndex('course_subscriptions_subscription_idx').on('course_subscriptions').column('subscription_id').execute();
  await db.schema
    .createTable('rank_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('master_subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('restrict'))
    .addColumn('groups', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`update lectures set master_subscription_id = null`.execute(db);
  await db.schema
    .alterTable('lectures')
    .addForeignKeyConstraint('lectures_master_subscription_fk', ['master_subscription_id'], 'subscriptions', ['id'])
    .onDelete('restrict')
    .execute();
  await db.schema.createIndex('lectures_master_subscription_idx').on('lectures').column('master_subscription_id').execute();

  await db.schema
    .createTable('exams')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull().check(sql`template_id in ('regular', 'mock-test', 'revision-test')`))
    .addColumn('exam_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('freestyle')
        .check(sql`exam_type in ('quiz', 'freestyle')`),
    )
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    // Visible with no warnings; students see it once its publish time has come as well.
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('publish_at', 'timestamptz')
    .addColumn('exam_category_key', 'text')
    .addColumn('exam_course_type_key', 'text')
    .addColumn('show_in_recent_exams', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('master_subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('restrict'))
    .addColumn('correct_answer_score', sql`numeric(10,4)`, (c) => c.notNull().defaultTo(1))
    .addColumn('wrong_answer_score', sql`numeric(10,4)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`wrong_answer_score >= 0`),
    )
    .addColumn('un_answered_score', sql`numeric(10,4)`, (c) => c.notNull().defaultTo(0))
    .addColumn('is_sticky', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_number_of_attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(-1)
        .check(sql`max_number_of_attempts in (-1, 1)`),
    )
    .addColumn('total_marks', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('total_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exam_duration_in_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instructions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('question_groups', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Identifies the paper (questions, answers, marks) as last saved; attempts are taken against it.
    .addColumn('paper_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_rank_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_rank_refresh', 'timestamptz')
    .addColumn('rank_version', 'integer', (c) => c.notNull().defaultTo(0))
    // The ranking covers the first attempts submitted up to this point of the submission sequence.
    .addColumn('rank_cutoff_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rank_participants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('exams_template_idx').on('exams').columns(['template_id', 'created_at']).execute();
  await db.schema.createIndex('exams_master_subscription_idx').on('exams').column('master_subscription_id').execute();

  // The paper a student sits: an immutable copy of the exam's questions, answers and marks,
  // shared by every attempt started while the exam was unchanged.
  await db.schema
    .createTable('exam_papers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('paper', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('exam_papers_exam_hash_unique', ['exam_id', 'content_hash'])
    .execute();

  await db.schema
    .createTable('entitlements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'uuid', (c) => c.references('subscriptions.id').onDelete('restrict'))
    .addColumn('resource_type', 'text', (c) => c.check(sql`resource_type in ('course', 'exam', 'lecture', 'rankfile')`))
    .addColumn('resource_id', 'uuid')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('order'))
    .addColumn('order_id', 'uuid')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('entitlements_target_check', sql`subscription_id is not null or (resource_type is not null and resource_id is not null)`)
    .execute();
  await db.schema.createIndex('entitlements_user_idx').on('entitlements').columns(['user_id', 'subscription_id']).execute();

  await db.schema
    .createTable('exam_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('paper_id', 'uuid', (c) => c.notNull().references('exam_papers.id'))
    .addColumn('attempt_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('in-progress')
        .check(sql`status in ('in-progress', 'submitted')`),
    )
    // A quiz's shuffled order for this attempt: question resIds per group and option permutations.
    .addColumn('layout', 'jsonb')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('submitted_by', 'text', (c) => c.check(sql`submitted_by in ('student', 'deadline')`))
    .addColumn('score', sql`numeric(12,2)`)
    .addColumn('performance', sql`numeric(8,2)`)
    .addColumn('correct_count', 'integer')
    .addColumn('wrong_count', 'integer')
    .addColumn('unattempted_count', 'integer')
    .addColumn('unseen_count', 'integer')
    .addColumn('result', 'jsonb')
    // The student's first submitted attempt of the exam: the one that is ranked.
    .addColumn('is_first', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submitted_seq', 'bigint')
    .addUniqueConstraint('exam_attempts_number_unique', ['exam_id', 'user_id', 'attempt_number'])
    .execute();
  // One attempt in progress per student and exam: a second tab resumes it.
  await sql`create unique index exam_attempts_one_open_idx on exam_attempts (exam_id, user_id) where status = 'in-progress'`.execute(db);
  await sql`create index exam_attempts_due_idx on exam_attempts (deadline_at) where status = 'in-progress'`.execute(db);
  await sql`create sequence exam_attempt_submit_seq`.execute(db);
  await sql`create unique index exam_attempts_first_idx on exam_attempts (exam_id, user_id) where is_first`.execute(db);
  // The ranking's order: the top 100 and the per-score counts of a sync read this index only.
  await sql`create index exam_attempts_ranking_idx on exam_attempts (exam_id, score desc, user_id) include (submitted_seq) where is_first`.execute(db);

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'uuid', (c) => c.notNull().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('question_res_id', 'text', (c) => c.notNull())
    .addColumn('provided_answer_index', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('time_elapsed_in_ms', 'integer', (c) => c.notNull().defaultTo(0))
    // The client's counter for this answer: an older write never replaces a newer one.
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'question_res_id'])
    .execute();

  // A sync stores, per distinct score, how many students have it and their shared rank
  // (1 + the students with a higher score): at most a few thousand rows however many take
  // the exam, so a sync never writes a row per student and any score's rank is one lookup.
  await db.schema
    .createTable('exam_rank_scores')
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('rank_version', 'integer', (c) => c.notNull())
    .addColumn('score', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('students', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_rank_scores_pk', ['exam_id', 'rank_version', 'score'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['exam_rank_scores', 'attempt_answers', 'exam_attempts', 'entitlements', 'exam_papers', 'exams']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop sequence if exists exam_attempt_submit_seq`.execute(db);
  await db.schema.alterTable('lectures').dropConstraint('lectures_master_subscription_fk').execute();
  await db.schema.dropIndex('lectures_master_subscription_idx').ifExists().execute();
  for (const table of ['rank_files', 'course_subscriptions', 'courses', 'subscriptions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
