import { sql } from 'kysely';
import type { ExamPaper } from '../../shared/exams/attempts.schema.ts';
import { DISCRIMINATION_BAND_PERCENT, MIN_STUDENTS_FOR_DISCRIMINATION, type AnswerRow, type PaperBandRow } from '../../shared/exams/item-analysis.rules.ts';
import type { Db } from '../db/database.ts';
import type { RankedExam } from './ranks.repository.ts';

/** Item analysis's queries; each runs on the connection (or transaction) it is given. */

/**
 * The statement bound of an item analysis: it reads one row per ranked attempt and unnests its
 * answers (100 questions × 100,000 attempts in about a second; the default bound of a request is 5 s).
 */
export const ITEM_ANALYSIS_TIMEOUT_MS = 60_000;

export interface ItemAnalysisRows {
  paperBands: PaperBandRow[];
  answers: AnswerRow[];
}

/**
 * Per paper, position, band and option chosen: how many ranked students, their time and how many saw
 * the question; and per paper and band, how many ranked students. The ranked attempts are the
 * students' first, submitted up to the ranking's cut-off; the bands come from the ranking's order
 * (score, then user id), the upper and lower 27 % each (rounded half up, none below the minimum).
 * One statement: the ranked attempts are read once and their arrays unnested (null arrays: no row).
 */
export async function itemAnalysisRows(db: Db, exam: Pick<RankedExam, 'id' | 'rank_cutoff_seq'>): Promise<ItemAnalysisRows> {
  const result = await sql<{ paper_id: string; band: number; position: number | null; answer: number | null; students: number; time_ms: number; seen: number }>`
    with ranked as (
      select paper_id, answers, answer_times,
             row_number() over (order by score desc, user_id) as place,
             count(*) over () as total
      from exam_attempts
      where exam_id = ${exam.id} and is_first and submitted_seq <= ${exam.rank_cutoff_seq}
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
    select b.paper_id, b.band, given.position::int, given.answer::int, count(*)::int,
           coalesce(sum(given.time_ms), 0)::float8, count(*) filter (where given.time_ms > 0)::int
    from banded b
    cross join lateral unnest(b.answers, b.answer_times) with ordinality as given(answer, time_ms, position)
    group by b.paper_id, b.band, given.position, given.answer`.execute(db);
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
