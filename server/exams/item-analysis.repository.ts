import { sql, type Compilable } from 'kysely';
import type { ExamPaper } from '../../shared/exams/attempts.schema.ts';
import { DISCRIMINATION_BAND_PERCENT, MIN_STUDENTS_FOR_DISCRIMINATION, type AnswerRow, type PaperBandRow } from '../../shared/exams/item-analysis.rules.ts';
import type { Db } from '../db/database.ts';
import { allowLongStatements } from '../db/statement-timeout.ts';
import type { RankedExam } from './ranks.repository.ts';

/** Item analysis's queries; each runs on the connection (or transaction) it is given. */

/**
 * The statement bound of an item analysis: it reads one row per ranked attempt and unnests its
 * answers (100 questions × 100,000 attempts: about 3 s of one core; the default bound of a request is 5 s).
 */
export const ITEM_ANALYSIS_TIMEOUT_MS = 60_000;

/**
 * The memory each sort or table of the analysis may use before it spills to disk: its window holds
 * one row per ranked attempt with the answer arrays (about 70 MB at 100,000 attempts of 100 questions).
 */
export const ITEM_ANALYSIS_WORK_MEM = '128MB';

/** Lets the transaction's statements run long and keep their rows in memory (both end with it). */
export async function allowItemAnalysis(trx: Db): Promise<void> {
  await allowLongStatements(trx, ITEM_ANALYSIS_TIMEOUT_MS);
  await sql`select set_config('work_mem', ${ITEM_ANALYSIS_WORK_MEM}, true)`.execute(trx);
}

export interface ItemAnalysisRows {
  paperBands: PaperBandRow[];
  answers: AnswerRow[];
}

/**
 * Per paper, position, band and option chosen: how many ranked students, their time and how many saw
 * the question; and per paper and band, how many ranked students. The ranked attempts are the
 * students' first, submitted up to the ranking's cut-off; the bands come from the ranking's order
 * (score, then user id), the upper and lower 27 % each (rounded half up, none below the minimum).
 * One statement: the ranked attempts are read once and their arrays unnested (null arrays: no row);
 * its cost grows with attempts × questions (10,000,000 answers: about 3 s of one core).
 */
export async function itemAnalysisRows(db: Db, exam: Pick<RankedExam, 'id' | 'rank_cutoff_seq'>): Promise<ItemAnalysisRows> {
  const result = await sql<{ paper_id: string; band: number; position: number | null; answer: number | null; students: number; time_ms: number; seen: number }>`
    with ranked as (
      select a.paper_id, s.answers, s.answer_times,
             row_number() over (order by a.score desc, a.user_id) as place,
             count(*) over () as total
      from exam_attempts a
      left join attempt_sheets s on s.attempt_id = a.id
      where a.exam_id = ${exam.id} and a.is_first and a.submitted_seq <= ${exam.rank_cutoff_seq}
    ), banded as materialized (
      select paper_id, answers, answer_times,
             case when place <= size then 1 when place > total - size then -1 else 0 end as band
      from ranked
      cross join lateral (
        select case when total >= ${MIN_STUDENTS_FOR_DISCRIMINATION}::int then (${DISCRIMINATION_BAND_PERCENT}::int * total + 50) / 100 else 0 end as size
      ) as bands
    )
    select paper_id, band, null::int as position, null::int as answer, count(*)::int as students, 0::float8 as time_ms, 0::int as seen
    from banded
    group by paper_id, band
    union all
    select paper_id, band, position::int, answer::int, count(*)::int, coalesce(sum(time_ms), 0)::float8, count(*) filter (where time_ms > 0)::int
    from (
      -- Set-returning functions side by side in the select list: the arrays zipped, with each place (a third cheaper than a lateral unnest).
      select paper_id, band, generate_series(1, cardinality(answers)) as position, unnest(answers) as answer, unnest(answer_times) as time_ms
      from banded
    ) as given
    group by paper_id, band, position, answer`.execute(db);
  const paperBands: PaperBandRow[] = [];
  const answers: AnswerRow[] = [];
  for (const row of result.rows) {
    if (row.position === null) paperBands.push({ paperId: row.paper_id, band: row.band, students: row.students });
    else
      answers.push({
        paperId: row.paper_id,
        band: row.band,
        students: row.students,
        position: row.position,
        answer: row.answer ?? -1,
        timeMs: row.time_ms,
        seen: row.seen,
      });
  }
  return { paperBands, answers };
}

/** The exam's papers named, oldest first: each one's questions as its attempts saw them. */
export async function examPapersById(db: Db, examId: string, ids: readonly string[]): Promise<Array<{ id: string; paper: ExamPaper }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('exam_papers')
    .select(['id', 'paper'])
    .where('exam_id', '=', examId)
    .where('id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The analysis's questions as rows of one JSON parameter (`question`), in their order: what an export streams. */
export function itemAnalysisRowsQuery<Row>(db: Db, questions: readonly unknown[]): Compilable<Row> {
  const rows = sql<Row>`
    select item.value as question
    from jsonb_array_elements(${JSON.stringify(questions)}::jsonb) with ordinality as item(value, place)
    order by item.place`;
  return { compile: () => rows.compile(db) };
}
