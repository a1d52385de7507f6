import { sql, type Kysely } from 'kysely';

/**
 * Regrades. A submitted attempt keeps its answers (attempt_sheets) as two arrays in its paper's
 * question order (the option chosen, -1 for none, and the time spent), so that a regrade reads only
 * the changed questions' places and item analysis reads one row per attempt. The per-question result is worked
 * out from them when it is read, against the exam's answer key as it is now; the `result` copy made
 * at submission goes (it is the same figures, from the same answers).
 *
 * exam_regrades: each applied regrade, its reason and what it changed. An attempt whose figures a
 * regrade changed points to it, with its score before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The answer key attempts are marked by: question id → [correct option, 1 if voided] (see exam-scoring-key.rules.ts).
  await db.schema
    .alterTable('exams')
    .addColumn('scoring_key', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`
    update exams e set scoring_key = coalesce((
      select jsonb_object_agg(q.question ->> 'resId', jsonb_build_array(coalesce((q.question ->> 'correctAnswerIndex')::int, -1), 0))
      from jsonb_array_elements(e.question_groups) as g(grp)
      cross join lateral jsonb_array_elements(g.grp -> 'questions') as q(question)
    ), '{}'::jsonb)`.execute(db);

  await db.schema
    .createTable('exam_regrades')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('exam_id', 'uuid', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 500`))
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull())
    .addColumn('applied_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index exam_regrades_exam_idx on exam_regrades (exam_id, applied_at desc)`.execute(db);

  await db.schema
    .alterTable('exam_attempts')
    .addColumn('regrade_id', 'uuid', (c) => c.references('exam_regrades.id').onDelete('set null'))
    .addColumn('score_before_regrade', sql`numeric(12,2)`)
    .execute();

  // A submitted attempt's answers, kept apart from its figures: a regrade rewrites the figures of a
  // million attempts, and their rows stay narrow (the answers are written once and never change).
  await db.schema
    .createTable('attempt_sheets')
    .addColumn('attempt_id', 'uuid', (c) => c.primaryKey().references('exam_attempts.id').onDelete('cascade'))
    .addColumn('answers', sql`smallint[]`, (c) => c.notNull())
    .addColumn('answer_times', sql`integer[]`, (c) => c.notNull().check(sql`cardinality(answer_times) = cardinality(answers)`))
    .execute();

  // The submitted attempts' answers, in their paper's order (groups, then questions).
  await sql`
    insert into attempt_sheets (attempt_id, answers, answer_times)
    select a.id,
           coalesce(array_agg(coalesce(ans.provided_answer_index, -1)::smallint order by q.group_ord, q.question_ord) filter (where q.res_id is not null), '{}'),
           coalesce(array_agg(coalesce(ans.time_elapsed_in_ms, 0) order by q.group_ord, q.question_ord) filter (where q.res_id is not null), '{}')
    from exam_attempts a
    join exam_papers p on p.id = a.paper_id
    left join lateral (
      select g.ord as group_ord, qq.ord as question_ord, qq.question ->> 'resId' as res_id
      from jsonb_array_elements(p.paper -> 'questionGroups') with ordinality as g(grp, ord)
      cross join lateral jsonb_array_elements(g.grp -> 'questions') with ordinality as qq(question, ord)
    ) as q on true
    left join attempt_answers ans on ans.attempt_id = a.id and ans.question_res_id = q.res_id
    where a.status = 'submitted'
    group by a.id`.execute(db);
  await db.schema.alterTable('exam_attempts').dropColumn('result').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_attempts').addColumn('result', 'jsonb').execute();
  await db.schema
    .alterTable('exam_attempts')
    .dropColumn('score_before_regrade')
    .dropColumn('regrade_id')
    .dropColumn('answer_times')
    .dropColumn('answers')
    .execute();
  await db.schema.dropTable('exam_regrades').execute();
  await db.schema.alterTable('exams').dropColumn('scoring_key').execute();
}
