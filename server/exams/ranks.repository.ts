import { sql, type UpdateObject } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';

/** The rankings' queries; each runs on the connection (or transaction) it is given. */

export type RankedExam = { id: string; rank_version: number; rank_participants: number; rank_cutoff_seq: number; total_marks: number };

/** Locks the exam's ranking for a sync (the second sync waits) and reads its version and state. */
export function lockExamRanking(trx: Db, examId: string) {
  return trx.selectFrom('exams').select(['rank_version', 'is_rank_published']).where('id', '=', examId).forUpdate().executeTakeFirstOrThrow();
}

/** The last submission number handed out: the sync's cut-off. */
export async function lastSubmitSeq(trx: Db): Promise<number> {
  const cutoff = await sql<{ seq: number }>`select last_value as seq from exam_attempt_submit_seq`.execute(trx);
  return Number(cutoff.rows[0]!.seq);
}

/**
 * Writes version `version` of the ranking: per distinct score of the students' first attempts
 * submitted up to the cut-off, how many students have it and their rank (equal scores share one).
 */
export async function writeRankScores(trx: Db, examId: string, version: number, cutoffSeq: number): Promise<void> {
  await sql`
    insert into exam_rank_scores (exam_id, rank_version, score, students, rank)
    select ${examId}::uuid, ${version}::int, score, students,
           1 + coalesce(sum(students) over (order by score desc rows between unbounded preceding and 1 preceding), 0)::int
    from exam_score_counts(${examId}::uuid, ${cutoffSeq}::bigint) as by_score`.execute(trx);
}

export async function rankedStudents(trx: Db, examId: string, version: number): Promise<number> {
  const total = await trx
    .selectFrom('exam_rank_scores')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('students'), eb.lit(0)).as('total'))
    .where('exam_id', '=', examId)
    .where('rank_version', '=', version)
    .executeTakeFirstOrThrow();
  return Number(total.total);
}

export async function deleteOtherRankVersions(trx: Db, examId: string, version: number): Promise<void> {
  await trx.deleteFrom('exam_rank_scores').where('exam_id', '=', examId).where('rank_version', '<>', version).execute();
}

/** Changes the exam's ranking columns: answers the state the console shows. */
function updateRankState(db: Db, examId: string, values: UpdateObject<Database, 'exams'>) {
  return db.updateTable('exams').set(values).where('id', '=', examId).returning(['last_rank_refresh', 'is_rank_published']).executeTakeFirstOrThrow();
}

/** Makes `version` the exam's ranking. */
export function setRankVersion(trx: Db, examId: string, values: { version: number; participants: number; cutoffSeq: number }) {
  return updateRankState(trx, examId, {
    rank_version: values.version,
    rank_participants: values.participants,
    rank_cutoff_seq: values.cutoffSeq,
    last_rank_refresh: sql<Date>`now()`,
  });
}

export function setRankPublished(db: Db, examId: string, published: boolean) {
  return updateRankState(db, examId, { is_rank_published: published });
}

/** The nearest higher score of the exam's current ranking, with its rank and students. */
export function nextHigherScore(db: Db, exam: RankedExam, score: number) {
  return db
    .selectFrom('exam_rank_scores')
    .select(['rank', 'students'])
    .where('exam_id', '=', exam.id)
    .where('rank_version', '=', exam.rank_version)
    .where('score', '>', score)
    .orderBy('score', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Every ranked first attempt of the exam's current ranking, best first, with the student and the attempt's figures. */
export function rankedAttemptsQuery(db: Db, exam: Pick<RankedExam, 'id' | 'rank_version' | 'rank_cutoff_seq'>) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exam_rank_scores as r', (join) =>
      join.onRef('r.exam_id', '=', 'a.exam_id').on('r.rank_version', '=', exam.rank_version).onRef('r.score', '=', 'a.score'),
    )
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'r.rank',
      'a.score',
      'a.user_id',
      'u.name',
      'u.phone_number',
      'u.email_address',
      'a.correct_count',
      'a.wrong_count',
      'a.unattempted_count',
      'a.unseen_count',
      'a.started_at',
      'a.submitted_at',
    ])
    .where('a.exam_id', '=', exam.id)
    .where('a.is_first', '=', true)
    .where('a.submitted_seq', '<=', exam.rank_cutoff_seq)
    .orderBy('a.score', 'desc')
    .orderBy('a.user_id');
}

/** The ranked attempts with the exam's total marks on each row (for a results export's performance). */
export function rankedAttemptsWithTotalQuery(db: Db, exam: Pick<RankedExam, 'id' | 'rank_version' | 'rank_cutoff_seq' | 'total_marks'>) {
  return rankedAttemptsQuery(db, exam).select(sql<number>`${exam.total_marks}::float8`.as('exam_total_marks'));
}

/** The best `limit` ranked first attempts. */
export function topRankedAttempts(db: Db, exam: RankedExam, limit: number) {
  return rankedAttemptsQuery(db, exam).limit(limit).execute();
}

export function firstAttemptOf(db: Db, examId: string, userId: string) {
  return db
    .selectFrom('exam_attempts')
    .select(['score', 'is_first', 'submitted_seq'])
    .where('exam_id', '=', examId)
    .where('user_id', '=', userId)
    .where('is_first', '=', true)
    .executeTakeFirst();
}

/** Each student's first submitted attempt of the exam: what the statistics count. */
const firstAttempts = (examId: string) => sql`(select id, score from exam_attempts where exam_id = ${examId} and is_first)`;

/** How many first attempts score in each of `bands` equal bands of `marks` (below 0 counted in the first, above the marks in the last). */
export async function scoreBandCounts(db: Db, examId: string, marks: number, bands: number): Promise<Map<number, number>> {
  const distribution = await sql<{ band: number; students: number }>`
    select least(greatest(floor(score / ${marks}::numeric * ${bands}), 0), ${bands - 1})::int as band, count(*)::int as students
    from ${firstAttempts(examId)} as first group by 1 order by 1`.execute(db);
  return new Map(distribution.rows.map((row) => [row.band, row.students]));
}

/** How many first attempts scored below zero. */
export async function negativeScoreCount(db: Db, examId: string): Promise<number> {
  const negative = await sql<{ students: number }>`select count(*)::int as students from ${firstAttempts(examId)} as first where score < 0`.execute(db);
  return negative.rows[0]?.students ?? 0;
}

/** Per question of the first attempts: how many answered it and how many answered it correctly. */
export async function questionTallies(db: Db, examId: string, keys: ReadonlyArray<{ resId: string; correct: number }>) {
  if (keys.length === 0) return new Map<string, { answered: number; correct: number }>();
  const counts = await sql<{ question_res_id: string; answered: number; correct: number }>`
        select ans.question_res_id,
               count(*) filter (where ans.provided_answer_index >= 0)::int as answered,
               count(*) filter (where ans.provided_answer_index = k.correct and k.correct >= 0)::int as correct
        from ${firstAttempts(examId)} as first
        join attempt_answers ans on ans.attempt_id = first.id
        join unnest(${keys.map((k) => k.resId)}::text[], ${keys.map((k) => k.correct)}::int[]) as k(res_id, correct) on k.res_id = ans.question_res_id
        group by ans.question_res_id`.execute(db);
  return new Map(counts.rows.map((row) => [row.question_res_id, { answered: row.answered, correct: row.correct }]));
}

/** How many students have a first submitted attempt. */
export async function firstAttemptCount(db: Db, examId: string): Promise<number> {
  const participants = await sql<{ count: number }>`select count(*)::int as count from ${firstAttempts(examId)} as first`.execute(db);
  return participants.rows[0]?.count ?? 0;
}
