import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import { ANSWER_GRACE_SECONDS } from '../../shared/exams/attempts.schema.ts';
import { courseGivesContentSql } from '../courses/course-content-access.repository.ts';
import { freeCardSql, type AccountRef } from '../lakshya-students/free-access.repository.ts';
import { preparedRows, type Db } from '../db/database.ts';
import { arrayParameter, runNamed } from '../db/named-statements.ts';
import { SCORING_LOCK_CLASS, scoringVersionSql, tryShareScoringLockSql } from './scoring-key.repository.ts';
import type { ExamAttemptRow, ExamAttemptsTable, ExamRow } from '../db/types.ts';

/** The attempts' queries; each runs on the connection (or transaction) it is given. */

/** Published, visible and its publish time reached: what students may see and start. */
const openToStudents = sql<boolean>`(e.is_published and (e.publish_at is null or e.publish_at <= now()))`;

/**
 * Free (no rate card, or a free one for everyone), an active grant for the rate card or the exam
 * itself, or a course with it that gives the student its content (courseGivesContentSql: published
 * and open to them, or held by them while a warning keeps it offline).
 */
function entitledSql(userId: AccountRef) {
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

/** What a start asks about: this exam, for this student. */
export interface StartAsked {
  examId: string;
  userId: string;
}

/**
 * For each (exam, student) asked: the exam, whether the student may take it, and their attempts so
 * far (undefined for an exam that does not exist), in the order asked. One statement for any number
 * of starts: a burst of students starting an exam is read together (see attempt-batches.ts).
 */
export async function startFactsOf(db: Db, asked: readonly StartAsked[]): Promise<Array<StartFacts | undefined>> {
  const found = await preparedRows(
    db,
    'exam-start-facts',
    sql<StartFacts & { position: number }>`
      select asked.position::int as position, ${openToStudents} as open, ${entitledSql(sql.ref('asked.user_id'))} as entitled, e.paper_hash,
        e.max_number_of_attempts, taken.submitted, taken.last, taken.open_attempt
      from unnest(${arrayParameter(
        asked.map((a) => a.examId),
        'uuid',
      )}, ${arrayParameter(
        asked.map((a) => a.userId),
        'uuid',
      )})
        with ordinality as asked(exam_id, user_id, position)
      join exams e on e.id = asked.exam_id
      cross join lateral (
        select count(*) filter (where a.status = 'submitted')::int as submitted,
               max(a.attempt_number) as last,
               (array_agg(a.id) filter (where a.status = 'in-progress'))[1] as open_attempt
        from exam_attempts a where a.exam_id = e.id and a.user_id = asked.user_id
      ) as taken`,
  );
  const byPosition = new Map(found.map(({ position, ...facts }) => [position, facts]));
  return asked.map((_, i) => byPosition.get(i + 1));
}

/**
 * Every column of an attempt, by name: the statements every start, autosave and submit runs are
 * named (prepared once per connection), and a named statement lists its columns rather than `*`.
 * An integration test checks the list against the table.
 */
export const ATTEMPT_COLUMNS = [
  'id',
  'exam_id',
  'user_id',
  'paper_id',
  'attempt_number',
  'status',
  'layout',
  'started_at',
  'deadline_at',
  'submitted_at',
  'submitted_by',
  'score',
  'performance',
  'correct_count',
  'wrong_count',
  'unattempted_count',
  'unseen_count',
  'is_first',
  'submitted_seq',
  'regrade_id',
  'score_before_regrade',
] as const satisfies ReadonlyArray<keyof ExamAttemptsTable>;

/** The single row a statement answers (it always answers one: a row it has just written or locked). */
function onlyRow<Row>(rows: Row[], what: string): Row {
  if (rows.length === 0) throw new Error(`${what}: no row`);
  return rows[0]!;
}

export async function findAttempt(db: Db, attemptId: string): Promise<ExamAttemptRow | undefined> {
  const query = db.selectFrom('exam_attempts').select(ATTEMPT_COLUMNS).where('id', '=', attemptId);
  return (await runNamed(db, 'attempt-find', query.compile())).rows[0];
}

/** What the autosave needs of an attempt: its owner, paper, clock, layout and state. */
export async function findAttemptClock(db: Db, attemptId: string) {
  const query = db
    .selectFrom('exam_attempts')
    .select(['id', 'user_id', 'paper_id', 'started_at', 'deadline_at', 'layout', 'status'])
    .where('id', '=', attemptId);
  return (await runNamed(db, 'attempt-clock', query.compile())).rows[0];
}

export async function attemptStatus(db: Db, attemptId: string) {
  const query = db.selectFrom('exam_attempts').select('status').where('id', '=', attemptId);
  return onlyRow((await runNamed(db, 'attempt-status', query.compile())).rows, 'attempt status');
}

export type NewAttempt = Pick<Insertable<ExamAttemptsTable>, 'exam_id' | 'user_id' | 'paper_id' | 'attempt_number' | 'started_at' | 'deadline_at'> & {
  /** The quiz layout as JSON text, or null. */
  layout: string | null;
};

/**
 * Inserts attempts in one statement, answering each one's row in the order given, or undefined for
 * one that another start got in first (the same attempt number, or an attempt already in progress:
 * the unique indexes keep one). The same attempt given twice (two tabs in one batch) is written once
 * and both are answered with it, as a resume would. A burst of starts is written together (see
 * attempt-batches.ts).
 */
export async function insertAttempts(db: Db, attempts: readonly NewAttempt[]): Promise<Array<ExamAttemptRow | undefined>> {
  const column = <K extends keyof NewAttempt>(key: K) => attempts.map((attempt) => attempt[key]);
  const query = sql<ExamAttemptRow>`
    insert into exam_attempts (exam_id, user_id, paper_id, attempt_number, layout, started_at, deadline_at)
    select given.exam_id, given.user_id, given.paper_id, given.attempt_number, given.layout, given.started_at, given.deadline_at
    from unnest(${arrayParameter(column('exam_id'), 'uuid')}, ${arrayParameter(column('user_id'), 'uuid')}, ${arrayParameter(column('paper_id'), 'uuid')},
      ${arrayParameter(column('attempt_number'), 'int')}, ${arrayParameter(column('layout'), 'jsonb')}, ${arrayParameter(column('started_at'), 'timestamptz')},
      ${arrayParameter(column('deadline_at'), 'timestamptz')})
      as given(exam_id, user_id, paper_id, attempt_number, layout, started_at, deadline_at)
    on conflict do nothing
    returning ${sql.join(ATTEMPT_COLUMNS.map((name) => sql.ref(name)))}`;
  const { rows } = await runNamed(db, 'attempt-insert', query.compile(db));
  const keyOf = (examId: string, userId: string, attemptNumber: number) => `${examId}/${userId}/${attemptNumber}`;
  const inserted = new Map(rows.map((row) => [keyOf(row.exam_id, row.user_id, row.attempt_number), row]));
  return attempts.map((attempt) => inserted.get(keyOf(attempt.exam_id, attempt.user_id, attempt.attempt_number)));
}

export interface StoredAnswer {
  providedAnswerIndex: number;
  timeElapsedInMs: number;
  revision: number;
}

/** The attempt's stored answers by question id. */
export async function savedAnswers(db: Db, attemptId: string): Promise<Map<string, StoredAnswer>> {
  const query = db
    .selectFrom('attempt_answers')
    .select(['question_res_id', 'provided_answer_index', 'time_elapsed_in_ms', 'revision'])
    .where('attempt_id', '=', attemptId);
  const { rows } = await runNamed(db, 'attempt-saved-answers', query.compile());
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

/** One autosave: the answers to write to one attempt. */
export interface AnswersToSave {
  attemptId: string;
  answers: readonly AnswerToWrite[];
}

/**
 * Writes the answers of several autosaves in one statement, each answer only over a lower revision
 * and only while its attempt is in progress; answers, for each save, the question ids written. Each
 * attempt may appear once (attempt-batches.ts runs two saves of one attempt one after the other).
 * The attempts are share-locked until the write commits, so a submit (which locks its attempt for
 * update) waits for it and then reads these answers, and a write that comes after the submit finds
 * no open attempt and writes nothing. Every writer locks attempts, then answer rows, in one order
 * (by id), so two saves never deadlock.
 */
export async function upsertAnswersOf(db: Db, saves: readonly AnswersToSave[]): Promise<string[][]> {
  const answers = saves.flatMap((save) => save.answers.map((answer) => ({ attemptId: save.attemptId, ...answer })));
  const column = <K extends keyof (typeof answers)[number]>(key: K) => answers.map((answer) => answer[key]);
  const attemptIds = saves.map((save) => save.attemptId);
  const query = sql<{ attempt_id: string; question_res_id: string }>`
      with open_attempts as (
        -- The cast makes the sub-select one array (bare, any() would read it as a set of rows).
        select id from exam_attempts where id = any(${arrayParameter(attemptIds, 'uuid')}::uuid[]) and status = 'in-progress' order by id for share
      )
      insert into attempt_answers (attempt_id, question_res_id, provided_answer_index, time_elapsed_in_ms, revision, updated_at)
      select given.attempt_id, given.question_res_id, given.provided_answer_index, given.time_elapsed_in_ms, given.revision, now()
      from unnest(${arrayParameter(column('attemptId'), 'uuid')}, ${arrayParameter(column('questionResId'), 'text')},
          ${arrayParameter(column('providedAnswerIndex'), 'int')}, ${arrayParameter(column('timeElapsedInMs'), 'int')},
          ${arrayParameter(column('revision'), 'bigint')})
          as given(attempt_id, question_res_id, provided_answer_index, time_elapsed_in_ms, revision)
        join open_attempts on open_attempts.id = given.attempt_id
      order by given.attempt_id, given.question_res_id
      on conflict (attempt_id, question_res_id) do update
        set provided_answer_index = excluded.provided_answer_index, time_elapsed_in_ms = excluded.time_elapsed_in_ms, revision = excluded.revision, updated_at = now()
        where attempt_answers.revision < excluded.revision
      returning attempt_id, question_res_id`;
  const { rows } = await runNamed(db, 'attempt-save-answers', query.compile(db));
  const written = new Map<string, string[]>(saves.map((save) => [save.attemptId, []]));
  for (const row of rows) written.get(row.attempt_id)?.push(row.question_res_id);
  return saves.map((save) => written.get(save.attemptId)!);
}

/**
 * Locks the attempt for its submit (autosaves holding it finish first) and, in the same statement
 * (one round trip less while the transaction holds its connection), takes its exam's marking lock
 * shared if no regrade holds it: `marking_locked` false means wait for it. Both locks are taken
 * before the next statement reads the answers and the key.
 */
export async function lockAttemptForMarking(trx: Db, attemptId: string): Promise<(ExamAttemptRow & { marking_locked: boolean }) | undefined> {
  const query = trx
    .selectFrom('exam_attempts')
    .select(ATTEMPT_COLUMNS)
    .select(tryShareScoringLockSql(sql<string>`exam_attempts.exam_id::text`).as('marking_locked'))
    .where('id', '=', attemptId)
    .forUpdate();
  return (await runNamed(trx, 'attempt-lock', query.compile())).rows[0];
}

/** What a result needs of its exam: its rank facts, and the version of the answer key it is marked by. */
export interface ExamResultFacts {
  id: string;
  is_rank_published: boolean;
  rank_version: number;
  rank_participants: number;
  rank_cutoff_seq: number;
  total_marks: number;
  scoring_version: string;
}

/** The result facts of the exam `e` but its id. */
const RESULT_FACTS_BUT_ID = sql`e.is_rank_published, e.rank_version, e.rank_participants, e.rank_cutoff_seq, e.total_marks, ${scoringVersionSql} as scoring_version`;

/** An attempt's answers as [question id, option index, time], as one JSON array. */
type AnswerTriples = Array<[string, number, number]>;
const answersOf = (attemptId: RawBuilder<unknown>) => sql<AnswerTriples>`
  (select coalesce(json_agg(json_build_array(g.question_res_id, g.provided_answer_index, g.time_elapsed_in_ms)), '[]'::json)
   from attempt_answers g where g.attempt_id = ${attemptId})`;

/**
 * What the submit marks by once it holds the attempt's locks, in one statement: the attempt's answers
 * and the exam's result facts (with the version of its answer key).
 */
export async function markingFacts(trx: Db, attempt: Pick<ExamAttemptRow, 'id' | 'exam_id'>) {
  const query = sql<ExamResultFacts & { answers: AnswerTriples }>`
      select ${answersOf(sql`${attempt.id}`)} as answers, e.id, ${RESULT_FACTS_BUT_ID}
      from exams e where e.id = ${attempt.exam_id}`;
  const { answers, ...exam } = onlyRow((await runNamed(trx, 'attempt-marking-facts', query.compile(trx))).rows, 'attempt answers');
  return { answers, exam };
}

/**
 * What a student's attempt is marked by, read without locks (the student's own attempt only): the
 * attempt, its answers with what says whether they changed since (their count and the sum of their
 * revisions), and its exam's result facts.
 */
export async function submitFacts(db: Db, attemptId: string, ownerId: string) {
  const query = sql<ExamAttemptRow & { answers: AnswerTriples; answers_count: string; answers_revisions: string } & Omit<ExamResultFacts, 'id'>>`
      select ${sql.join(ATTEMPT_COLUMNS.map((column) => sql.ref(`a.${column}`)))}, ${answersOf(sql.ref('a.id'))} as answers,
        counted.answers_count, counted.answers_revisions, ${RESULT_FACTS_BUT_ID}
      from exam_attempts a
      join exams e on e.id = a.exam_id
      cross join lateral (
        select count(*)::text as answers_count, coalesce(sum(c.revision), 0)::text as answers_revisions from attempt_answers c where c.attempt_id = a.id
      ) counted
      where a.id = ${attemptId} and a.user_id = ${ownerId}`;
  const row = (await runNamed(db, 'attempt-submit-facts', query.compile(db))).rows[0];
  if (!row) return undefined;
  const {
    answers,
    answers_count: count,
    answers_revisions: revisions,
    is_rank_published,
    rank_version,
    rank_participants,
    rank_cutoff_seq,
    total_marks,
    scoring_version,
    ...attempt
  } = row;
  return {
    attempt: attempt as ExamAttemptRow,
    answers,
    unchanged: { count, revisions, scoringVersion: scoring_version },
    exam: { id: attempt.exam_id, is_rank_published, rank_version, rank_participants, rank_cutoff_seq, total_marks, scoring_version },
  };
}

/** What a submit marked by, as submitFacts read it: the answers' count and revisions' sum, and the key's version. */
export interface MarkedBy {
  count: string;
  revisions: string;
  scoringVersion: string;
}

/**
 * Stores the submit in one statement: the result's figures, whether it is the student's first
 * submitted attempt, the next submission number for the rankings' cut-off, and the answers as kept
 * (in paper order). Given `markedBy` (a submit outside a transaction), it first takes the locks
 * (lock_attempt_for_submit) and stores only if the answers and the key are still what the attempt
 * was marked by: undefined when they are not, or the attempt is no longer in progress, or a regrade
 * holds the key.
 */
export async function markSubmitted(
  db: Db,
  attemptId: string,
  values: Omit<Updateable<ExamAttemptsTable>, 'status' | 'submitted_seq' | 'is_first'>,
  sheet: { answers: number[]; times: number[] },
  markedBy?: MarkedBy,
): Promise<ExamAttemptRow | undefined> {
  const query = db
    .with('submitted', (qb) =>
      qb
        .updateTable('exam_attempts')
        .set({
          ...values,
          status: 'submitted',
          submitted_seq: sql<number>`nextval('exam_attempt_submit_seq')`,
          // Attempts of one student run one after another, so the first one submitted is the
          // first; the unique index on is_first guards it as well.
          is_first: sql<boolean>`not exists (select 1 from exam_attempts b where b.exam_id = exam_attempts.exam_id and b.user_id = exam_attempts.user_id and b.is_first)`,
        })
        .where('id', '=', attemptId)
        .where('status', '=', 'in-progress')
        .$if(markedBy !== undefined, (update) =>
          update.where(
            sql<boolean>`exists (
              select 1 from lock_attempt_for_submit(${attemptId}::uuid, ${SCORING_LOCK_CLASS}::int) locked
              where locked.answers_count = ${markedBy!.count}::bigint and locked.answers_revisions = ${markedBy!.revisions}::numeric
                and locked.scoring_version = ${markedBy!.scoringVersion})`,
          ),
        )
        .returning(ATTEMPT_COLUMNS),
    )
    .with('sheet', (qb) =>
      qb
        .insertInto('attempt_sheets')
        .columns(['attempt_id', 'answers', 'answer_times'])
        .expression((eb) =>
          eb
            .selectFrom('submitted')
            .select(['submitted.id', sql<number[]>`${sheet.answers}::smallint[]`.as('answers'), sql<number[]>`${sheet.times}::integer[]`.as('answer_times')]),
        ),
    )
    .selectFrom('submitted')
    .select(ATTEMPT_COLUMNS);
  return (await runNamed(db, 'attempt-submit', query.compile())).rows[0] as ExamAttemptRow | undefined;
}

/** A submitted attempt's kept answers (none kept: every question unattempted). */
export async function attemptSheet(db: Db, attemptId: string): Promise<{ answers: number[]; answer_times: number[] }> {
  const query = db.selectFrom('attempt_sheets').select(['answers', 'answer_times']).where('attempt_id', '=', attemptId);
  return (await runNamed(db, 'attempt-sheet', query.compile())).rows[0] ?? { answers: [], answer_times: [] };
}

/** The exam's result facts (as markingFacts reads them). */
export async function examResultFacts(db: Db, examId: string): Promise<ExamResultFacts | undefined> {
  const query = sql<ExamResultFacts>`select e.id, ${RESULT_FACTS_BUT_ID} from exams e where e.id = ${examId}`;
  return (await runNamed(db, 'exam-result-facts', query.compile(db))).rows[0];
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
