import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExamMarks } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { RegradeChange, RegradeSummary } from '../../shared/exams/regrade.schema.ts';

/**
 * A regrade's queries. Each submitted attempt keeps its answers in its paper's order, so a regrade
 * reads, per attempt, only the places of the questions whose key changed, and works out the new
 * correct, wrong and unattempted counts from the stored ones; the score follows from the counts and
 * the marks. Nothing is read per question that did not change.
 */

/** One changed question's place in one paper, with its key before and after. */
export interface ChangedPlace {
  paperId: string;
  /** 1 for the paper's first question (PostgreSQL arrays count from 1). */
  position: number;
  before: { correct: number; voided: boolean };
  after: { correct: number; voided: boolean };
}

export interface RegradePlan {
  examId: string;
  places: ChangedPlace[];
  marks: ExamMarks;
}

/** What the answer is under the key before or after: 'c', 'w', 'u' or 'v' (voided). */
function outcomeSql(answer: RawBuilder<number>, side: 'before' | 'after') {
  const correct = sql.ref(`k.${side}_correct`);
  const voided = sql.ref(`k.${side}_voided`);
  return sql<string>`(case when ${voided} then 'v' when ${answer} < 0 then 'u' when ${answer} = ${correct} and ${correct} >= 0 then 'c' else 'w' end)`;
}

/**
 * The new figures of every submitted attempt of the exam: `regraded` (id, user_id, is_first,
 * submitted_seq, old_score, old_performance, the new counts nc, nw, nu, new_score, new_performance).
 */
function regradedSql(plan: RegradePlan) {
  const { places, marks } = plan;
  const answer = sql<number>`coalesce(a.answers[k.position], -1)`;
  const before = outcomeSql(answer, 'before');
  const after = outcomeSql(answer, 'after');
  const totalHundredths = Math.round(marks.totalMarks * 100);
  return sql`
    changed as (
      select * from unnest(
        ${places.map((p) => p.paperId)}::uuid[], ${places.map((p) => p.position)}::int[],
        ${places.map((p) => p.before.correct)}::int[], ${places.map((p) => p.before.voided)}::bool[],
        ${places.map((p) => p.after.correct)}::int[], ${places.map((p) => p.after.voided)}::bool[]
      ) as k(paper_id, position, before_correct, before_voided, after_correct, after_voided)
    ),
    delta as (
      select a.id,
        sum((${after} = 'c')::int - (${before} = 'c')::int) as dc,
        sum((${after} = 'w')::int - (${before} = 'w')::int) as dw,
        sum((${after} = 'u')::int - (${before} = 'u')::int) as du
      from exam_attempts a join changed k on k.paper_id = a.paper_id
      where a.exam_id = ${plan.examId} and a.status = 'submitted'
      group by a.id
    ),
    counted as (
      select a.id, a.user_id, a.is_first, a.submitted_seq, a.score as old_score, a.performance as old_performance,
        coalesce(a.correct_count, 0) + coalesce(d.dc, 0) as nc,
        coalesce(a.wrong_count, 0) + coalesce(d.dw, 0) as nw,
        coalesce(a.unattempted_count, 0) + coalesce(d.du, 0) as nu
      from exam_attempts a left join delta d on d.id = a.id
      where a.exam_id = ${plan.examId} and a.status = 'submitted'
    ),
    scored as (
      select c.*, round(c.nc * ${String(marks.correctAnswerScore)}::numeric - c.nw * abs(${String(marks.wrongAnswerScore)}::numeric)
                        + c.nu * ${String(marks.unAnsweredScore)}::numeric, 2) as new_score
      from counted c
    ),
    regraded as (
      select s.*,
        case when ${totalHundredths}::bigint <= 0 then 0::numeric
             else sign(s.new_score) * div(2 * abs(s.new_score * 100) * 10000 + ${totalHundredths}::bigint, 2 * ${totalHundredths}::bigint) / 100
        end as new_performance
      from scored s
    )`;
}

/** Whether the attempt's stored figures differ from its new ones. */
const changedFiguresSql = sql<boolean>`(r.new_score is distinct from r.old_score or r.new_performance is distinct from r.old_performance
  or r.nc is distinct from a.correct_count or r.nw is distinct from a.wrong_count or r.nu is distinct from a.unattempted_count)`;

/**
 * Works the regrade out into a temporary table (dropped at the transaction's end) with each
 * attempt's new figures and, for the ranked students, their rank before and after (equal scores
 * share one: 1 + the students with a higher score, counted per distinct score).
 */
export async function stageRegrade(trx: Db, plan: RegradePlan, ranked: { cutoffSeq: number | null }): Promise<void> {
  await sql`
    create temporary table regrade_preview on commit drop as
    with ${regradedSql(plan)},
    in_ranking as (
      select * from regraded where is_first and (${ranked.cutoffSeq}::bigint is null or submitted_seq <= ${ranked.cutoffSeq}::bigint)
    ),
    old_ranks as (
      select old_score as score, 1 + coalesce(sum(count(*)) over (order by old_score desc rows between unbounded preceding and 1 preceding), 0)::int as rank
      from in_ranking group by old_score
    ),
    new_ranks as (
      select new_score as score, 1 + coalesce(sum(count(*)) over (order by new_score desc rows between unbounded preceding and 1 preceding), 0)::int as rank
      from in_ranking group by new_score
    )
    select r.id, r.user_id, r.old_score, r.new_score, r.old_performance, r.new_performance, r.nc, r.nw, r.nu,
           o.rank as old_rank, n.rank as new_rank
    from regraded r
    left join in_ranking i on i.id = r.id
    left join old_ranks o on i.id is not null and o.score = r.old_score
    left join new_ranks n on i.id is not null and n.score = r.new_score`.execute(trx);
}

/** The staged regrade's figures, as a dry run and the regrade's record show them. */
export async function stagedSummary(trx: Db): Promise<Omit<RegradeSummary, 'inProgress'>> {
  const found = await sql<Omit<RegradeSummary, 'inProgress'>>`
    select count(*)::int as attempts,
      count(*) filter (where new_score <> old_score)::int as "changedAttempts",
      count(*) filter (where new_score > old_score)::int as up,
      count(*) filter (where new_score < old_score)::int as down,
      coalesce(max(new_score - old_score) filter (where new_score > old_score), 0)::float8 as "maxGain",
      coalesce(min(new_score - old_score) filter (where new_score < old_score), 0)::float8 as "maxLoss",
      coalesce(round(avg(new_score - old_score) filter (where new_score <> old_score), 2), 0)::float8 as "averageChange",
      count(*) filter (where old_rank is not null)::int as ranked,
      count(*) filter (where old_rank <> new_rank)::int as moved
    from regrade_preview`.execute(trx);
  return found.rows[0]!;
}

/** The most common score changes, and how many attempts have each. */
export async function stagedChangeBuckets(trx: Db, limit: number): Promise<Array<{ change: number; attempts: number }>> {
  const found = await sql<{ change: number; attempts: number }>`
    select (new_score - old_score)::float8 as change, count(*)::int as attempts
    from regrade_preview where new_score <> old_score
    group by 1 order by 2 desc, 1 desc limit ${limit}`.execute(trx);
  return found.rows;
}

export interface StagedMove {
  user_id: string;
  name: string;
  old_rank: number;
  new_rank: number;
  old_score: number;
  new_score: number;
}

/** The ranked students who move most, up (`up`) or down. */
export async function stagedMoves(trx: Db, direction: 'up' | 'down', limit: number): Promise<StagedMove[]> {
  const order = direction === 'up' ? sql`p.old_rank - p.new_rank desc` : sql`p.new_rank - p.old_rank desc`;
  const found = await sql<StagedMove>`
    select p.user_id, u.name, p.old_rank, p.new_rank, p.old_score::float8 as old_score, p.new_score::float8 as new_score
    from regrade_preview p join users u on u.id = p.user_id
    where p.old_rank is not null and ${direction === 'up' ? sql`p.new_rank < p.old_rank` : sql`p.new_rank > p.old_rank`}
    order by ${order}, p.user_id limit ${limit}`.execute(trx);
  return found.rows;
}

/** The top of the ranking before (`old`) or after the regrade. */
export async function stagedTop(trx: Db, side: 'old' | 'new', limit: number) {
  const score = sql.ref(`p.${side}_score`);
  const rank = sql.ref(`p.${side}_rank`);
  const found = await sql<{ user_id: string; name: string; rank: number; score: number }>`
    select p.user_id, u.name, ${rank} as rank, ${score}::float8 as score
    from regrade_preview p join users u on u.id = p.user_id
    where p.old_rank is not null
    order by ${score} desc, p.user_id limit ${limit}`.execute(trx);
  return found.rows;
}

/** Writes the staged figures to the attempts they change, naming the regrade: answers how many. */
export async function applyStagedRegrade(trx: Db, regradeId: string): Promise<number> {
  const updated = await sql`
    update exam_attempts a
    set score = r.new_score, performance = r.new_performance, correct_count = r.nc, wrong_count = r.nw, unattempted_count = r.nu,
        regrade_id = ${regradeId}, score_before_regrade = a.score
    from (select p.id, p.old_score, p.new_score, p.old_performance, p.new_performance, p.nc, p.nw, p.nu from regrade_preview p) as r
    where a.id = r.id and ${changedFiguresSql}`.execute(trx);
  return Number(updated.numAffectedRows ?? 0);
}

export async function insertRegrade(
  trx: Db,
  values: { examId: string; reason: string; changes: RegradeChange[]; summary: RegradeSummary; appliedBy: string | null },
): Promise<{ id: string; applied_at: Date }> {
  return trx
    .insertInto('exam_regrades')
    .values({
      exam_id: values.examId,
      reason: values.reason,
      changes: JSON.stringify(values.changes),
      summary: JSON.stringify(values.summary),
      applied_by: values.appliedBy,
    })
    .returning(['id', 'applied_at'])
    .executeTakeFirstOrThrow();
}

/** The exam's regrades, newest first, with who applied each. */
export function regradesOf(db: Db, examId: string, limit: number) {
  return db
    .selectFrom('exam_regrades as r')
    .leftJoin('users as u', 'u.id', 'r.applied_by')
    .select(['r.id', 'r.applied_at', 'r.applied_by', 'u.name as applied_by_name', 'r.reason', 'r.changes', 'r.summary'])
    .where('r.exam_id', '=', examId)
    .orderBy('r.applied_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The papers the exam's attempts were taken on. */
export async function paperIdsOfExam(db: Db, examId: string): Promise<string[]> {
  const rows = await db.selectFrom('exam_papers').select('id').where('exam_id', '=', examId).execute();
  return rows.map((row) => row.id);
}
