import { sql } from 'kysely';
import type { KeyReportFilter } from '../../shared/exams/key-reports.schema.ts';
import type { Db } from '../db/database.ts';

/** The disputed-key reports' queries; each runs on the connection (or transaction) it is given. */

export interface KeyReportRow {
  id: string;
  exam_id: string;
  question_res_id: string;
  reason: string;
  created_at: Date;
  resolved_at: Date | null;
  resolution_note: string | null;
}

export interface AdminKeyReportRow extends KeyReportRow {
  user_id: string;
  user_name: string;
  resolved_by: string | null;
  resolver_name: string | null;
}

const REPORT_COLUMNS = ['id', 'exam_id', 'question_res_id', 'reason', 'created_at', 'resolved_at', 'resolution_note'] as const;

/**
 * What a student may report of an exam: whether they submitted an attempt at it, and whether the
 * paper of any submitted attempt holds the question; with the exam's title and the question's
 * number in the exam as it is now (null when it is no longer in it).
 */
export async function reportEligibility(db: Db, examId: string, userId: string, questionResId: string) {
  const found = await sql<{ submitted: boolean; in_paper: boolean; title: string; number: number | null }>`
    select
      exists (select 1 from exam_attempts a where a.exam_id = e.id and a.user_id = ${userId} and a.status = 'submitted') as submitted,
      exists (
        select 1 from exam_attempts a join exam_papers p on p.id = a.paper_id
        where a.exam_id = e.id and a.user_id = ${userId} and a.status = 'submitted'
          and jsonb_path_exists(p.paper, '$.questionGroups[*].questions[*] ? (@.resId == $id)', jsonb_build_object('id', ${questionResId}::text))
      ) as in_paper,
      e.title,
      (select q.number::int from (
         select row_number() over (order by g.ord, qq.ord) as number, qq.question ->> 'resId' as res_id
         from jsonb_array_elements(e.question_groups) with ordinality as g(grp, ord)
         cross join lateral jsonb_array_elements(g.grp -> 'questions') with ordinality as qq(question, ord)
       ) as q where q.res_id = ${questionResId}) as number
    from exams e where e.id = ${examId}`.execute(db);
  return found.rows[0];
}

/** Holds one question's reports until the transaction ends: reports of it are counted one at a time. */
export async function lockQuestionReports(db: Db, examId: string, questionResId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`exam-key-report:${examId}:${questionResId}`}, 0))`.execute(db);
}

/** Inserts the report, or nothing when the student reported the question already. */
export function insertReport(db: Db, report: { examId: string; questionResId: string; userId: string; reason: string }): Promise<KeyReportRow | undefined> {
  return db
    .insertInto('exam_key_reports')
    .values({ exam_id: report.examId, question_res_id: report.questionResId, user_id: report.userId, reason: report.reason })
    .onConflict((oc) => oc.columns(['exam_id', 'question_res_id', 'user_id']).doNothing())
    .returning(REPORT_COLUMNS)
    .executeTakeFirst();
}

/** Every report of a question, open or resolved. */
export async function countQuestionReports(db: Db, examId: string, questionResId: string): Promise<number> {
  const row = await db
    .selectFrom('exam_key_reports')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('exam_id', '=', examId)
    .where('question_res_id', '=', questionResId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A student's own reports of an exam, newest first. */
export function studentReports(db: Db, examId: string, userId: string): Promise<KeyReportRow[]> {
  return db
    .selectFrom('exam_key_reports')
    .select(REPORT_COLUMNS)
    .where('user_id', '=', userId)
    .where('exam_id', '=', examId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The open reports of each question of an exam (question id → open reports); questions without any are absent. */
export async function openReportCounts(db: Db, examId: string): Promise<Map<string, number>> {
  const rows = await sql<{ question_res_id: string; open: number }>`
    select question_res_id, count(*)::int as open
    from exam_key_reports
    where exam_id = ${examId} and (resolved_at is not null) = false
    group by question_res_id`.execute(db);
  return new Map(rows.rows.map((row) => [row.question_res_id, row.open]));
}

/** Each question with reports: its open and total counts, its number and text in the exam as it is now. */
export async function reportedQuestions(db: Db, examId: string) {
  const rows = await sql<{ question_res_id: string; open: number; total: number; number: number | null; question: string | null }>`
    with counts as (
      select question_res_id, count(*) filter (where resolved_at is null)::int as open, count(*)::int as total
      from exam_key_reports where exam_id = ${examId}
      group by question_res_id
    ), questions as (
      select row_number() over (order by g.ord, qq.ord)::int as number, qq.question ->> 'resId' as res_id, qq.question ->> 'question' as question
      from exams e
      cross join lateral jsonb_array_elements(e.question_groups) with ordinality as g(grp, ord)
      cross join lateral jsonb_array_elements(g.grp -> 'questions') with ordinality as qq(question, ord)
      where e.id = ${examId}
    )
    select c.question_res_id, c.open, c.total, q.number, q.question
    from counts c left join questions q on q.res_id = c.question_res_id
    order by c.open > 0 desc, q.number nulls last, c.question_res_id`.execute(db);
  return rows.rows;
}

const filterSql = (status: KeyReportFilter) =>
  status === 'open' ? sql`and (r.resolved_at is not null) = false` : status === 'resolved' ? sql`and (r.resolved_at is not null) = true` : sql``;

/** A page of an exam's reports, open first and then newest first, with the whole filter's count. */
export async function reportsPage(
  db: Db,
  examId: string,
  filter: { status: KeyReportFilter; question?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: AdminKeyReportRow[]; total: number }> {
  const question = filter.question === undefined ? sql`` : sql`and r.question_res_id = ${filter.question}`;
  const where = sql`r.exam_id = ${examId} ${filterSql(filter.status)} ${question}`;
  const [rows, count] = await Promise.all([
    sql<AdminKeyReportRow>`
      select r.id, r.exam_id, r.question_res_id, r.reason, r.created_at, r.resolved_at, r.resolution_note,
        r.user_id, coalesce(u.name, '') as user_name, r.resolved_by, s.name as resolver_name
      from exam_key_reports r
      join users u on u.id = r.user_id
      left join users s on s.id = r.resolved_by
      where ${where}
      order by (r.resolved_at is not null), r.created_at desc, r.id desc
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from exam_key_reports r where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** The reports of an exam that `which` names (by id or by question), and which of them are open. */
export async function reportsNamed(db: Db, examId: string, which: { reportIds: string[] } | { questionResId: string }) {
  let query = db.selectFrom('exam_key_reports').select(['id', 'question_res_id', 'resolved_at']).where('exam_id', '=', examId);
  query = 'reportIds' in which ? query.where('id', 'in', which.reportIds) : query.where('question_res_id', '=', which.questionResId);
  return query.forUpdate().execute();
}

/** Marks the open reports of these ids resolved; answers how many it changed. */
export async function resolveReports(db: Db, ids: string[], by: { userId: string | null; note: string | null }): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('exam_key_reports')
    .set({ resolved_at: sql`now()`, resolved_by: by.userId, resolution_note: by.note })
    .where('id', 'in', ids)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
