import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExamMarks } from '../../shared/exams/exam-scoring-key.rules.ts';
import { answerDeltas } from '../../shared/exams/exam-regrade.rules.ts';
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

/** An integer for SQL text: positions, options and deltas are always whole numbers the server made. */
function whole(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return sql.raw<number>(String(value));
}

/**
 * The change of one count (correct, wrong or unattempted) for an attempt: per paper, per changed
 * place, a CASE on the answer kept there. Only the places of changed questions are read.
 */
function countDeltaSql(plan: RegradePlan, count: 'correct' | 'wrong' | 'unattempted'): RawBuilder<number> {
  const byPaper = new Map<string, RawBuilder<number>[]>();
  for (const place of plan.places) {
    const cases = answerDeltas(place.before, place.after).filter((delta) => delta[count] !== 0);
    if (cases.length === 0) continue;
    const term = sql<number>`(case coalesce(s.answers[${whole(place.position)}], -1) ${sql.join(
      cases.map((delta) => sql`when ${whole(delta.answer)} then ${whole(delta[count])}`),
      sql` `,
    )} else 0 end)`;
    byPaper.set(place.paperId, [...(byPaper.get(place.paperId) ?? []), term]);
  }
  if (byPaper.size === 0) return sql<number>`0`;
  const papers = [...byPaper].map(([paperId, terms]) => sql`when ${paperId}::uuid then ${sql.join(terms, sql` + `)}`);
  return sql<number>`(case a.paper_id ${sql.join(papers, sql` `)} else 0 end)`;
}

/**
 * Past this many changed places (papers × changed questions), the changes are passed as arrays and
 * each attempt looks up its own paper's, instead of one CASE per place in the statement's text.
 */
const INLINE_PLACES = 2_000;

/** Each changed place's answers that move a count, as arrays (paper, position, answer, and the three changes). */
function deltaRows(plan: RegradePlan) {
  const rows = plan.places.flatMap((place) => answerDeltas(place.before, place.after).map((delta) => ({ ...delta, place })));
  return sql`select * from unnest(
    ${rows.map((row) => row.place.paperId)}::uuid[], ${rows.map((row) => row.place.position)}::int[], ${rows.map((row) => row.answer)}::int[],
    ${rows.map((row) => row.correct)}::int[], ${rows.map((row) => row.wrong)}::int[], ${rows.map((row) => row.unattempted)}::int[]
  ) as d(paper_id, position, answer, dc, dw, du)`;
}

/** The three count changes of attempt `a`: inline CASEs for a few places, a lookup for many. */
function countDeltas(plan: RegradePlan) {
  if (plan.places.length <= INLINE_PLACES) {
    return {
      from: sql``,
      correct: countDeltaSql(plan, 'correct'),
      wrong: countDeltaSql(plan, 'wrong'),
      unattempted: countDeltaSql(plan, 'unattempted'),
    };
  }
  return {
    from: sql`left join lateral (
        select sum(d.dc)::int as dc, sum(d.dw)::int as dw, sum(d.du)::int as du
        from (${deltaRows(plan)}) as d
        where d.paper_id = a.paper_id and d.answer = coalesce(s.answers[d.position], -1)
      ) as many on true`,
    correct: sql<number>`coalesce(many.dc, 0)`,
    wrong: sql<number>`coalesce(many.dw, 0)`,
    unattempted: sql<number>`coalesce(many.du, 0)`,
  };
}

/** Marks in ten-thousandths, as whole numbers (marks have 4 decimals). */
const units = (marks: number) => whole(Math.round(marks * 10_000));

/**
 * Works the regrade out into a temporary table (dropped at the transaction's end): each submitted
 * attempt's new counts and its score before and after in hundredths, whole numbers throughout (the
 * score is the counts times the marks, rounded half away from zero as `scoreOfCounts` does); and
 * for the ranked students (`ranked`), the ranking's scores before and after in two small tables
 * (per distinct score, its rank: 1 + the students with a higher score).
 */
export async function stageRegrade(trx: Db, plan: RegradePlan, ranked: { cutoffSeq: number | null }): Promise<void> {
  await sql`set local work_mem = '128MB'`.execute(trx);
  await stageRegradeSql(plan, ranked).execute(trx);
  for (const side of ['old', 'new'] as const) {
    const score = sql.ref(`${side}_h`);
    await sql`
      create temporary table ${sql.raw(`regrade_${side}_ranks`)} on commit drop as
      select ${score} as h, (1 + coalesce(sum(count(*)) over (order by ${score} desc rows between unbounded preceding and 1 preceding), 0))::int as rank
      from regrade_preview where ranked group by ${score}`.execute(trx);
  }
}

export function stageRegradeSql(plan: RegradePlan, ranked: { cutoffSeq: number | null }) {
  const { marks } = plan;
  const deltas = countDeltas(plan);
  const scoreUnits = sql`(nc * ${units(marks.correctAnswerScore)} - nw * ${units(Math.abs(marks.wrongAnswerScore))} + nu * ${units(marks.unAnsweredScore)})::bigint`;
  return sql`
    create temporary table regrade_preview on commit drop as
    select c.id, c.user_id, c.ranked, c.old_h, c.nc, c.nw, c.nu,
      (sign(${scoreUnits}) * ((abs(${scoreUnits}) + 50) / 100))::bigint as new_h
    from (
      select a.id, a.user_id,
        (a.is_first and (${ranked.cutoffSeq}::bigint is null or a.submitted_seq <= ${ranked.cutoffSeq}::bigint)) as ranked,
        round(coalesce(a.score, 0) * 100)::bigint as old_h,
        coalesce(a.correct_count, 0) + ${deltas.correct} as nc,
        coalesce(a.wrong_count, 0) + ${deltas.wrong} as nw,
        coalesce(a.unattempted_count, 0) + ${deltas.unattempted} as nu
      from exam_attempts a ${plan.places.length > 0 ? sql`left join attempt_sheets s on s.attempt_id = a.id` : sql``} ${deltas.from}
      where a.exam_id = ${plan.examId} and a.status = 'submitted'
    ) as c`;
}

/** The staged regrade's figures, as a dry run and the regrade's record show them. */
export async function stagedSummary(trx: Db): Promise<Omit<RegradeSummary, 'inProgress'>> {
  const found = await sql<Omit<RegradeSummary, 'inProgress'>>`
    select count(*)::int as attempts,
      count(*) filter (where p.new_h <> p.old_h)::int as "changedAttempts",
      count(*) filter (where p.new_h > p.old_h)::int as up,
      count(*) filter (where p.new_h < p.old_h)::int as down,
      coalesce(max(p.new_h - p.old_h) filter (where p.new_h > p.old_h), 0)::float8 / 100 as "maxGain",
      coalesce(min(p.new_h - p.old_h) filter (where p.new_h < p.old_h), 0)::float8 / 100 as "maxLoss",
      coalesce(round(avg(p.new_h - p.old_h) filter (where p.new_h <> p.old_h)) / 100, 0)::float8 as "averageChange",
      count(*) filter (where p.ranked)::int as ranked,
      count(*) filter (where p.ranked and o.rank <> n.rank)::int as moved
    from regrade_preview p
    left join regrade_old_ranks o on p.ranked and o.h = p.old_h
    left join regrade_new_ranks n on p.ranked and n.h = p.new_h`.execute(trx);
  return found.rows[0]!;
}

/** The most common score changes, and how many attempts have each. */
export async function stagedChangeBuckets(trx: Db, limit: number): Promise<Array<{ change: number; attempts: number }>> {
  const found = await sql<{ change: number; attempts: number }>`
    select (new_h - old_h)::float8 / 100 as change, count(*)::int as attempts
    from regrade_preview where new_h <> old_h
    group by new_h - old_h order by 2 desc, 1 desc limit ${limit}`.execute(trx);
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
  const gain = direction === 'up' ? sql`o.rank - n.rank` : sql`n.rank - o.rank`;
  const found = await sql<StagedMove>`
    select m.user_id, u.name, m.old_rank, m.new_rank, m.old_score, m.new_score
    from (
      select p.user_id, o.rank as old_rank, n.rank as new_rank, p.old_h::float8 / 100 as old_score, p.new_h::float8 / 100 as new_score, ${gain} as gain
      from regrade_preview p
      join regrade_old_ranks o on o.h = p.old_h
      join regrade_new_ranks n on n.h = p.new_h
      where p.ranked and ${gain} > 0
      order by ${gain} desc, p.user_id limit ${limit}
    ) as m
    join users u on u.id = m.user_id
    order by m.gain desc, m.user_id`.execute(trx);
  return found.rows;
}

/** The top of the ranking before (`old`) or after the regrade. */
export async function stagedTop(trx: Db, side: 'old' | 'new', limit: number) {
  const score = sql.ref(`p.${side}_h`);
  const ranks = sql.raw(`regrade_${side}_ranks`);
  const found = await sql<{ user_id: string; name: string; rank: number; score: number }>`
    select t.user_id, u.name, r.rank, t.h::float8 / 100 as score
    from (select p.user_id, ${score} as h from regrade_preview p where p.ranked order by ${score} desc, p.user_id limit ${limit}) as t
    join ${ranks} r on r.h = t.h
    join users u on u.id = t.user_id
    order by t.h desc, t.user_id`.execute(trx);
  return found.rows;
}

/**
 * Writes the staged figures to the attempts they change, naming the regrade: answers how many. The
 * performance is worked out exactly from the hundredths, as `performanceOf` does.
 */
export async function applyStagedRegrade(trx: Db, regradeId: string, totalMarks: number): Promise<number> {
  const total = whole(Math.round(totalMarks * 100));
  const performance = sql`(case when ${total} <= 0 then 0 else sign(p.new_h) * ((2 * abs(p.new_h) * 10000 + ${total}) / (2 * ${total})) end)::numeric / 100`;
  const updated = await sql`
    update exam_attempts a
    set score = p.new_h::numeric / 100, performance = ${performance}, correct_count = p.nc, wrong_count = p.nw, unattempted_count = p.nu,
        regrade_id = ${regradeId}, score_before_regrade = a.score
    from regrade_preview p
    where a.id = p.id
      and (p.new_h <> p.old_h or a.performance is distinct from ${performance}
        or p.nc is distinct from a.correct_count or p.nw is distinct from a.wrong_count or p.nu is distinct from a.unattempted_count)`.execute(trx);
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
