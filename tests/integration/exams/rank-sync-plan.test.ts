import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';
import { useApp } from '../../support/app-harness.ts';

/*
 * A rank sync counts the students of each score from the ranking index (exam_score_counts), in
 * order and in one process, with the planner's settings for that one statement only.
 */
const harness = useApp({ poolSize: 4 });
let freeCard: string;

beforeAll(async () => {
  freeCard = await createFreeRateCard(harness.db);
});

/** Submits an attempt of `examId` for a new student, with option `choices[i]` to question i (option 0 is right, +1/-0). */
async function submitted(examId: string, n: number, choices: number[]) {
  const email = `ranked${n}-${examId.slice(0, 8)}@example.com`;
  await createUser(harness.db, { email, name: `Ranked ${n}` });
  const as = harness.injectWith(await harness.signIn(email));
  const started = await as('POST', `/api/student/exams/${examId}/attempts`);
  expect(started.statusCode, started.body).toBe(200);
  const attempt = started.json<{ _id: string; questionGroups: Array<{ questions: Array<{ resId: string }> }> }>();
  const answers = attempt.questionGroups[0]!.questions.map((question, i) => ({
    questionResId: question.resId,
    providedAnswerIndex: choices[i]!,
    timeElapsedInMs: 1000,
    revision: 1,
  }));
  expect((await as('PUT', `/api/student/attempts/${attempt._id}/answers`, { answers })).statusCode).toBe(200);
  expect((await as('POST', `/api/student/attempts/${attempt._id}/submit`)).statusCode).toBe(200);
}

describe('a rank sync', () => {
  it('ranks equal scores together, counted from the ranking index and not from the whole table', async () => {
    const { id: examId } = await createPublishedExam(harness.app, harness.cookie('admin'), {
      title: 'Ranked by index',
      questionGroups: [questionGroup(3, { correct: () => 0 })],
      masterSubscription: freeCard,
    });
    // Scores 3, 2, 2, 1, 0: the two 2s share rank 2, the 1 is fourth.
    const sheets = [
      [0, 0, 0],
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 1],
      [1, 1, 1],
    ];
    for (const [n, choices] of sheets.entries()) await submitted(examId, n, choices);
    const synced = await harness.injectWith(harness.cookie('admin'))('PUT', `/api/admin/exams/${examId}/rank/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
    const ranking = await sql<{ score: string; students: number; rank: number }>`
      select s.score::text, s.students, s.rank from exam_rank_scores s join exams e on e.id = s.exam_id and s.rank_version = e.rank_version
      where s.exam_id = ${examId} order by s.score desc`.execute(harness.db);
    expect(ranking.rows).toEqual([
      { score: '3.00', students: 1, rank: 1 },
      { score: '2.00', students: 2, rank: 2 },
      { score: '1.00', students: 1, rank: 4 },
      { score: '0.00', students: 1, rank: 5 },
    ]);

    // In one transaction: what the count read (this session's scans, before and after it), and that
    // the settings did not outlive it.
    await harness.db.transaction().execute(async (trx) => {
      const scans = async () =>
        (
          await sql<{ index_scans: number; table_scans: number }>`
            select pg_stat_get_xact_numscans('exam_attempts_ranking_idx'::regclass)::int as index_scans,
                   coalesce((select seq_scan from pg_stat_xact_user_tables where relname = 'exam_attempts'), 0)::int as table_scans`.execute(trx)
        ).rows[0]!;
      // Reading the table made to look free to the planner: the count still reads the index.
      await sql`set local seq_page_cost = 0`.execute(trx);
      const before = await scans();
      const counts = await sql<{ score: string; students: number }>`
        select score::text, students from exam_score_counts(${examId}::uuid, ${Number.MAX_SAFE_INTEGER}::bigint) order by score desc`.execute(trx);
      expect(counts.rows).toEqual(ranking.rows.map(({ score, students }) => ({ score, students })));
      const read = await scans();
      expect({ index: read.index_scans - before.index_scans, table: read.table_scans - before.table_scans }).toEqual({ index: 1, table: 0 });
      const after = await sql<{ seqscan: string; parallel: string }>`
        select current_setting('enable_seqscan') as seqscan, current_setting('max_parallel_workers_per_gather') as parallel`.execute(trx);
      expect(after.rows[0]).toEqual({ seqscan: 'on', parallel: '2' });
    });
  });
});
