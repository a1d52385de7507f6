import { sql, type Kysely } from 'kysely';

/**
 * A student's submit in two statements instead of a transaction of five.
 *
 * - exam_scoring_version(exams): the version of an exam's answer key and marks, the key of the
 *   server's cache of keys. The expression the repositories used to spell out, kept here once so
 *   that lock_attempt_for_submit reads the same version.
 * - lock_attempt_for_submit(attempt, marking lock class): locks an attempt in progress for update,
 *   then takes its exam's marking lock shared without waiting, and then, in a statement of its own
 *   (so with a snapshot taken after both locks: every autosave that held the attempt and every
 *   regrade that held the exam has committed), answers what the attempt's marking depends on: how
 *   many answers it has and the sum of their revisions (an autosave only ever adds answers or raises
 *   a revision, so any write changes the pair), and the key's version. No row: the attempt is not in
 *   progress, or a regrade holds the marking lock.
 *
 * The submit marks the attempt from a read made without locks, then stores the marks in one statement
 * that calls lock_attempt_for_submit and writes only if the pair and the version are still what it
 * marked by; otherwise it marks again in a transaction that holds the locks throughout.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function exam_scoring_version(e exams) returns text language sql stable parallel safe as $$
      select md5(jsonb_build_array(e.scoring_key, e.correct_answer_score, e.wrong_answer_score, e.un_answered_score, e.total_marks)::text)
    $$`.execute(db);
  await sql`
    create function lock_attempt_for_submit(attempt uuid, marking_lock_class integer)
      returns table (answers_count bigint, answers_revisions numeric, scoring_version text)
      language plpgsql volatile as $$
    declare
      locked_exam uuid;
    begin
      select a.exam_id into locked_exam from exam_attempts a where a.id = attempt and a.status = 'in-progress' for update;
      if not found then
        return;
      end if;
      if not pg_try_advisory_xact_lock_shared(marking_lock_class, hashtext(locked_exam::text)) then
        return;
      end if;
      return query
        select count(g.*), coalesce(sum(g.revision), 0)::numeric,
               (select exam_scoring_version(e) from exams e where e.id = locked_exam)
        from attempt_answers g where g.attempt_id = attempt;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function lock_attempt_for_submit(uuid, integer)`.execute(db);
  await sql`drop function exam_scoring_version(exams)`.execute(db);
}
