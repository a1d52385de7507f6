import { sql, type Insertable, type Updateable } from 'kysely';
import { ANSWER_GRACE_SECONDS } from '../../shared/exams/attempts.schema.ts';
import { courseGivesContentSql } from '../courses/course-content-access.repository.ts';
import { freeCardSql } from '../lakshya-students/free-access.repository.ts';
import { preparedRows, type Db } from '../db/database.ts';
import { scoringVersionSql } from './scoring-key.repository.ts';
import type { ExamAttemptRow, ExamAttemptsTable, ExamRow } from '../db/types.ts';

/** The attempts' queries; each runs on the connection (or transaction) it is given. */

/** Published, visible and its publish time reached: what students may see and start. */
const openToStudents = sql<boolean>`(e.is_published and (e.publish_at is null or e.publish_at <= now()))`;

/**
 * Free (no rate card, or a free one for everyone), an active grant for the rate card or the exam
 * itself, or a course with it that gives the student its content (courseGivesContentSql: published
 * and open to them, or held by them while a warning keeps it offline).
 */
function entitledSql(userId: string) {
  return sql<boolean>`(
    e.master_subscription_id is null
    or ${freeCardSql('e.master_subscription_id', userId)}
    or exists (
      select 1 from entitlements g
      where g.user_id = ${userId} and g.revoked_at is null and g.starts_at <= now() and (g.expires_at is null or g.expires_at > now())
        and (g.subscription_id = e.master_subscription_id or (g.resource_type = 'exam' and g.resource_id = e.id))
    )
    or exists (
      select 1 from course_exams ce join courses c on c.id = ce.course_id
      where ce.exam_id = e.id and ${courseGivesContentSql(userId)}
    ))`;
}

export type StudentExamRow = Pick<
  ExamRow,
  | 'id'
  | 'title'
  | 'exam_type'
  | 'description'
  | 'instructions'
  | 'total_marks'
  | 'total_questions'
  | 'exam_duration_in_minutes'
  | 'correct_answer_score'
  | 'wrong_answer_score'
  | 'un_answered_score'
  | 'max_number_of_attempts'
  | 'publish_at'
  | 'show_in_recent_exams'
  | 'is_sticky'
  | 'is_rank_published'
> & { attempts_taken: number; open_attempt: string | null };

/** The exams a student may see, with their submitted attempts and the one in progress; not the questions. */
export async function listStudentExamRows(db: Db, userId: string): Promise<StudentExamRow[]> {
  return preparedRows(
    db,
    'student-exam-list',
    sql<StudentExamRow>`
    select e.id, e.title, e.exam_type, e.description, e.instructions, e.total_marks, e.total_questions,
      e.exam_duration_in_minutes, e.correct_answer_score, e.wrong_answer_score, e.un_answered_score,
      e.max_number_of_attempts, e.publish_at, e.show_in_recent_exams, e.is_sticky, e.is_rank_published,
      (select count(*)::int from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId} and a.status = 'submitted') as attempts_taken,
      (select a.id from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId} and a.status = 'in-progress') as open_attempt
    from exams e
    where ${openToStudents} and ${entitledSql(userId)}
    order by e.is_sticky desc, coalesce(e.publish_at, e.created_at) desc`,
  );
}

/**
 * Whether the student may read the exam's ranking: the exam is open to students and they may take it
 * now, or they submitted an attempt at it (their own place stays theirs after a grant ends).
 */
export async function mayReadRanking(db: Db, examId: string, userId: string): Promise<boolean> {
  const found = await sql<{ allowed: boolean }>`
    select (${openToStudents} and ${entitledSql(userId)})
        or exists (select 1 from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId} and a.status = 'submitted') as allowed
    from exams e where e.id = ${examId}`.execute(db);
  return found.rows[0]?.allowed ?? false;
}

export interface StartFacts {
  open: boolean;
  entitled: boolean;
  paper_hash: string;
  max_number_of_attempts: number;
  submitted: number;
  last: number | null;
  open_attempt: string | null;
}

/** The exam, whether the student may take it, and their attempts so far, in one round trip (a prepared statement: every start runs it). */
export async function startFacts(db: Db, examId: string, userId: string): Promise<StartFacts | undefined> {
  const found = await preparedRows(
    db,
    'exam-start-facts',
    sql<StartFacts>`
      select ${openToStudents} as open, ${entitledSql(userId)} as entitled, e.paper_hash, e.max_number_of_attempts,
        taken.submitted, taken.last, taken.open_attempt
      from exams e
      cross join lateral (
        select count(*) filter (where a.status = 'submitted')::int as submitted,
               max(a.attempt_number) as last,
               (array_agg(a.id) filter (where a.status = 'in-progress'))[1] as open_attempt
        from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId}
      ) as taken
      where e.id = ${examId}`,
  );
  return found[0];
}

export function findAttempt(db: Db, attemptId: string): Promise<ExamAttemptRow | undefined> {
  return db.selectFrom('exam_attempts').selectAll().where('id', '=', attemptId).executeTakeFirst();
}

/** What the autosave needs of an attempt: its owner, paper, clock, layout and state. */
export function findAttemptClock(db: Db, attemptId: string) {
  return db
    .selectFrom('exam_attempts')
    .select(['id', 'user_id', 'paper_id', 'started_at', 'deadline_at', 'layout', 'status'])
    .where('id', '=', attemptId)
    .executeTakeFirst();
}

export function attemptStatus(db: Db, attemptId: string) {
  return db.selectFrom('exam_attempts').select('status').where('id', '=', attemptId).executeTakeFirstOrThrow();
}

export function insertAttempt(db: Db, values: Insertable<ExamAttemptsTable>): Promise<ExamAttemptRow> {
  return db.insertInto('exam_attempts').values(values).returningAll().executeTakeFirstOrThrow();
}

export interface StoredAnswer {
  providedAnswerIndex: number;
  timeElapsedInMs: number;
  revision: number;
}

/** The attempt's stored answers by question id. */
export async function savedAnswers(db: Db, attemptId: string): Promise<Map<string, StoredAnswer>> {
  const rows = await db
    .selectFrom('attempt_answers')
    .select(['question_res_id', 'provided_answer_index', 'time_elapsed_in_ms', 'revision'])
    .where('attempt_id', '=', attemptId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.question_res_id,
      { providedAnswerIndex: row.provided_answer_index, timeElapsedInMs: row.time_elapsed_in_ms, revision: Number(row.revision) },
    ]),
  );
}

export interface AnswerToWrite {
  questionResId: string;
  /** The option's index in the paper (not as shown), or -1 for none. */
  providedAnswerIndex: number;
  timeElapsedInMs: number;
  revision: number;
}

/**
 * Writes answers in the order given, each only over a lower revision, while the attempt is in
 * progress; answers the question ids written. The attempt row is share-locked until the write
 * commits, so a submit (which locks it for update) waits for it and then reads these answers,
 * and a write that comes after the submit finds no open attempt and writes nothing.
 */
export async function upsertAnswers(db: Db, attemptId: string, answers: readonly AnswerToWrite[]): Promise<string[]> {
  const result = await sql<{ question_res_id: string }>`
      with open_attempt as (
        select id from exam_attempts where id = ${attemptId} and status = 'in-progress' for share
      )
      insert into attempt_answers (attempt_id, question_res_id, provided_answer_index, time_elapsed_in_ms, revision, updated_at)
      select open_attempt.id, given.question_res_id, given.provided_answer_index, given.time_elapsed_in_ms, given.revision, now()
      from open_attempt,
        unnest(${answers.map((a) => a.questionResId)}::text[], ${answers.map((a) => a.providedAnswerIndex)}::int[], ${answers.map((a) => a.timeElapsedInMs)}::int[], ${answers.map((a) => a.revision)}::bigint[])
          with ordinality as given(question_res_id, provided_answer_index, time_elapsed_in_ms, revision, position)
      order by given.position
      on conflict (attempt_id, question_res_id) do update
        set provided_answer_index = excluded.provided_answer_index, time_elapsed_in_ms = excluded.time_elapsed_in_ms, revision = excluded.revision, updated_at = now()
        where attempt_answers.revision < excluded.revision
      returning question_res_id`.execute(db);
  return result.rows.map((row) => row.question_res_id);
}

/** Locks the attempt for its submit (autosaves holding it finish first). */
export function lockAttempt(trx: Db, attemptId: string): Promise<ExamAttemptRow | undefined> {
  return trx.selectFrom('exam_attempts').selectAll().where('id', '=', attemptId).forUpdate().executeTakeFirst();
}

/**
 * The attempt's answers as [question id, option index, time], whether the student already has a
 * first submitted attempt, and the version of the exam's answer key to mark it by.
 */
export async function answersAndFirst(trx: Db, attempt: Pick<ExamAttemptRow, 'id' | 'exam_id' | 'user_id'>) {
  const found = await sql<{ answers: Array<[string, number, number]>; has_first: boolean; scoring_version: string }>`
      select
        (select coalesce(json_agg(json_build_array(g.question_res_id, g.provided_answer_index, g.time_elapsed_in_ms)), '[]'::json)
           from attempt_answers g where g.attempt_id = ${attempt.id}) as answers,
        exists (select 1 from exam_attempts b where b.exam_id = ${attempt.exam_id} and b.user_id = ${attempt.user_id} and b.is_first) as has_first,
        ${scoringVersionSql} as scoring_version
      from exams e where e.id = ${attempt.exam_id}`.execute(trx);
  return found.rows[0]!;
}

/**
 * Stores the submit in one statement: the result's figures, the next submission number for the
 * rankings' cut-off, and the answers as kept (in paper order).
 */
export async function markSubmitted(
  trx: Db,
  attemptId: string,
  values: Omit<Updateable<ExamAttemptsTable>, 'status' | 'submitted_seq'>,
  sheet: { answers: number[]; times: number[] },
): Promise<ExamAttemptRow> {
  return trx
    .with('submitted', (db) =>
      db
        .updateTable('exam_attempts')
        .set({ ...values, status: 'submitted', submitted_seq: sql<number>`nextval('exam_attempt_submit_seq')` })
        .where('id', '=', attemptId)
        .returningAll(),
    )
    .with('sheet', (db) =>
      db
        .insertInto('attempt_sheets')
        .columns(['attempt_id', 'answers', 'answer_times'])
        .expression((eb) =>
          eb
            .selectFrom('submitted')
            .select(['submitted.id', sql<number[]>`${sheet.answers}::smallint[]`.as('answers'), sql<number[]>`${sheet.times}::integer[]`.as('answer_times')]),
        ),
    )
    .selectFrom('submitted')
    .selectAll()
    .executeTakeFirstOrThrow() as Promise<ExamAttemptRow>;
}

/** A submitted attempt's kept answers (none kept: every question unattempted). */
export async function attemptSheet(db: Db, attemptId: string): Promise<{ answers: number[]; answer_times: number[] }> {
  const sheet = await db.selectFrom('attempt_sheets').select(['answers', 'answer_times']).where('attempt_id', '=', attemptId).executeTakeFirst();
  return sheet ?? { answers: [], answer_times: [] };
}

/** What a result needs of its exam: its rank facts, and the version of the answer key it is marked by. */
export async function examResultFacts(db: Db, examId: string) {
  const found = await sql<{
    id: string;
    is_rank_published: boolean;
    rank_version: number;
    rank_participants: number;
    rank_cutoff_seq: number;
    total_marks: number;
    scoring_version: string;
  }>`
    select e.id, e.is_rank_published, e.rank_version, e.rank_participants, e.rank_cutoff_seq, e.total_marks, ${scoringVersionSql} as scoring_version
    from exams e where e.id = ${examId}`.execute(db);
  return found.rows[0];
}

/** The regrade a result names: when, why and what it changed. */
export function regradeNotice(db: Db, regradeId: string) {
  return db.selectFrom('exam_regrades').select(['applied_at', 'reason', 'changes']).where('id', '=', regradeId).executeTakeFirst();
}

/** Up to `limit` attempts in progress whose deadline and grace have passed, the oldest first. */
export async function overdueAttemptIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('status', '=', 'in-progress')
    .where('deadline_at', '<', sql<Date>`now() - make_interval(secs => ${ANSWER_GRACE_SECONDS})`)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
